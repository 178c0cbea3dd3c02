"""A request's cookies read in front of Flask, as Flask reads them, for the sheet's
unchanged poll (:mod:`referee.pages.sheet`): a phone sends the same Cookie header
with every poll for hours, so a worker reads each header once and remembers it."""

from __future__ import annotations

from functools import lru_cache

from werkzeug.http import parse_cookie

#: The longest Cookie header remembered (a phone's is about 200 bytes); a longer one
#: is read every time, so that no client fills a worker's memory with headers.
REMEMBERED_HEADER = 1024


def read_cookies(header: str, *names: str) -> tuple[str | None, ...]:
    """The values of the cookies ``names`` in a Cookie ``header`` (None where absent)."""
    if len(header) > REMEMBERED_HEADER:
        return _read(header, names)
    return _remembered(header, names)


@lru_cache(maxsize=4096)
def _remembered(header: str, names: tuple[str, ...]) -> tuple[str | None, ...]:
    return _read(header, names)


def _read(header: str, names: tuple[str, ...]) -> tuple[str | None, ...]:
    cookies = parse_cookie(header)
    return tuple(cookies.get(name) for name in names)
