"""The server process: uvicorn's, with a restart that every table and page rides out.

On SIGTERM (or Ctrl-C) uvicorn stops taking connections and closes the open ones; before it does,
:class:`RestartingServer` has every table finish storing the change in hand, refuse what comes
next and tell its clients that the server restarts
(:meth:`~wildstud.server.lobby.Lobby.restarting`),
so each page says so and reconnects by itself when the server is back.
"""

from __future__ import annotations

import socket
from typing import Any

import uvicorn

from wildstud.server import collector

__all__ = ["RestartingServer"]


class RestartingServer(uvicorn.Server):
    """uvicorn's server, which on SIGTERM (or Ctrl-C) first has every table store what it
    took and tell its clients that the server restarts, then shuts down as uvicorn does."""

    def __init__(self, config: uvicorn.Config, state: Any) -> None:
        super().__init__(config)
        self.state = state
        # A draining process of a cluster stops itself once it holds no table.
        state.request_exit = self.request_exit

    def request_exit(self) -> None:
        """Stop the server, as SIGTERM does."""
        self.should_exit = True

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        collector.settle()  # the tables are loaded: short pauses from now on (collector.py)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        lobby = getattr(self.state, "lobby", None)  # absent if the start itself failed
        if lobby is not None:
            await lobby.restarting()
        await super().shutdown(sockets)
