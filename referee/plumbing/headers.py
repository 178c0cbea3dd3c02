"""Headers every answer carries, whoever makes it: the app's views (an after-request
hook in ``create_app``) and the sheet's poll answered before them
(:mod:`referee.pages.sheet.sheet`)."""

from __future__ import annotations

#: Sent with every answer. No inline script or style anywhere (htmx is told not to
#: add its own style), so the policy needs no 'unsafe-inline'. 'wasm-unsafe-eval'
#: lets a script of the app's compile WebAssembly (the rules core's runtime on the
#: phone, referee.pages.checker.phone_referee), and nothing else: no eval of JavaScript.
#: connect-src 'self' lets a followed sheet open its game's stream (EventSource,
#: referee.plumbing.streams), on the app's own origin only.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
        "img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    # A page's address never holds the edit key (it travels after '#'), and no
    # address of a game goes to another site either.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
