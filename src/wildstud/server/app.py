"""The FastAPI application: the REST API, the WebSockets, the store and the lobby.

:func:`create_app` opens the database when the application starts (upgrading its schema with the
migrations), loads every table and replays every hand in progress, and closes it all when the
application stops. Errors never reach a client as a traceback: refusals are one sentence, and
anything unexpected is logged on the server and answered with a bare 500.

>>> app = create_app(ServerConfig(database_url="sqlite://"))
>>> sorted(path for path in app.openapi()["paths"] if path.startswith("/api/host/{token}/"))
['/api/host/{token}/bots', '/api/host/{token}/pause', '/api/host/{token}/rules', \
'/api/host/{token}/seats/{seat}', '/api/host/{token}/start']
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from wildstud import __version__
from wildstud.errors import SeatError, WildstudError
from wildstud.server import api, socket
from wildstud.server.config import ServerConfig
from wildstud.server.lobby import Lobby
from wildstud.server.store import Store
from wildstud.server.tables import StorageFailureError

__all__ = ["create_app"]

log = logging.getLogger("wildstud.server")


def create_app(config: ServerConfig) -> FastAPI:
    """The server's application for ``config``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(config.database_url)
        lobby = Lobby(store)
        await lobby.open()
        app.state.store = store
        app.state.lobby = lobby
        log.info("wildstud: %d table(s) loaded from %s", len(lobby.tables), store.backend)
        try:
            yield
        finally:
            await lobby.close()
            store.close()

    app = FastAPI(
        title="wildstud",
        version=__version__,
        summary="Wild-card stud tables for home poker nights: dealer's choice over WebSockets.",
        lifespan=lifespan,
    )
    app.include_router(api.router)
    app.include_router(socket.router)

    @app.exception_handler(api.NotFoundError)
    async def not_found(_request: Request, error: api.NotFoundError) -> JSONResponse:
        return api.error_response(404, str(error))

    @app.exception_handler(SeatError)
    async def seat_refused(_request: Request, error: SeatError) -> JSONResponse:
        return api.error_response(409, str(error))

    @app.exception_handler(WildstudError)
    async def refused(_request: Request, error: WildstudError) -> JSONResponse:
        return api.error_response(400, str(error))

    @app.exception_handler(StorageFailureError)
    async def unavailable(_request: Request, _error: StorageFailureError) -> JSONResponse:
        return api.error_response(503, "the server could not store the change; try again")

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> JSONResponse:
        log.error("%s %s failed: %s", request.method, request.url.path, type(error).__name__)
        return api.error_response(500, "internal error")

    static = files("wildstud.server").joinpath("static")
    page = static.joinpath("index.html").read_text(encoding="utf-8")
    # The browser client: plain ES modules and a style sheet, served as they are.
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse(page)

    for kind in ("host", "join", "seat", "watch"):
        # The links the API hands out open the client page, which reads the path to know
        # what to show.
        app.add_api_route(f"/{kind}/{{token}}", index, include_in_schema=False)

    return app
