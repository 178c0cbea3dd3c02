"""One route, the whole page or only its changing part (Hypermedia Systems'
habit): htmx asks with ``HX-Request`` and swaps the fragment; a plain form gets
the page, and a redirect after a write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import make_response, redirect, render_template, request


def from_htmx(environ: Mapping[str, Any] | None = None) -> bool:
    """Whether htmx asked (it sends ``HX-Request``): this request, or the one a WSGI
    ``environ`` describes (the sheet's poll answered in front of Flask)."""
    return bool((request.environ if environ is None else environ).get("HTTP_HX_REQUEST"))


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
