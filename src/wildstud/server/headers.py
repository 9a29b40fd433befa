"""The headers on every answer: the content security policy, no referrer, no sniffing, and
how long a browser may keep the answer.

The client page runs only its own modules and style sheet (:data:`PAGE_POLICY`: no inline
script, no inline style, nothing from another origin, no framing). ``/docs`` is Swagger UI,
whose page starts it with an inline script: its policy admits that one script by its SHA-256
hash (:func:`docs_policy`) and nothing else inline.

Links carry tokens, so no answer sends a referrer, and every answer is ``no-store`` (a shared
or back-button cache never keeps a token) except the files that carry none: the versioned
static files, cached for a year since their path changes with their content, and the home page,
the unversioned files, the service worker and the manifest, which the browser must check again
each time (``no-cache``) so that an upgrade reaches every player.

>>> cache_control("/static/0123abcd/js/app.js", "/static/0123abcd/")
'public, max-age=31536000, immutable'
>>> cache_control("/", "/static/0123abcd/"), cache_control("/seat/x", "/static/0123abcd/")
('no-cache', 'no-store')
>>> cache_control("/sw.js", "/static/0123abcd/")
'no-cache'
>>> docs_policy('<script src="/a.js"></script><script>go()</script>').split("; ")[1]
"script-src 'self' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["PAGE_POLICY", "SecurityHeaders", "cache_control", "docs_policy"]

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self';"
    " object-src 'none'; worker-src 'self'; manifest-src 'self'"
)
"""The policy of every answer but ``/docs``: this origin only (its WebSockets included, which
``'self'`` covers in CSP Level 3 browsers), nothing inline, never in a frame; the service
worker and the web app manifest of the installable page (:mod:`wildstud.server.shell`) named
explicitly."""

_IMMUTABLE = "public, max-age=31536000, immutable"
_SHELL = ("/", "/sw.js", "/manifest.webmanifest")  # no token, but new with every version
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def docs_policy(page: str) -> str:
    """The policy for Swagger UI's ``page``: :data:`PAGE_POLICY` with its inline scripts
    admitted by hash. Swagger UI sets element styles from script, which a policy allows."""
    digests = (hashlib.sha256(body.encode()).digest() for body in _INLINE_SCRIPT.findall(page))
    hashes = " ".join(f"'sha256-{base64.b64encode(digest).decode()}'" for digest in digests)
    return PAGE_POLICY.replace("script-src 'self'", f"script-src 'self' {hashes}".rstrip())


def cache_control(path: str, versioned: str) -> str:
    """The ``Cache-Control`` of the answer at ``path``, ``versioned`` being the prefix of
    the versioned static files."""
    if path.startswith(versioned):
        return _IMMUTABLE
    if path in _SHELL or path.startswith(("/static/", "/docs-assets/")):
        return "no-cache"
    return "no-store"


class SecurityHeaders:
    """ASGI middleware: every HTTP answer gets the policy ``policy(path)``, no referrer, no
    sniffing, no framing and :func:`cache_control`."""

    def __init__(self, app: ASGIApp, versioned: str, policy: Callable[[str], str]) -> None:
        self.app = app
        self.versioned = versioned
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = self.policy(path)
                headers["Referrer-Policy"] = "no-referrer"
                headers["X-Content-Type-Options"] = "nosniff"
                headers["X-Frame-Options"] = "DENY"
                headers["Cache-Control"] = cache_control(path, self.versioned)
            await send(message)

        await self.app(scope, receive, with_headers)
