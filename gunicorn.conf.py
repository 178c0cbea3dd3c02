"""How `make run` serves the app (gunicorn reads this file from the working folder).

The figures behind each setting are in docs/performance.md ("Server settings"
and "A room full of tables": `benchmarks/load.py` with `--gunicorn=...` tries
others).

Two worker processes of four threads each, one process a core: Python runs one
thread at a time in a process, so more processes than cores only take turns, and
a worker that dies is replaced while the other serves. Four threads let a request
waiting on PostgreSQL or on SQLite's write lock leave the core to another. Eight
threads, four workers, and 4 x 2, 2 x 2, 4 x 1 and 3 x 4 were measured against
these with 2,000 phones (docs/performance.md, "Server settings"): none stood out
of the spread between runs of the same setting, so the simpler one stays.

Connections are kept open 10 s between requests: a phone's taps come seconds
apart, so on gunicorn's default of 2 s many would open a new connection, a round
trip more on a table's weak Wi-Fi. A followed sheet's stream (server-sent events,
referee/plumbing/streams.py) is a connection of its own, open as long as the page.

The worker is gunicorn's asyncio worker with the WSGI app behind it
(referee/plumbing/serving.py): each worker's event loop reads every connection,
and a request goes to one of the worker's threads only once it has arrived whole,
headers and body, so a phone sending its request slowly (a weak signal, or on
purpose) holds a socket, never a thread (docs/deploying.md, "Slow clients").
An idle kept-alive connection waits in the loop too, and so does every open
stream once its view has answered, so 2,000 phones cost no threads. This worker
takes every connection the process may open (its open-file limit, ``ulimit
-n``); it has no ``worker_connections`` of its own.

A request's head (request line and headers) is bounded as nginx bounds it, in
four buffers of 8 KB: a request line of at most 8 KB (``limit_request_line``),
header lines of at most 8 KB each (``limit_request_field_size``), and 32 KB in
all (the app's ``HEAD_BYTES``), which must arrive within 20 s of its first byte
(``HEAD_SECONDS``; referee/plumbing/heads.py, with the count of heads coming
from one address). The count of header lines (``limit_request_fields``) stays
at gunicorn's 100: the 32 KB decide first. The app's own longest request line
is 4,044 bytes (the language switch on a rules card's share page: a card is at
most 4,000 characters, and the switch names the page to come back to), 50 bytes
under gunicorn's default of 4,094; its longest header lines are that page's
address again, as ``Referer`` and htmx's ``HX-Current-URL`` (about 4.1 KB each),
beside a phone's cookie of about 200 bytes, so a phone's largest head is about
14 KB: each part under half of its limit.
"""

workers = 2
threads = 4  # the app's: each worker runs a read on one of these once it has read it whole
# (and a write on one of the app's WRITE_THREADS more: referee/plumbing/serving.py)
# gunicorn's asyncio worker, serving the WSGI app on threads; its refusals are JSON.
worker_class = "referee.plumbing.serving.WholeRequestsWorker"
keepalive = 10
# The head of a request: see above (and HEAD_BYTES, HEAD_SECONDS in the app's settings).
limit_request_line = 8190
limit_request_field_size = 8190
limit_request_fields = 100
# No access log of gunicorn's own: the app writes one line per request (referee/plumbing/logs.py).

# No control socket (gunicorn 25.1 and later open one, for `gunicornc`, at the same
# path for every server of the user): the referee does not use it, several servers
# on one host (the tests, `load.py --servers 2`) would take it from each other, and
# it runs a thread in the master, which forks the workers.
control_socket_disable = True


def post_worker_init(worker):
    """Once a worker has loaded the app, the objects made at start (modules, the
    app, its rulesets) live as long as the worker: the cycle collector stops
    walking them (``gc.freeze``), so a collection visits only what requests made.
    A hand solved right after a full collection of the whole heap took tens of
    milliseconds more (docs/performance.md, "The hand solver")."""
    import gc

    gc.freeze()
