"""Fixtures of the browser tests: a real gunicorn on a fresh SQLite database, Debian's
Chromium driven by Playwright, and a phone-sized context per test.

No browser is downloaded: Chromium is ``/usr/bin/chromium``. Screenshots go to
``artifacts/`` (ignored by git).
"""

import contextlib
import os
import signal
import socket
import subprocess
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from ..conftest import dies_with_this_process

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


#: How long any wait in the browser tests may last: for a page, a swap, an answer. A
#: wait ends as soon as its condition holds, so this is not how fast anything must
#: be, only how long a machine busy with other work may keep us waiting.
PATIENCE_MS = 30_000
#: For the server to start, on the same busy machine.
SERVER_PATIENCE = 120

# expect() waits 5 s by default: too short for a swap on a busy machine.
expect.set_options(timeout=PATIENCE_MS)


#: The server's log (its access log included), for tests of what it writes down.
SERVER_LOG: list = []


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """gunicorn serving the app on a database of its own (see :func:`serve`); its
    log is ``SERVER_LOG[0]``."""
    folder = tmp_path_factory.mktemp("server")
    SERVER_LOG.append(folder / "gunicorn.log")
    with serve(folder) as base:
        yield base


@contextlib.contextmanager
def serve(folder, **settings):
    """gunicorn serving the app on a database of its own in ``folder``, with the
    app's ``settings`` (``REFEREE_<NAME>``), on a listening socket opened here and
    handed to it (``fd://``): a request sent while gunicorn is still starting waits
    in the socket's queue instead of being refused, so nothing polls; its address."""
    listener = socket.create_server(("127.0.0.1", 0), backlog=128)
    base = f"http://127.0.0.1:{listener.getsockname()[1]}"
    env = os.environ | {
        "DATABASE_URL": f"sqlite:///{folder / 'referee.db'}",
        "SECRET_KEY": "browser-tests",
        # Every phone here comes from 127.0.0.1: lift its allowance of writes a minute.
        "REFEREE_GAMES_PER_MINUTE": "1000",
        "REFEREE_RULES_SAVED_PER_MINUTE": "1000",
        "REFEREE_GAMES_KEPT_PER_MINUTE": "1000",
        "REFEREE_GAMES_FILES_PER_MINUTE": "1000",
        "REFEREE_GAMES_BROUGHT_IN_PER_HOUR": "100000",
    }
    env |= {f"REFEREE_{name}": str(value) for name, value in settings.items()}
    gunicorn = ROOT / ".venv" / "bin" / "gunicorn"
    log_path = folder / "gunicorn.log"
    with listener, log_path.open("w") as log:
        process = subprocess.Popen(
            [
                *(str(gunicorn), "-w", "1", "--threads", "8"),
                *("--bind", f"fd://{listener.fileno()}", "--access-logfile", "-"),
                "referee:create_app()",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            pass_fds=(listener.fileno(),),
            start_new_session=True,  # its workers stop with it, whatever happens
            preexec_fn=dies_with_this_process(signal.SIGTERM),
        )
        try:
            try:  # the first answer: it comes once the app has started
                with urllib.request.urlopen(base + "/", timeout=SERVER_PATIENCE) as response:
                    assert response.status == 200
            except (OSError, AssertionError) as error:
                pytest.fail(f"gunicorn did not answer ({error!r}):\n{log_path.read_text()}")
            yield base
        finally:
            stop(process)


def stop(process):
    """Stop gunicorn and its workers: SIGTERM, then SIGKILL if it will not go."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=SERVER_PATIENCE)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.fixture(scope="session")
def browser():
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, timeout=PATIENCE_MS
        )
        yield browser
        browser.close()


#: A phone keeps the referee unless its player says not to (static/app.js): every page
#: of the checker and the deal form starts the Python runtime in a worker once idle,
#: and every other page has the service worker fetch it ahead. A test about the
#: referee on the phone is marked ``keeps_referee``; in every other test the phones
#: are as a player's who unticked "Keep the referee on this phone" (a choice a test
#: may still change), so that work in the background, seconds of a core for each
#: page opened, does not slow the test's own taps.
NOT_KEPT = """try {
  if (localStorage.getItem("push-referee:keep-referee") === null)
    localStorage.setItem("push-referee:keep-referee", "off");
} catch (error) {}"""


@pytest.fixture
def new_context(request, browser: Browser, server):
    """Open a fresh phone (its own cookies) on the server; ``width`` narrows it, and
    ``options`` go to Playwright's ``new_context`` as they are.

    Every page of every context is watched for script errors, which fail the test.
    """
    keeps_referee = request.node.get_closest_marker("keeps_referee") is not None
    contexts = []
    errors: list[str] = []

    def open_context(width: int = 390, height: int = 844, locale: str | None = None, **options):
        """``locale``: the phone's language, as its Accept-Language says it; ``options``
        go to Playwright's ``new_context`` as they are."""
        context = browser.new_context(
            **(PHONE | {"viewport": {"width": width, "height": height}} | options),
            **({"locale": locale} if locale else {}),
            base_url=server,
        )
        context.set_default_timeout(PATIENCE_MS)  # every action and navigation
        if not keeps_referee:
            context.add_init_script(NOT_KEPT)
        context.on("page", lambda page: page.on("pageerror", lambda e: errors.append(str(e))))
        contexts.append(context)
        return context

    yield open_context
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture
def context(new_context):
    return new_context()


@pytest.fixture
def page(context):
    return context.new_page()
