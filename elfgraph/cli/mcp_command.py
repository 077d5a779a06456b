"""`elfgraph mcp`: serve one space to an MCP host (stdio by default)."""

from __future__ import annotations

from typing import Annotated, Literal

import typer

from elfgraph.cli._common import errors_as_exit
from elfgraph.cli.memory_commands import SpaceOption
from elfgraph.errors import ConfigError
from elfgraph.memory import MemorySystem
from elfgraph.spaces.names import validate_space_name


@errors_as_exit
def mcp(
    space: SpaceOption = "default",
    transport: Annotated[
        str, typer.Option(help="stdio (for agent hosts) or streamable-http.")
    ] = "stdio",
    host: Annotated[str, typer.Option(help="streamable-http: address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="streamable-http: port.")] = 8765,
) -> None:
    """Serve one space to an MCP host: its operations as tools."""
    validate_space_name(space)
    if transport not in ("stdio", "streamable-http"):
        raise ConfigError(
            f"Unknown transport {transport!r}.",
            recovery="Use --transport stdio (agent hosts) or --transport streamable-http.",
        )
    try:
        from elfgraph.mcp_server import build_server
    except ImportError as exc:
        raise ConfigError(
            f"The MCP server needs the `mcp` package ({exc}).",
            recovery="pip install 'elfgraph[mcp]'",
        ) from exc
    server = build_server(lambda: MemorySystem.open(space))
    if transport == "stdio":
        server.run("stdio")
    else:
        chosen: Literal["streamable-http"] = "streamable-http"
        server.run(chosen, host=host, port=port)
