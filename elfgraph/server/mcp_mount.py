"""The MCP tools over streamable HTTP at /v1/spaces/{space}/mcp, behind the same keys as
the JSON API (scope write: the tools learn, dream and connect). Each space gets its own MCP
server (elfgraph.mcp_server.build_server) on a view of the space's memory, started on its
first call and stopped when the space closes; its session opens with the first tool call
and ends after 30 idle minutes, as with `elfgraph mcp`.

DNS-rebinding protection is off: a browser page cannot send a key it does not know.
"""

from __future__ import annotations

from typing import Any

import anyio
from anyio.abc import TaskGroup, TaskStatus
from starlette.types import Receive, Scope, Send

from elfgraph.memory import MemorySystem
from elfgraph.server.pool import OpenSpace


class McpMounts:
    """The MCP session managers of the open spaces."""

    def __init__(self) -> None:
        self._managers: dict[str, Any] = {}
        self._group: TaskGroup | None = None

    def start(self, group: TaskGroup) -> None:
        self._group = group

    async def handle(self, space: OpenSpace, scope: Scope, receive: Receive, send: Send) -> None:
        manager = self._managers.get(space.name) or await self._start(space)
        await manager.handle_request(scope, receive, send)

    async def _start(self, space: OpenSpace) -> Any:
        from mcp.server.transport_security import TransportSecuritySettings

        from elfgraph.mcp_server import build_server

        assert self._group is not None, "McpMounts.start() first"

        async def open_view() -> MemorySystem:
            return space.memory.view()

        server = build_server(open_view)
        server.streamable_http_app(
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False)
        )
        manager = server.session_manager

        async def keep(*, task_status: TaskStatus[anyio.CancelScope]) -> None:
            with anyio.CancelScope() as cancel:
                async with manager.run():
                    task_status.started(cancel)
                    await anyio.sleep_forever()

        cancel: anyio.CancelScope = await self._group.start(keep)
        self._managers[space.name] = manager

        async def stop() -> None:
            self._managers.pop(space.name, None)
            cancel.cancel()

        space.on_close.append(stop)
        return manager
