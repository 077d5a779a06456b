"""The `elfgraph` command line.

Commands are thin: they call the library and print. Every ElfgraphError becomes one red
line plus its recovery on stderr (with `--json`: a JSON object on stdout) and exit code
1; bad usage is exit code 2. Recoveries name commands, not Python methods. Modules import
the driver, numpy and the model only inside the commands that need them, so `--help`,
`--version` and `guide` start quickly.
"""

from __future__ import annotations

import logging
import sys
from typing import Annotated

import typer

from elfgraph.cli import (
    forget_commands,
    memory_commands,
    portability_commands,
    serve_command,
    space_commands,
)
from elfgraph.cli._common import print_json, show_logs
from elfgraph.cli.curate_command import curate
from elfgraph.cli.db_commands import db_app
from elfgraph.cli.demo_command import demo
from elfgraph.cli.mcp_command import mcp, mcp_config
from elfgraph.cli.neo4j_commands import neo4j_app
from elfgraph.config.threads import quiet_blas_threads

app = typer.Typer(
    name="elfgraph",
    help="Long-term memory for AI agents, on Neo4j.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def version() -> str:
    """The installed package's version (the source tree's when not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("elfgraph")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        from elfgraph import __version__

        return __version__


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"elfgraph {version()}")
        raise typer.Exit()


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
    _version: Annotated[
        bool,
        typer.Option(
            "--version", callback=show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Long-term memory for AI agents, on Neo4j."""
    if verbose:
        show_logs(logging.DEBUG if verbose > 1 else logging.INFO)


app.add_typer(neo4j_app, name="neo4j")
app.add_typer(db_app, name="db")
app.command()(demo)
memory_commands.register(app)
forget_commands.register(app)
space_commands.register(app)
app.command()(curate)
app.command()(mcp)
app.command("mcp-config")(mcp_config)
portability_commands.register(app)
serve_command.register(app)


def main() -> None:
    """Console-script entry point. With --json, bad usage is a JSON object on stdout too.
    Its process is elfgraph's own, so numpy's idle BLAS threads sleep (config.threads)."""
    quiet_blas_threads()  # before any command imports numpy
    arguments = sys.argv[1:]
    if "--json" not in arguments:
        app()
        return
    try:
        code = app(args=arguments, standalone_mode=False)
    except Exception as exc:
        if not hasattr(exc, "format_message"):  # click's usage errors have it; bugs do not
            raise
        print_json(
            {
                "error": "UsageError",
                "message": exc.format_message(),
                "recovery": "Run the command with --help for its arguments.",
            }
        )
        sys.exit(getattr(exc, "exit_code", 2))
    sys.exit(code if isinstance(code, int) else 0)
