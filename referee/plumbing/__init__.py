"""The app's plumbing: what every request passes through but no rule or page decides.

Extensions (database, CSRF, compression), errors as answers, conditional requests,
security headers, the request log, health checks, the rate limit on new games, the
WSGI worker, housekeeping and the ``flask`` commands.
"""
