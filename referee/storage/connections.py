"""How many connections a server's workers may hold on PostgreSQL, against how many
the database lets in (docs/deploying.md, "Where games are kept")."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .db import db


def connections_beyond(app: Flask, workers: int, threads: int, writers: int) -> str | None:
    """Where ``app``'s database is PostgreSQL and ``workers`` processes each running
    ``threads`` threads for reads and ``writers`` for writes could hold more
    connections than the database lets in, a sentence for the server's log saying
    so; else None. Each worker holds at most one connection of the app's pool for
    every thread (a request's session), one of the polls' pool for every read
    thread, and its streams' listener (``changes.listen``). PostgreSQL refuses the
    connection past ``max_connections`` less those kept for superusers, and the
    request that asked for it is answered 503 (docs/deploying.md). Nothing is said
    where the database does not answer: the requests will say that."""
    if "sqlalchemy" not in app.extensions:  # an app without the referee's database
        return None
    engine = db.engine
    if engine.dialect.name != "postgresql":
        return None
    each = threads + writers + threads + 1
    try:
        with engine.connect() as connection:
            most = int(connection.execute(text("SHOW max_connections")).scalar_one())
            kept = int(
                connection.execute(text("SHOW superuser_reserved_connections")).scalar_one()
            )
    except SQLAlchemyError:
        return None
    if workers * each <= most - kept:
        return None
    return (
        f"{workers} workers may hold {workers * each} PostgreSQL connections ({each} each: "
        f"{threads + writers} threads' sessions, {threads} polls, a listener), more than "
        f"the {most - kept} the database lets in (max_connections {most}, {kept} kept "
        "for superusers): at the busiest, requests will be answered 503. Run fewer "
        "workers or raise max_connections"
    )
