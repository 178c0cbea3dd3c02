"""The floor under the sheet's poll: a bare Flask route answering 304, nothing else.

No database, no extension, no session, no logging, no after-request hook: what
Flask and gunicorn cost for an unchanged answer, served by ``benchmarks/load.py``
with the same gunicorn settings as the referee (gunicorn.conf.py) and asked with
the same headers the phones send, so that the sheet's own poll can be measured as
a ratio of it in the same run::

    .venv/bin/gunicorn benchmarks.floor:app     # what load.py starts
"""

from __future__ import annotations

from flask import Flask, Response, request

TAG = "sheet-v1-fragment-follower"

app = Flask(__name__)


@app.get("/games/<game_id>")
def sheet(game_id: str) -> Response:
    if request.if_none_match.contains_weak(TAG):
        response = Response(status=304)
    else:
        response = Response(f"<section>{game_id}</section>")
    response.set_etag(TAG)
    return response
