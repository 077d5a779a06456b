"""The ASGI application of `elfgraph serve`: the operations of elfgraph.wire as JSON routes,
the space routes for a database admin key, export and import as streams, the MCP tools,
/health, /ready and the OpenAPI document (docs/DEPLOYMENT.md, "The service").

Each operation's handler checks the key, then calls the MemorySystem method of the same
name on the caller's view of the space's one memory (elfgraph/server/pool.py), and answers
with the method's result as JSON. An ElfgraphError is answered as `{error, message,
recovery}` with its status (elfgraph.wire.HTTP_STATUS); anything else as a 500 of the same shape,
its traceback logged.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from elfgraph.config.connection import Settings, load_settings
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.choice import local_embedder
from elfgraph.errors import ElfgraphError, RequestError
from elfgraph.faces import use_face
from elfgraph.guide import guide
from elfgraph.keys.models import KeyRecord
from elfgraph.memory import MemorySystem
from elfgraph.server import admin
from elfgraph.server.auth import Keys
from elfgraph.server.mcp_mount import McpMounts
from elfgraph.server.openapi import DOCS_HTML, openapi_document
from elfgraph.server.options import ServeOptions, embedder_factory
from elfgraph.server.pool import Spaces
from elfgraph.server.requests import Limits, arguments, body_bytes, json_object, query_arguments
from elfgraph.spaces.names import validate_space_name
from elfgraph.store.calls import calling
from elfgraph.store.database import Database
from elfgraph.wire import (
    BOOKMARKS_HEADER,
    OPERATION_HEADER,
    OPERATIONS,
    SESSION_HEADER,
    check_bookmarks,
    error_body,
    http_status,
)

log = logging.getLogger("elfgraph.server")
Handler = Callable[[Request], Awaitable[Response]]


def error_response(exc: ElfgraphError) -> Response:
    return JSONResponse(error_body(exc), status_code=http_status(exc))


def guarded(handler: Handler) -> Handler:
    """The handler, with its errors answered as elfgraph errors (and the face Python's)."""

    async def handle(request: Request) -> Response:
        with use_face("python"):
            try:
                return await handler(request)
            except ElfgraphError as exc:
                return error_response(exc)
            except Exception as exc:  # a bug: logged here, never a traceback on the wire
                log.exception("%s %s failed", request.method, request.url.path)
                return error_response(
                    ElfgraphError(
                        f"The service failed: {type(exc).__name__}.",
                        recovery="This is a bug in elfgraph's service: the server's log has "
                        "the traceback; report it.",
                    )
                )

    return handle


class Service:
    """One server's state: the connection, the embedder, the open spaces, the keys."""

    def __init__(
        self,
        options: ServeOptions | None = None,
        *,
        settings: Settings | None = None,
        embedder: EmbeddingService | None = None,
    ) -> None:
        self.options = options or ServeOptions()
        self.settings = settings
        self.config = ElfgraphConfig.load()
        self.limits = Limits(int(self.options.max_body_mb * 2**20), self.options.max_batch)
        self._embedder = embedder
        self._database: Database | None = None
        self._keys: Keys | None = None
        self.mcp = McpMounts()
        self.spaces = Spaces(
            self.open_memory,
            max_spaces=self.options.max_spaces,
            idle_seconds=self.options.idle_seconds,
            memory_mb=self.options.memory_mb,
        )
        self.model_loaded = False

    @property
    def database(self) -> Database:
        assert self._database is not None, "the server has not started"
        return self._database

    @property
    def keys(self) -> Keys:
        assert self._keys is not None, "the server has not started"
        return self._keys

    @property
    def embedder(self) -> EmbeddingService:
        if self._embedder is None:
            made = embedder_factory(self.options.embedder)
            settings = self.settings or load_settings()
            self._embedder = made() if made is not None else local_embedder(settings.embedder)
        return self._embedder

    async def open_memory(self, space: str) -> MemorySystem:
        return await MemorySystem.open(
            space, database=self.database, embedding_service=self.embedder, config=self.config
        )

    @asynccontextmanager
    async def lifespan(self, _: Starlette) -> AsyncIterator[None]:
        from elfgraph.schema.migrations import open_database

        self._database = await open_database(self.settings)
        self._keys = Keys(self._database, cache_seconds=self.options.key_cache_seconds)
        try:
            await self.embedder.embed("elfgraph warm-up")  # the model loads before /ready
            self.model_loaded = True
            async with anyio.create_task_group() as group:
                self.mcp.start(group)
                group.start_soon(self.spaces.watch)
                try:
                    yield
                finally:
                    with anyio.CancelScope(shield=True):
                        await self.spaces.close_all()
                    group.cancel_scope.cancel()
        finally:
            await self._database.close()

    # ---- the operations ------------------------------------------------------------------

    async def allowed(self, request: Request, scope: str) -> tuple[str, KeyRecord]:
        space = request.path_params["space"]
        record = await self.keys.allow(request, space, scope)  # type: ignore[arg-type]
        return validate_space_name(space), record

    async def operation(self, request: Request) -> Response:
        name = request.path_params["operation"]
        op = OPERATIONS.get(name)
        if op is None:
            raise RequestError(
                f"There is no operation {name!r}.",
                recovery=f"The operations are: {', '.join(OPERATIONS)} (GET /openapi.json).",
                status=404,
            )
        space, record = await self.allowed(request, op.scope)
        if request.method == "GET":
            if not op.get:
                raise RequestError(
                    f"{name} takes POST with a JSON body.",
                    recovery=f"POST /v1/spaces/{space}/{name} with its arguments as JSON.",
                    status=405,
                )
            given = query_arguments(request)
        else:
            given = json_object(await body_bytes(request, self.limits.max_body_bytes), name)
        args = arguments(op, given, self.limits)
        asked = request.headers.get(SESSION_HEADER) or None
        bookmarks = check_bookmarks(request.headers.get(BOOKMARKS_HEADER))
        operation_id = None
        if op.retried_once and (given_id := request.headers.get(OPERATION_HEADER)):
            # Per key: two keys' callers never share an id by chance or on purpose.
            seed = f"{record.id}:{given_id}".encode("utf-8", "replace")
            operation_id = hashlib.sha256(seed).hexdigest()[:32]
        async with self.spaces.using(space) as opened:
            view = await opened.view_for(asked)
            with calling(operation_id=operation_id, bookmarks=bookmarks) as call:
                if name == "history":
                    result: Any = view.history(**args)
                else:
                    result = await getattr(view, name)(**args)
            opened.after(asked, view)
        headers = {
            SESSION_HEADER: view.session_id or "",
            BOOKMARKS_HEADER: ",".join(call.bookmarks or bookmarks),
        }
        return Response(op.result.dump_json(result), media_type="application/json", headers=headers)

    async def guide_text(self, request: Request) -> Response:
        await self.allowed(request, "read")
        given = query_arguments(request)
        if request.method == "POST":
            given = json_object(await body_bytes(request, self.limits.max_body_bytes), "guide")
        text = guide(given.get("method"), given.get("face"))
        return JSONResponse(text)

    async def mcp_app(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        try:
            with use_face("python"):
                space, _ = await self.allowed(request, "write")
        except ElfgraphError as exc:
            await error_response(exc)(scope, receive, send)
            return
        async with self.spaces.using(space) as opened:
            await self.mcp.handle(opened, scope, receive, send)

    # ---- the process ---------------------------------------------------------------------

    async def health(self, _: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def ready(self, _: Request) -> Response:
        checks = {"neo4j": False, "schema": False, "model": self.model_loaded}
        if self._database is not None:
            checks["neo4j"], checks["schema"] = await admin.schema_ready(self._database)
        ready = all(checks.values())
        return JSONResponse({"ready": ready, **checks}, status_code=200 if ready else 503)

    async def openapi(self, _: Request) -> Response:
        return JSONResponse(openapi_document())

    async def docs(self, _: Request) -> Response:
        return HTMLResponse(DOCS_HTML)


async def not_found(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 404
    return error_response(
        RequestError(
            f"No route {request.method} {request.url.path}.",
            recovery="The routes are in GET /openapi.json (browsable at /docs).",
            status=status,
        )
    )


class _Raw:
    """An ASGI endpoint (Starlette calls a class instance as an app, not as a handler)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)


def build_app(service: Service) -> Starlette:
    s = service
    spaces = "/v1/spaces"
    routes = [
        Route("/health", s.health, methods=["GET"]),
        Route("/ready", s.ready, methods=["GET"]),
        Route("/openapi.json", s.openapi, methods=["GET"]),
        Route("/docs", s.docs, methods=["GET"]),
        Route(spaces, guarded(admin.handler(s, admin.list_or_create)), methods=["GET", "POST"]),
        Route(spaces + "/{space}", guarded(admin.handler(s, admin.drop)), methods=["DELETE"]),
        Route(spaces + "/{space}/export", guarded(admin.handler(s, admin.export)), methods=["GET"]),
        Route(
            spaces + "/{space}/import", guarded(admin.handler(s, admin.import_)), methods=["POST"]
        ),
        Route(spaces + "/{space}/guide", guarded(s.guide_text), methods=["GET", "POST"]),
        Route(spaces + "/{space}/mcp", _Raw(s.mcp_app), methods=["GET", "POST", "DELETE"]),
        Route(spaces + "/{space}/{operation}", guarded(s.operation), methods=["GET", "POST"]),
    ]
    return Starlette(
        routes=routes,
        lifespan=s.lifespan,
        exception_handlers={HTTPException: not_found, 404: not_found, 405: not_found},
    )


def create_app() -> Starlette:
    """The app for uvicorn's workers (`--workers N`): options from ELFGRAPH_SERVE_OPTIONS."""
    import os

    raw = os.environ.get("ELFGRAPH_SERVE_OPTIONS")
    options = ServeOptions.model_validate_json(raw) if raw else ServeOptions()
    return build_app(Service(options))
