"""The Flask extensions and their limits: created here, bound to the app in
``create_app`` (as the Flask tutorial's ``db.py``). Every other module imports
them from here, never from the package root.
"""

from __future__ import annotations

from flask_babel import Babel
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase

MAX_BODY_BYTES = 64 * 1024  # docs/api.md: a body over 64 KB is a 413


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
compress = Compress()
babel = Babel()
