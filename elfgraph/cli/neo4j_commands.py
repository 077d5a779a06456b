"""`elfgraph neo4j start|status|stop|env`: a local Neo4j server without Docker."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from elfgraph.cli._common import err, errors_as_exit, out, print_json, run

if TYPE_CHECKING:
    from elfgraph.neo4j_server import LocalNeo4j

neo4j_app = typer.Typer(
    help="Run a local Neo4j Community server (5.26 on Java 17/21, or a calendar release on "
    "Java 21/25; jars from Maven Central).",
    no_args_is_help=True,
)

HomeOption = Annotated[
    Path | None,
    typer.Option(
        "--home",
        envvar="ELFGRAPH_NEO4J_HOME",
        help="Instance folder (config, data, logs, state). Default: ~/.local/share/elfgraph/neo4j.",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def local(home: Path | None) -> LocalNeo4j:
    from elfgraph.neo4j_server import LocalNeo4j

    return LocalNeo4j(home)


@neo4j_app.command()
@errors_as_exit
def start(
    home: HomeOption = None,
    bolt_port: Annotated[
        int | None, typer.Option(help="Bolt port (default: 7687 if free, else any free port).")
    ] = None,
    http_port: Annotated[
        int | None, typer.Option(help="HTTP/Browser port (default: 7474 if free, else any).")
    ] = None,
    no_auth: Annotated[
        bool, typer.Option("--no-auth", help="Disable authentication (tests only).")
    ] = False,
    heap: Annotated[str, typer.Option(help="JVM heap size.")] = "1g",
    page_cache: Annotated[str, typer.Option(help="Neo4j page cache size.")] = "512m",
    timeout: Annotated[float, typer.Option(help="Seconds to wait until Bolt answers.")] = 120.0,
    neo4j_version: Annotated[
        str | None,
        typer.Option(
            "--neo4j-version",
            envvar="ELFGRAPH_NEO4J_VERSION",
            help="Neo4j release of a new instance: 5.26.30 (default) or a calendar release "
            "such as 2026.08.1 (Java 21/25; its vector index computes with SIMD). An instance "
            "keeps the release that created its data.",
        ),
    ] = None,
    no_warm_up: Annotated[
        bool,
        typer.Option(
            "--no-warm-up",
            help="Skip the warm-up: ~15 s of elfgraph's own work on a scratch space, "
            "so a new server's first real space is not slowed by its JVM compiling.",
        ),
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Start the server (assembling it from Maven Central on first use) and warm it up;
    no-op if it runs."""
    server = local(home)
    steps = err if json_output else out  # --json keeps stdout for the JSON
    if not server.is_running():
        steps.print(f"Starting Neo4j in {server.home} …")
    status = server.start(
        bolt_port=bolt_port,
        http_port=http_port,
        auth=not no_auth,
        heap=heap,
        page_cache=page_cache,
        timeout=timeout,
        progress=lambda line: steps.print(Text(line, style="dim")),
        version=neo4j_version,
    )
    if not status.already_running and not no_warm_up:
        warm_up(server, lambda line: steps.print(Text(line, style="dim")))
    if json_output:
        print_json(status.to_dict())
        return
    if status.already_running:
        out.print(f"Already running (pid {status.pid}); not starting another.")
    out.print(Text("Bolt:    ") + Text(str(status.bolt_uri), style="bold"))
    out.print(Text("Browser: ") + Text(str(status.browser_url), style="bold"))
    out.print("Credentials for your shell: eval $(elfgraph neo4j env)")


def warm_up(server: LocalNeo4j, tell: Callable[[str], None]) -> None:
    """Warm the server just started (elfgraph/warm_up/). A warm-up that fails is a warning:
    the server runs, only its first space is slower."""
    from elfgraph.errors import ElfgraphError
    from elfgraph.warm_up import warm_local_server

    try:
        report = run(lambda: warm_local_server(server, tell))
    except ElfgraphError as exc:
        err.print(Text(f"warning: the warm-up did not finish: {exc.message}", style="yellow"))
        return
    if report is not None:
        tell(f"Warmed up in {report.seconds:.1f} s.")


@neo4j_app.command()
@errors_as_exit
def status(home: HomeOption = None, json_output: JsonOption = False) -> None:
    """Say whether the server runs, and where (exit code 3 when it does not)."""
    report = local(home).status()
    if json_output:
        print_json(report.to_dict())
    elif report.running:
        out.print(f"running  pid {report.pid}  Neo4j {report.neo4j_version}")
        out.print(f"Bolt:    {report.bolt_uri}")
        out.print(f"Browser: {report.browser_url}")
        out.print(f"home:    {report.home}")
    else:
        out.print(f"stopped  (home {report.home}); start it with `elfgraph neo4j start`")
    if not report.running:
        raise typer.Exit(3)


@neo4j_app.command()
@errors_as_exit
def stop(home: HomeOption = None) -> None:
    """Stop the server cleanly (SIGTERM, then SIGKILL after 60 s)."""
    if local(home).stop():
        out.print("Stopped.")
    else:
        out.print("Not running.")


@neo4j_app.command()
@errors_as_exit
def env(home: HomeOption = None) -> None:
    """Print `export NEO4J_URI=… NEO4J_USERNAME=… NEO4J_PASSWORD=…` for `eval $(…)`."""
    for line in local(home).env_lines():
        typer.echo(line)
