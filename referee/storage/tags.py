"""A game's versions as ETags (RFC 9110, parsed by Werkzeug): the tag of a version,
and whether an If-Match or If-None-Match names it. The storage compares a write's
If-Match with the game as locked for the write; the web answers reads with them
(``referee.plumbing.conditional``).
"""

from __future__ import annotations

from werkzeug.datastructures import ETags

#: The codings a compressing server appends to a strong ETag ("v3" sent gzipped is
#: "v3:gzip", Flask-Compress's way); each names the same version of the game.
CODINGS = ("br", "gzip", "deflate", "zstd")


def matches_tag(etags: ETags, tag: str, *, weak: bool = False) -> bool:
    """Whether an If-Match (strong comparison) or If-None-Match (``weak``) header
    names ``tag``, as sent plain or in any compressed form.

    >>> matches_tag(ETags(["v3:gzip"]), "v3"), matches_tag(ETags(["v3"]), "v3")
    (True, True)
    >>> matches_tag(ETags(["v4"]), "v3")
    False
    """
    contains = etags.contains_weak if weak else etags.contains
    return any(contains(form) for form in (tag, *(f"{tag}:{coding}" for coding in CODINGS)))


def version_tag(version: int | str) -> str:
    """The ETag value (unquoted) of a game at ``version``: ``v3``."""
    return f"v{version}"
