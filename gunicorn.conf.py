"""How `make run` serves the app (gunicorn reads this file from the working folder).

Two worker processes of four threads each: a slow request never holds up the
others, and a worker that dies is replaced while the other serves.

Connections are kept open 10 s between requests: every phone following a sheet
asks again every 3 s, so on gunicorn's default of 2 s each poll would open a new
connection, a round trip more on a table's weak Wi-Fi. An idle connection waits
in the worker's poller, not in a thread.
"""

workers = 2
threads = 4
keepalive = 10
accesslog = "-"
