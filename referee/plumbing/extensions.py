"""The web's Flask extensions and their limits: created here, bound to the app in
``create_app`` (the database's are the storage's own: ``referee.storage.db``).
Every other module imports them from here, never from the package root.
"""

from __future__ import annotations

from flask_babel import Babel
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect

MAX_BODY_BYTES = 64 * 1024  # docs/api.md: a body over 64 KB is a 413

csrf = CSRFProtect()
compress = Compress()
babel = Babel()
