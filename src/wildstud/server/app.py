"""The FastAPI application: the REST API, the WebSockets, the store and the lobby.

:func:`create_app` opens the database when the application starts (upgrading its schema with the
migrations), loads every table and replays every hand in progress, and closes it all when the
application stops. Errors never reach a client as a traceback: refusals are one sentence, and
anything unexpected is logged on the server (its route, never its path: paths hold tokens) and
answered with a bare 500. Every answer carries the headers of :mod:`wildstud.server.headers`;
request bodies and new tables are limited as :mod:`wildstud.server.limits` says.

The client's files are served under ``/static/<version>/``, the version being a hash of their
contents, so that an upgrade changes every URL and a browser may keep each file for good:

>>> page = create_app(ServerConfig(database_url="sqlite://")).state.page
>>> import re; re.search(r'src="/static/[0-9a-f]{12}/js/app.js"', page) is not None
True

>>> app = create_app(ServerConfig(database_url="sqlite://"))
>>> for path in sorted(app.openapi()["paths"]):
...     if path.startswith("/api/host/{token}/"):
...         print(path)
/api/host/{token}/bots
/api/host/{token}/chat
/api/host/{token}/departed
/api/host/{token}/end
/api/host/{token}/links
/api/host/{token}/mutes
/api/host/{token}/pause
/api/host/{token}/rebuys/{request_id}/approve
/api/host/{token}/rebuys/{request_id}/decline
/api/host/{token}/requests
/api/host/{token}/requests/{request_id}
/api/host/{token}/rules
/api/host/{token}/seat
/api/host/{token}/seats/{seat}
/api/host/{token}/seats/{seat}/link
/api/host/{token}/start
/api/host/{token}/tournament/deal
/api/host/{token}/tournament/seats/{seat}/addon
/api/host/{token}/tournament/seats/{seat}/rebuy
"""

from __future__ import annotations

import functools
import hashlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp

from wildstud import __version__
from wildstud.errors import WildstudError
from wildstud.server import api, socket
from wildstud.server.club_stats import BookedPlays
from wildstud.server.clubs import ClubConflictError, NotAllowedError
from wildstud.server.cluster import Cluster, ClusterError
from wildstud.server.config import ServerConfig
from wildstud.server.errors import (
    NotFoundError,
    SeatError,
    ServerError,
    UnauthorizedError,
    unavailable,
)
from wildstud.server.headers import PAGE_POLICY, SecurityHeaders, docs_policy
from wildstud.server.limits import (
    BodyLimit,
    Connections,
    CreationLimiter,
    RateLimitedError,
    ReadLimit,
)
from wildstud.server.lobby import Lobby
from wildstud.server.metrics import CONTENT_TYPE
from wildstud.server.reads import HandReads
from wildstud.server.refusals import describe
from wildstud.server.relay import Relay
from wildstud.server.schemas import ErrorBody
from wildstud.server.shell import PAGE_KINDS, Shell
from wildstud.server.store import Store

__all__ = ["create_app"]

log = logging.getLogger("wildstud.server")


