"""The real server, for the tests of what only a real server shows
(``test_served.py``, ``test_serving.py``): gunicorn with gunicorn.conf.py, as
``make run`` serves."""

import contextlib
import os
import signal
import socket
import subprocess
from pathlib import Path

import pytest

from ..conftest import dies_with_this_process

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def gunicorn(database_uri, log_path, *options, **settings):
    """gunicorn on a socket this test opened (requests wait in its queue while the
    server starts: nothing polls), stopped with its workers after the test; its port.
    ``options`` are gunicorn's, ``settings`` the app's (``REFEREE_<NAME>``)."""
    with gunicorn_process(database_uri, log_path, *options, **settings) as (port, _):
        yield port


@contextlib.contextmanager
def gunicorn_process(database_uri, log_path, *options, **settings):
    """As :func:`gunicorn`, its port and its process (for a test that stops it)."""
    listener = socket.create_server(("127.0.0.1", 0), backlog=128)
    log = log_path.open("ab")
    env = os.environ | {
        "DATABASE_URL": database_uri,
        "SECRET_KEY": "served",
        "REFEREE_GAMES_PER_MINUTE": "10000",
    }
    env |= {f"REFEREE_{name}": str(value) for name, value in settings.items()}
    process = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "--bind",
            f"fd://{listener.fileno()}",
            *options,
            "referee:create_app()",
        ],
        cwd=ROOT,  # gunicorn.conf.py is read, as by make run
        env=env,
        stdout=log,
        stderr=log,
        pass_fds=(listener.fileno(),),
        start_new_session=True,
        preexec_fn=dies_with_this_process(signal.SIGKILL),
    )
    try:
        yield listener.getsockname()[1], process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        listener.close()
        log.close()


@pytest.fixture
def served(database_uri, tmp_path):
    """The port of gunicorn serving the app on a fresh database; its log is
    ``tmp_path / "gunicorn.log"``."""
    with gunicorn(database_uri, tmp_path / "gunicorn.log") as port:
        yield port
