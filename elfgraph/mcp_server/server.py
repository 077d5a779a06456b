"""The MCP server itself: one space's memory behind the tools of tools.py, a session kept
while an agent works (session.py), and errors an agent can act on: an elfgraph error is a
tool error ending with its recovery, named in tools; arguments that do not fit a tool's
schema are a tool error in plain words, not pydantic's report."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import ValidationError

from elfgraph.errors import ElfgraphError
from elfgraph.faces import render
from elfgraph.mcp_server.session import CHECK_SECONDS, IDLE_SECONDS, Served
from elfgraph.mcp_server.tools import register_tools
from elfgraph.memory import MemorySystem

VALUE_CHARS = 40  # of a rejected value, quoted back in a tool error

INSTRUCTIONS = (
    "Long-term memory. Remember facts, preferences and decisions worth keeping "
    "(elfgraph_remember); before answering, get context (elfgraph_frame or elfgraph_recall: "
    "each block comes with its id in brackets); afterwards say what helped "
    "(elfgraph_outcome with those ids) and link related blocks (elfgraph_connect). "
    "elfgraph_dream files new memories; elfgraph_status says what to do next; "
    "elfgraph_guide explains any tool."
)


class ElfgraphMCPServer(MCPServer[Served]):
    """MCPServer whose argument errors read as plain sentences."""

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Served, Any] | None = None
    ) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(plain_words(name, exc.__cause__)) from None
            raise


def plain_words(tool: str, error: ValidationError) -> str:
    """`elfgraph_recall: top_k must be at least 1 (got 0).` — and what to do about it."""
    problems = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "the arguments"
        problems.append(f"{where} {_reason(item)}")
    operation = tool.removeprefix("elfgraph_")
    recovery = render(
        f'Call elfgraph_guide with {{"method": "{operation}"}} for its arguments and an '
        "example, and try again.",
        "mcp",
    )
    return f"{tool}: {'; '.join(problems)}. — Recovery: {recovery}"


def _reason(item: Any) -> str:
    kind, context = item["type"], item.get("ctx") or {}
    given = repr(item.get("input"))
    if len(given) > VALUE_CHARS:
        given = given[: VALUE_CHARS - 1] + "…"
    reasons = {
        "missing": "is required",
        "greater_than_equal": f"must be at least {context.get('ge')} (got {given})",
        "greater_than": f"must be more than {context.get('gt')} (got {given})",
        "less_than_equal": f"must be at most {context.get('le')} (got {given})",
        "less_than": f"must be less than {context.get('lt')} (got {given})",
        "literal_error": f"must be one of {context.get('expected')} (got {given})",
        "extra_forbidden": "is not an argument of this tool",
    }
    if kind in reasons:
        return reasons[kind]
    if kind.endswith(("_type", "_parsing")):
        wanted = kind.removesuffix("_type").removesuffix("_parsing").replace("_", " ")
        return f"must be a {wanted} (got {given})"
    return f"is not valid: {item['msg'].lower()} (got {given})"


def build_server(
    open_memory: Callable[[], Awaitable[MemorySystem]],
    *,
    idle_seconds: float = IDLE_SECONDS,
    check_seconds: float = CHECK_SECONDS,
) -> ElfgraphMCPServer:
    """An MCP server over the MemorySystem that `open_memory` opens when the server starts.
    A session opens with the first call and ends after `idle_seconds` without one."""

    @asynccontextmanager
    async def lifespan(_: MCPServer[Served]) -> AsyncIterator[Served]:
        memory = await open_memory()
        served = Served(memory, idle_seconds=idle_seconds)
        try:
            async with anyio.create_task_group() as watchers:
                watchers.start_soon(served.watch, check_seconds)
                try:
                    yield served
                finally:
                    watchers.cancel_scope.cancel()
        finally:
            await memory.close()  # ends the session: its hours join the space's clock

    server = ElfgraphMCPServer(
        "elfgraph", version=_version(), instructions=INSTRUCTIONS, lifespan=lifespan
    )
    register_tools(server)
    return server


async def serve(
    space: str,
    *,
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8765,
    open_memory: Callable[[str], Awaitable[MemorySystem]] = MemorySystem.open,
) -> None:
    """Open the space (a bad connection or space fails here, as one ElfgraphError, before
    any client connects), then serve it until the client goes."""
    memory = await open_memory(space)
    if transport == "stdio":
        opened = memory

        async def reuse() -> MemorySystem:
            return opened

        await build_server(reuse).run_stdio_async()
        return
    await memory.close()  # HTTP: each client session opens its own memory
    await build_server(lambda: open_memory(space)).run_streamable_http_async(host=host, port=port)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("elfgraph")
    except PackageNotFoundError:  # pragma: no cover - a bare checkout
        return "0.0.0"


def first_elfgraph_error(exc: BaseException) -> ElfgraphError | None:
    """The ElfgraphError inside an exception (group) raised while serving, if any."""
    if isinstance(exc, ElfgraphError):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            found = first_elfgraph_error(inner)
            if found is not None:
                return found
    return first_elfgraph_error(exc.__cause__) if exc.__cause__ is not None else None


__all__ = ["ElfgraphMCPServer", "build_server", "plain_words", "serve"]
