"""The load benchmark, small: a few tables of phones on a real gunicorn for a few
seconds, every answer as expected and every deal recounted once (no timings are
judged here; benchmarks/load.py prints them)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_tables_of_phones_on_a_real_server_lose_and_double_nothing():
    command = [sys.executable, "benchmarks/load.py", "--tables", "4", "--seconds", "6"]
    command += ["--deal-every", "0.8"]  # a game of five deals and the next begun
    if not os.environ.get("TEST_DATABASE_URL"):
        command.append("--sqlite-only")
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stdout + run.stderr
    databases = 2 if os.environ.get("TEST_DATABASE_URL") else 1
    assert run.stdout.count("errors: 0; tracebacks in the server's log: 0") == databases
    assert run.stdout.count("each once with its totals: tallies") == databases
    assert "0 errors; every deal counted once" in run.stdout
