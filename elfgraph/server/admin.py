"""The routes that are not one space's memory: the spaces of the database (list, create,
drop: a key of the whole database with scope admin), and a space's export (read) and
import (admin) as streams."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from pydantic import TypeAdapter
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.errors import ElfgraphError, RequestError
from elfgraph.portability.importing import import_stream
from elfgraph.schema.migrations import schema_status
from elfgraph.server.auth import Keys
from elfgraph.server.pool import Spaces
from elfgraph.server.requests import Limits, body_bytes, json_object
from elfgraph.server.streams import ExportResponse, request_stream
from elfgraph.spaces.models import SpaceRecord
from elfgraph.spaces.names import validate_space_name
from elfgraph.spaces.registry import drop_space, find_space, list_spaces, open_space
from elfgraph.store.database import Database
from elfgraph.wire import BOOKMARKS_HEADER


class Service(Protocol):
    """What these routes use of the server (elfgraph.server.app.Service)."""

    @property
    def database(self) -> Database: ...
    @property
    def keys(self) -> Keys: ...

    limits: Limits
    spaces: Spaces
    config: ElfgraphConfig


SPACES: TypeAdapter[list[SpaceRecord]] = TypeAdapter(list[SpaceRecord])
Route = Callable[[Service, Request], Awaitable[Response]]


def handler(service: Service, route: Route) -> Callable[[Request], Awaitable[Response]]:
    async def handle(request: Request) -> Response:
        return await route(service, request)

    return handle


async def list_or_create(service: Service, request: Request) -> Response:
    await service.keys.allow(request, None, "admin")
    if request.method == "GET":
        found = await list_spaces(service.database)
        return Response(SPACES.dump_json(found), media_type="application/json")
    given = json_object(await body_bytes(request, service.limits.max_body_bytes), "spaces")
    name = validate_space_name(given.get("name"))
    existed = await find_space(service.database, name) is not None
    record = await open_space(service.database, name)
    return JSONResponse({"created": not existed, "space": record.to_dict()})


async def drop(service: Service, request: Request) -> Response:
    await service.keys.allow(request, None, "admin")
    name = validate_space_name(request.path_params["space"])
    await service.spaces.close(name)
    deleted = await drop_space(service.database, name)  # its keys go with it
    service.keys.forget()
    return JSONResponse({"space": name, "deleted": deleted})


async def export(service: Service, request: Request) -> Response:
    space = request.path_params["space"]
    await service.keys.allow(request, space, "read")
    validate_space_name(space)
    if await find_space(service.database, space) is None:
        raise RequestError(
            f"Space {space!r} does not exist yet: there is nothing to export.",
            recovery="Learn something into it first.",
            status=404,
        )
    return ExportResponse(service.database, space, {BOOKMARKS_HEADER: ""})  # type: ignore[return-value]


async def import_(service: Service, request: Request) -> Response:
    space = request.path_params["space"]
    await service.keys.allow(request, space, "admin")
    validate_space_name(space)
    merge = request.query_params.get("merge", "false").lower() in ("1", "true", "yes")
    stream = request_stream(request)
    try:
        result = await import_stream(
            service.database,
            stream,
            "<request body>",
            space=space,
            merge=merge,
            config=service.config.memory,
        )
    finally:
        stream.close()
    await service.spaces.close(space)  # an open memory's caches did not see it
    return JSONResponse(result.to_dict())


async def schema_ready(database: Database) -> tuple[bool, bool]:
    """(Neo4j answers, every migration applied)."""
    try:
        status = await schema_status(database)
    except ElfgraphError:
        return False, False
    return True, all(m.state == "applied" for m in status.migrations)
