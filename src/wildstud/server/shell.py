"""The installable table: the web app manifest and the service worker that keeps the app shell.

A phone that adds the table to its home screen opens it full screen, under the manifest's name
and icon; the worker (``static/worker.js``) keeps the page and its versioned files so that a
reload draws at once. The worker's script names the server's static version, so a new version
of the server is a new worker whose install replaces the old shell. The worker keeps nothing
with a token in it: the page is the same for every link and is kept under the home address.

>>> shell = Shell(root="", prefix="/static/0123abcd0123", files=["js/app.js"])
>>> print(shell.worker().splitlines()[0][:66])
self.WILDSTUD_SHELL = {"version": "0123abcd0123", "page": "/", ...
>>> shell.files
['/static/0123abcd0123/js/app.js']
>>> shell.manifest()["start_url"], shell.manifest()["display"]
('/', 'standalone')
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib.resources import files as resources
from typing import Any

__all__ = ["PAGE_KINDS", "THEME", "Shell"]

PAGE_KINDS = ("host", "join", "seat", "watch", "felt", "shared", "club", "club-host", "club-join")
"""The first segment of every page's path (``/seat/{token}``…): the client reads it."""

THEME = "#0b5d3b"
"""The felt's green: the manifest's theme and the colour of the icon's ground."""

# The worker's own text, without the shell that the server puts before it.
_WORKER = resources("wildstud.server").joinpath("static", "worker.js")


class Shell:
    """The app shell of a server whose pages lie under ``root`` (the proxy's prefix, or
    ``""``) and whose static ``files`` (relative names) are served under ``prefix``."""

    def __init__(self, *, root: str, prefix: str, files: Iterable[str]) -> None:
        self.root = root
        self.prefix = prefix
        self.version = prefix.rstrip("/").rsplit("/", 1)[-1]
        # The worker keeps what every page loads (its modules, styles and icons), never
        # itself, nor the vendored curve modules that only a private table's page imports
        # (privaterounds.js, at its first deal): half a megabyte a phone need not fetch for
        # every table. A private table's page fetches them from the server, as it must reach
        # the server to play at all.
        self.files = sorted(
            f"{root}{prefix}/{name}"
            for name in files
            if name != "worker.js" and not name.startswith("vendor/")
        )

    def worker(self) -> str:
        """The service worker's script: its shell, then ``static/worker.js``."""
        shell = {
            "version": self.version,
            "page": f"{self.root}/",
            "files": self.files,
            "pages": list(PAGE_KINDS),
        }
        body = _WORKER.read_text(encoding="utf-8")
        return f"self.WILDSTUD_SHELL = {json.dumps(shell)};\n{body}"

    def manifest(self) -> dict[str, Any]:
        """The web app manifest (``application/manifest+json``)."""
        return {
            "name": "wildstud: wild-card stud for home poker nights",
            "short_name": "wildstud",
            "description": "Wild-card stud tables for home poker nights",
            "start_url": f"{self.root}/",
            "scope": f"{self.root}/",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": THEME,
            "icons": [
                {
                    "src": f"{self.root}{self.prefix}/icons/wildstud.svg",
                    "sizes": "any",
                    "type": "image/svg+xml",
                    "purpose": "any",
                },
                {
                    "src": f"{self.root}{self.prefix}/icons/wildstud-192.png",
                    "sizes": "192x192",
                    "type": "image/png",
                },
                {
                    "src": f"{self.root}{self.prefix}/icons/wildstud-512.png",
                    "sizes": "512x512",
                    "type": "image/png",
                },
            ],
        }
