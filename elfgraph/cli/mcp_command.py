"""`elfgraph mcp`: serve one space to an MCP host (stdio by default); `elfgraph mcp-config`:
the JSON an MCP client needs to start it."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from elfgraph.cli._common import SpaceOption, err, print_json
from elfgraph.errors import ConfigError, ElfgraphError
from elfgraph.faces import use_face
from elfgraph.spaces.names import validate_space_name

TRANSPORTS = ("stdio", "streamable-http")
# Passed on to the server when set here: where Neo4j is, never a password.
FORWARDED = (
    "NEO4J_URI",
    "ELFGRAPH_NEO4J_URI",
    "NEO4J_USERNAME",
    "ELFGRAPH_NEO4J_USERNAME",
    "NEO4J_DATABASE",
    "ELFGRAPH_NEO4J_DATABASE",
    "ELFGRAPH_NEO4J_HOME",
    "ELFGRAPH_CONFIG_FILE",
)


def fail(problem: str) -> typer.Exit:
    """One line on stderr, as an MCP host shows a server that would not start."""
    err.print(Text("elfgraph mcp: ", style="red") + Text(problem))
    return typer.Exit(1)


def mcp(
    space: SpaceOption = "default",
    transport: Annotated[
        str, typer.Option(help="stdio (for agent hosts) or streamable-http.")
    ] = "stdio",
    host: Annotated[str, typer.Option(help="streamable-http: address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="streamable-http: port.")] = 8765,
) -> None:
    """Serve one space to an MCP host: its operations as tools.

    The space opens first: a bad connection or password is one line on stderr and exit
    code 1."""
    with use_face("cli"):
        try:
            validate_space_name(space)
            if transport not in TRANSPORTS:
                raise ConfigError(
                    f"Unknown transport {transport!r}.",
                    recovery="Use --transport stdio (agent hosts) or --transport streamable-http.",
                )
            try:
                import anyio

                from elfgraph.mcp_server import first_elfgraph_error, serve
            except ImportError as exc:
                raise ConfigError(
                    f"The MCP server needs the `mcp` package ({exc}).",
                    recovery="Install elfgraph with its MCP extra: pip install '.[mcp]' in the "
                    "elfgraph clone.",
                ) from exc
        except ElfgraphError as exc:
            raise fail(exc.describe()) from exc
        if transport == "streamable-http":
            err.print(
                Text(
                    f"warning: {host}:{port} serves space {space!r} with no key: whoever reaches "
                    "the port reaches the space. `elfgraph serve` serves MCP behind keys per "
                    "space (docs/DEPLOYMENT.md).",
                    style="yellow",
                )
            )
        try:
            anyio.run(lambda: serve(space, transport=transport, host=host, port=port))
        except KeyboardInterrupt:
            return
        except BaseException as exc:  # the server's task groups wrap what went wrong
            found = first_elfgraph_error(exc)
            if found is None:
                raise fail(f"the server stopped: {type(exc).__name__}: {exc}") from exc
            raise fail(found.describe()) from exc


def command_path() -> str:
    """This `elfgraph` command's absolute path, as an MCP client must start it."""
    beside = Path(sys.executable).with_name("elfgraph")
    if beside.exists():
        return str(beside)
    argv0 = Path(sys.argv[0])
    if argv0.name == "elfgraph" and argv0.exists():
        return str(argv0.resolve())
    return shutil.which("elfgraph") or "elfgraph"


def mcp_config(
    space: SpaceOption = "default",
    name: Annotated[str, typer.Option(help="The server's name in the client.")] = "elfgraph",
) -> None:
    """Print the JSON that registers `elfgraph mcp` in an MCP client.

    For Claude Desktop, Cursor and the like: the command's absolute path, the space, and
    where Neo4j is when it is set here. Never a password: the local server's is read from
    its state file."""
    with use_face("cli"):
        try:
            validate_space_name(space)
        except ElfgraphError as exc:
            raise fail(exc.describe()) from exc
    entry: dict[str, Any] = {"command": command_path(), "args": ["mcp", "--space", space]}
    env = {key: os.environ[key] for key in FORWARDED if os.environ.get(key)}
    if env:
        entry["env"] = env
    print_json({"mcpServers": {name: entry}})
    if any("URI" in key for key in env):
        err.print(
            'Note: add NEO4J_PASSWORD to "env" in the client\'s own config; it is not printed.'
        )
