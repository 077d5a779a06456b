"""ServiceAdmin: the spaces of a service's database, for a key of the whole database with
scope admin (`elfgraph keys create --all-spaces --scope admin`), as the library's
module functions do them on a Database."""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from elfgraph.client.exporting import import_from_file
from elfgraph.client.transport import Transport
from elfgraph.portability.files import PathArg
from elfgraph.portability.models import ImportResult
from elfgraph.spaces.models import SpaceRecord
from elfgraph.spaces.names import validate_space_name

SPACES: TypeAdapter[list[SpaceRecord]] = TypeAdapter(list[SpaceRecord])


class ServiceAdmin:
    """list_spaces, create_space, drop_space and import_space through the service."""

    def __init__(self, transport: Transport) -> None:
        self._transport = transport

    async def __aenter__(self) -> ServiceAdmin:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self._transport.close()

    async def list_spaces(self) -> list[SpaceRecord]:
        return SPACES.validate_json(await self._transport.request("GET", "/v1/spaces"))

    async def create_space(self, name: str) -> tuple[bool, SpaceRecord]:
        """(whether it was created now, the space)."""
        body = json.dumps({"name": validate_space_name(name)}).encode()
        answer: dict[str, Any] = json.loads(
            await self._transport.request("POST", "/v1/spaces", content=body)
        )
        return bool(answer["created"]), SpaceRecord.model_validate(answer["space"])

    async def drop_space(self, name: str) -> int:
        """Delete the space, everything in it and its keys; the nodes deleted."""
        path = f"/v1/spaces/{validate_space_name(name)}"
        return int(json.loads(await self._transport.request("DELETE", path))["deleted"])

    async def import_space(
        self, source: PathArg, *, space: str, merge: bool = False
    ) -> ImportResult:
        """Import an export file into `space` (a new one, or merged into it)."""
        return await import_from_file(
            self._transport, source, validate_space_name(space), merge=merge
        )
