"""The database and its migrations: Flask-SQLAlchemy and Flask-Migrate, created
here and bound to the app in ``create_app`` (as the Flask tutorial's ``db.py``).
Every module that reads or writes rows imports ``db`` from here.
"""

from __future__ import annotations

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
