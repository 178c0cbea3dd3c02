"""Fixtures of the browser tests: a real gunicorn on a fresh SQLite database, Debian's
Chromium driven by Playwright, and a phone-sized context per test.

No browser is downloaded: Chromium is ``/usr/bin/chromium``. Screenshots go to
``artifacts/`` (ignored by git).
"""

import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

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


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


#: The server's log (its access log included), for tests of what it writes down.
SERVER_LOG: list = []


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """gunicorn serving the app on a free port, on a database of its own."""
    folder = tmp_path_factory.mktemp("server")
    port = _free_port()
    env = os.environ | {
        "DATABASE_URL": f"sqlite:///{folder / 'referee.db'}",
        "SECRET_KEY": "browser-tests",
        "REFEREE_GAMES_PER_MINUTE": "1000",
    }
    gunicorn = ROOT / ".venv" / "bin" / "gunicorn"
    log_path = folder / "gunicorn.log"
    SERVER_LOG.append(log_path)
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                str(gunicorn),
                "-w",
                "1",
                "--threads",
                "8",
                "-b",
                f"127.0.0.1:{port}",
                "--access-logfile",
                "-",
                "referee:create_app()",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while not _answers(base + "/"):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"gunicorn did not start:\n{log_path.read_text()}")
                time.sleep(0.1)  # the server is starting; nothing to wait on but the port
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="session")
def browser():
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


@pytest.fixture
def new_context(browser: Browser, server):
    """Open a fresh phone (its own cookies) on the server; ``width`` narrows it.

    Every page of every context is watched for script errors, which fail the test.
    """
    contexts = []
    errors: list[str] = []

    def open_context(width: int = 390, height: int = 844):
        context = browser.new_context(
            **(PHONE | {"viewport": {"width": width, "height": height}}), base_url=server
        )
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
