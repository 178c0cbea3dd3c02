"""One route, the whole page or only its changing part (Hypermedia Systems'
habit): htmx asks with ``HX-Request`` and swaps the fragment; a plain form gets
the page, and a redirect after a write."""

from __future__ import annotations

from typing import Any

from flask import make_response, redirect, render_template, request


def from_htmx() -> bool:
    return bool(request.headers.get("HX-Request"))


def fragment(full: str, part: str, **context: Any) -> str:
    """The whole page, or only its changing part for htmx."""
    return render_template(part if from_htmx() else full, **context)


def redirect_after_write(url: str) -> Any:
    """Redirect after a write: a 303 for a plain form, HX-Redirect for htmx."""
    if from_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 303)
