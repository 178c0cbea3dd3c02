"""The web's Flask extensions: created here, bound to the app in
``create_app`` (the database's are the storage's own: ``referee.storage.db``).
Every other module imports them from here, never from the package root.
"""

from __future__ import annotations

from flask_babel import Babel
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
compress = Compress()
babel = Babel()
