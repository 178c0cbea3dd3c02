"""What the referee writes down: one line per request at INFO, and its warnings,
configured once (``dictConfig``) when it serves for real. A line holds the method,
the path, the status and the time taken: never a query string, a header, a cookie
or an edit key (those travel in X-Edit-Key, the session cookie or after ``#``)."""

from __future__ import annotations

import logging.config
import time

from flask import Flask, Response, g, request

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "line",
            "stream": "ext://sys.stderr",
        }
    },
    "loggers": {"referee": {"level": "INFO", "handlers": ["stderr"], "propagate": False}},
}


def configure(app: Flask, *, serving: bool) -> None:
    """Log each request on the app's logger; when ``serving`` (not an app a test or
    a program built), send INFO and above to stderr."""
    if serving:
        logging.config.dictConfig(LOGGING)

    @app.before_request
    def started() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def log_request(response: Response) -> Response:
        took = (time.perf_counter() - g.get("started", time.perf_counter())) * 1000
        write(app, request.method, request.path, response.status_code, took)
        return response


#: One request's line: its method, path, status and time.
LINE = "%s %s %s %.1f ms"


def write(app: Flask, method: str, path: str, status: int, took_ms: float) -> None:
    """The line of one request (also for those answered in front of the app). The line
    never says where in the code it was written, so logging is not asked to find out
    (``Logger.info`` walks the stack for it on every record: a tenth of the unchanged
    poll's own time, docs/performance.md)."""
    logger = app.logger
    if logger.isEnabledFor(logging.INFO):
        args = (method, path, status, took_ms)
        logger.handle(logger.makeRecord(logger.name, logging.INFO, "", 0, LINE, args, None))
