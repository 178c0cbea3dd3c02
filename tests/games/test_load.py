"""The load benchmark, small: a few tables of phones on a real gunicorn for a few
seconds, every answer as expected and every deal recounted once (no timings are
judged here; benchmarks/load.py prints them, and how many requests a busy machine
manages in those seconds does not matter)."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import dies_with_this_process

ROOT = Path(__file__).resolve().parents[2]
#: A guard against a hang, not a measure: the run takes well under a minute.
PATIENCE = 600


def test_tables_of_phones_on_a_real_server_lose_and_double_nothing():
    command = [sys.executable, "benchmarks/load.py", "--tables", "4", "--seconds", "4"]
    command += ["--deal-every", "0.5"]  # a game of five deals and the next begun
    # A phone reopens its connection when it has been idle for 3/4 of gunicorn's
    # keep-alive (10 s by default), betting the server has not closed it yet: a bet a
    # stalled machine can lose. Nothing here idles that long, so a long keep-alive
    # takes the bet away and leaves what is tested the same.
    command += ["--keep-alive", "60"]
    if not os.environ.get("TEST_DATABASE_URL"):
        command.append("--sqlite-only")
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # Should this run die, SIGINT: the benchmark's clean-up stops its gunicorn.
        preexec_fn=dies_with_this_process(signal.SIGINT),
    )
    try:
        output, _ = process.communicate(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        # SIGINT, not SIGKILL: the benchmark's own clean-up then stops its gunicorn.
        process.send_signal(signal.SIGINT)
        try:
            output, _ = process.communicate(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            output = "(no output: it did not stop on SIGINT either)"
        pytest.fail(f"the load benchmark did not finish:\n{output}")
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, output
    # Each database twice: the followers polling, then following by stream.
    runs = 2 * (2 if os.environ.get("TEST_DATABASE_URL") else 1)
    assert output.count("errors: 0; tracebacks in the server's log: 0") == runs
    assert output.count("each once with its totals: tallies") == runs
    assert "told by its stream" in output
    assert "0 errors; every deal counted once" in output