def create_app(config: ServerConfig) -> FastAPI:
    """The server's application for ``config``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(
            config.database_url,
            cluster=config.cluster,
            synchronous_commit=config.synchronous_commit,
        )
        lobby = Lobby(store)
        if config.cluster:
            if store.backend != "postgresql":
                store.close()
                raise ClusterError("a cluster needs PostgreSQL: --cluster with a postgresql URL")
            lobby.cluster = Cluster(store, lobby, config.peer_address, config.lease_seconds)
            lobby.cluster.exit = getattr(app.state, "request_exit", None)
        await lobby.open()
        app.state.store = store
        app.state.lobby = lobby
        log.info("wildstud: %d table(s) loaded from %s", len(lobby.tables), store.backend)
        try:
            yield
        finally:
            await lobby.close()
            app.state.reads.close()
            store.close()

    app = _Application(
        title="wildstud",
        version=__version__,
        summary="Wild-card stud tables for home poker nights: dealer's choice over WebSockets.",
        lifespan=lifespan,
        servers=[{"url": config.prefix}] if config.prefix else None,
        docs_url=None,
        redoc_url=None,
    )
    app.state.public_url = config.public_url
    app.state.connections = Connections(config.limits)
    app.state.creation_limiter = CreationLimiter(config.limits)
    app.state.reads = HandReads()
    app.state.booked_plays = BookedPlays()
    app.include_router(api.router)
    app.include_router(socket.router)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        return api.error_response(422, describe(error.errors(), "the request is not valid"))

    @app.exception_handler(RateLimitedError)
    async def limited(_request: Request, error: RateLimitedError) -> JSONResponse:
        response = api.error_response(429, str(error))
        response.headers["Retry-After"] = str(max(1, round(error.retry_after)))
        return response

    @app.exception_handler(NotFoundError)
    async def not_found(_request: Request, error: NotFoundError) -> JSONResponse:
        return api.error_response(404, str(error))

    @app.exception_handler(UnauthorizedError)
    async def unauthorized(_request: Request, error: UnauthorizedError) -> JSONResponse:
        response = api.error_response(401, str(error))
        response.headers["WWW-Authenticate"] = "Bearer"
        return response

    @app.exception_handler(SeatError)
    async def seat_refused(_request: Request, error: SeatError) -> JSONResponse:
        return api.error_response(409, str(error))

    @app.exception_handler(NotAllowedError)
    async def not_allowed(_request: Request, error: NotAllowedError) -> JSONResponse:
        return api.error_response(403, str(error))

    @app.exception_handler(ClubConflictError)
    async def club_conflict(_request: Request, error: ClubConflictError) -> JSONResponse:
        return api.error_response(409, str(error))

    @app.exception_handler(WildstudError)
    async def refused(_request: Request, error: WildstudError) -> JSONResponse:
        return api.error_response(400, str(error))

    @app.exception_handler(ServerError)
    async def not_now(_request: Request, error: ServerError) -> JSONResponse:
        # Not the request's fault (a change not stored, a table moving, a server starting):
        # the same request may be sent again.
        return api.error_response(503, unavailable(error))

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> JSONResponse:
        route = getattr(request.scope.get("route"), "path", "an unknown route")
        log.error("%s %s failed: %s", request.method, route, type(error).__name__)
        lobby: Lobby | None = getattr(request.app.state, "lobby", None)  # None before start
        if lobby is not None:
            lobby.metrics.errors.labels("internal").inc()
        return api.error_response(500, "internal error")

    static = files("wildstud.server").joinpath("static")
    version = static_version(static)
    prefix = f"/static/{version}"
    root = config.prefix  # what a proxy serves us under: the page's links must carry it
    page = static.joinpath("index.html").read_text(encoding="utf-8")
    page = page.replace('"/static/', f'"{root}{prefix}/').replace('"/docs"', f'"{root}/docs"')
    page = page.replace('"/manifest.webmanifest"', f'"{root}/manifest.webmanifest"')
    page = page.replace('name="wildstud-base" content=""', f'name="wildstud-base" content="{root}"')
    app.state.page = page
    # The browser client: plain ES modules and a style sheet, served as they are. The modules
    # import each other by relative paths, so they all load under the versioned prefix; the
    # unversioned mount serves pages that were opened before an upgrade.
    app.mount(prefix, StaticFiles(directory=str(static)), name="static-versioned")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    # HEAD as well as GET: a link checker or an uptime probe asks for the page's headers only.
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse(page)

    # A new club's form has no token in its path.
    app.add_api_route("/club", index, methods=["GET", "HEAD"], include_in_schema=False)
    for kind in PAGE_KINDS:
        # The links the API hands out open the client page, which reads the path to know
        # what to show (a felt link is the watch link's token, shown for a TV: app.js).
        app.add_api_route(
            f"/{kind}/{{token}}", index, methods=["GET", "HEAD"], include_in_schema=False
        )

    # The installable app: its manifest and its worker, which must lie at the top of the pages
    # it serves (a worker controls only the paths under its own).
    shell = Shell(root=root, prefix=prefix, files=(name for name, _ in static_files(static)))
    worker = shell.worker()
    manifest = shell.manifest()

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        return Response(worker, media_type="text/javascript")

    @app.get("/manifest.webmanifest", include_in_schema=False)
    async def web_manifest() -> JSONResponse:
        return JSONResponse(manifest, media_type="application/manifest+json")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        # A mistyped address in a browser gets a page, not the API's JSON; the API and its
        # clients keep their JSON errors.
        path = request.url.path
        wants_page = "text/html" in request.headers.get("accept", "")
        if error.status_code == 404 and wants_page and not path.startswith(("/api/", "/ws/")):
            return HTMLResponse(_not_found_page(root), status_code=404)
        return api.error_response(error.status_code, str(error.detail))

    # The API page with no internet: Swagger UI's files come from the fastapi-offline package.
    assets = files("fastapi_offline").joinpath("static")
    app.mount("/docs-assets", StaticFiles(directory=str(assets)), name="docs-assets")
    docs_page = get_swagger_ui_html(
        openapi_url=f"{root}/openapi.json",
        title="wildstud API",
        swagger_js_url=f"{root}/docs-assets/swagger-ui-bundle.js",
        swagger_css_url=f"{root}/docs-assets/swagger-ui.css",
        swagger_favicon_url=f"{root}/docs-assets/favicon.png",
    ).body
    docs = bytes(docs_page).decode()
    docs_csp = docs_policy(docs)

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        # Counts only: no token, name or card is ever a label, so the page may be scraped
        # by anyone who can reach it (docs/deploy.md: keep it off the public proxy).
        lobby: Lobby = request.app.state.lobby
        return Response(lobby.metrics.exposition(), media_type=CONTENT_TYPE)

    @app.api_route("/docs", methods=["GET", "HEAD"], include_in_schema=False)
    async def api_page() -> HTMLResponse:
        return HTMLResponse(docs)

    def policy(path: str) -> str:
        return docs_csp if path == "/docs" else PAGE_POLICY

    # In a cluster, a request for a table another process runs is passed on to it; the body
    # limit stands outside the relay (the last added is the outermost), so a relayed body is
    # refused as early as a direct one, before the relay has buffered more than the limit.
    app.add_middleware(Relay)
    app.add_middleware(BodyLimit, max_bytes=config.limits.max_body_bytes)
    app.add_middleware(ReadLimit, limits=config.limits)
    app.headers = functools.partial(SecurityHeaders, versioned=f"{prefix}/", policy=policy)
    return app


def static_files(folder: Traversable) -> list[tuple[str, Traversable]]:
    """Every file under ``folder`` with its name relative to it (``js/app.js``), by name."""
    found: list[tuple[str, Traversable]] = []
    pending = [("", folder)]
    while pending:
        name, item = pending.pop()
        if item.is_dir():
            pending.extend((f"{name}/{child.name}".lstrip("/"), child) for child in item.iterdir())
        else:
            found.append((name, item))
    return sorted(found, key=lambda pair: pair[0])


def static_version(folder: Traversable) -> str:
    """A short hash of the files under ``folder``, their names and contents."""
    digest = hashlib.sha256()
    for name, item in static_files(folder):
        data = item.read_bytes()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:12]


class _Application(FastAPI):
    """FastAPI with the security headers outside its own error handling, so that an answer
    to an unexpected failure (500) carries them too."""

    headers: Callable[[ASGIApp], ASGIApp] | None = None

    def build_middleware_stack(self) -> ASGIApp:
        stack = super().build_middleware_stack()
        return stack if self.headers is None else self.headers(stack)

    def openapi(self) -> dict[str, Any]:
        """The schema, with invalid requests (422) answered as every other refusal: a
        ``detail`` sentence, not FastAPI's list that echoes the input."""
        if self.openapi_schema is not None:
            return self.openapi_schema
        schema = super().openapi()
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components.setdefault("ErrorBody", ErrorBody.model_json_schema())
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                invalid = operation.get("responses", {}).get("422")
                if invalid is not None:
                    invalid["description"] = "The request is not valid"
                    invalid["content"] = {
                        "application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}
                    }
        for unused in ("HTTPValidationError", "ValidationError"):
            components.pop(unused, None)
        return schema


def _not_found_page(root: str) -> str:
    """The page of an address that leads nowhere: what happened and the way home (no script,
    no style: the page policy allows it as it is)."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Not found · wildstud</title></head><body><main>"
        "<h1>There is no page at this address</h1>"
        "<p>Check the link you were sent: a table's links are long and must be copied whole.</p>"
        f'<p><a href="{root}/">Go to the home page</a></p></main></body></html>'
    )
