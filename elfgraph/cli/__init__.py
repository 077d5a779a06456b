"""The `elfgraph` command line.

Commands are thin: they call the library and print. Every ElfgraphError becomes one red
line plus its recovery on stderr and exit code 1 (see `_common.errors_as_exit`); bad usage
is exit code 2.
"""

from __future__ import annotations

import logging
import sys
from typing import Annotated

import typer

from elfgraph.cli import memory_commands, portability_commands
from elfgraph.cli.curate_command import curate
from elfgraph.cli.db_commands import db_app
from elfgraph.cli.demo_command import demo
from elfgraph.cli.mcp_command import mcp
from elfgraph.cli.neo4j_commands import neo4j_app

app = typer.Typer(
    name="elfgraph",
    help="Long-term memory for AI agents, on Neo4j.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def options(
    verbose: Annotated[
        int,
        typer.Option(
            "--verbose",
            "-v",
            count=True,
            help="Log what elfgraph does on stderr: -v each operation, -vv each query too.",
        ),
    ] = 0,
) -> None:
    """Long-term memory for AI agents, on Neo4j."""
    if verbose:
        show_logs(logging.DEBUG if verbose > 1 else logging.INFO)


def show_logs(level: int) -> None:
    """Send the `elfgraph.*` loggers to stderr (stdout stays for results and MCP)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name("elfgraph-cli")
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logger = logging.getLogger("elfgraph")
    logger.handlers = [h for h in logger.handlers if h.get_name() != "elfgraph-cli"]
    logger.addHandler(handler)
    logger.setLevel(level)


app.add_typer(neo4j_app, name="neo4j")
app.add_typer(db_app, name="db")
app.command()(demo)
memory_commands.register(app)
app.command()(curate)
app.command()(mcp)
portability_commands.register(app)


def main() -> None:
    """Console-script entry point."""
    app()
