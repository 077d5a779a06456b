"""`elfgraph serve`: the knowledge service for every space of the database; `elfgraph keys
create | list | revoke`: the keys that open it (docs/DEPLOYMENT.md, "The service").

    elfgraph keys create --space my-agent --scope write --label agent-7
    elfgraph serve --port 8766
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.table import Table
from rich.text import Text

from elfgraph.cli._common import JsonOption, err, errors_as_exit, out, print_json, run, show_logs
from elfgraph.errors import ConfigError, ElfgraphError

if TYPE_CHECKING:
    from elfgraph.keys.models import KeyRecord, NewKey
    from elfgraph.store.database import Database

T = TypeVar("T")

keys_app = typer.Typer(help="The service's keys: create one (shown once), list, revoke.")


@errors_as_exit
def serve(
    host: Annotated[str, typer.Option(help="Address to bind (beyond loopback: use TLS).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="Port.")] = 8766,
    workers: Annotated[int, typer.Option(help="Server processes (each opens its own spaces).")] = 1,
    max_spaces: Annotated[int, typer.Option(help="Spaces open at once.")] = 64,
    idle_seconds: Annotated[float, typer.Option(help="Close a space unused this long.")] = 900.0,
    memory_mb: Annotated[
        float, typer.Option(help="Close idle spaces while the process is above this (0: no cap).")
    ] = 0.0,
    max_body_mb: Annotated[float, typer.Option(help="Largest request body.")] = 4.0,
    max_batch: Annotated[int, typer.Option(help="Most items in one learn_many or connects.")] = (
        1000
    ),
    key_cache_seconds: Annotated[
        float, typer.Option(help="How long a checked key is remembered (revocations wait this).")
    ] = 5.0,
    embedder: Annotated[
        str | None,
        typer.Option(
            help="module:callable returning an EmbeddingService (default: the local "
            "model of ELFGRAPH_EMBEDDER)."
        ),
    ] = None,
    ssl_certfile: Annotated[str | None, typer.Option(help="TLS certificate (PEM).")] = None,
    ssl_keyfile: Annotated[str | None, typer.Option(help="TLS private key (PEM).")] = None,
    no_warm_up: Annotated[
        bool,
        typer.Option(
            "--no-warm-up",
            help="Do not warm a Neo4j server that was not warmed since it started "
            "(~15 s of scratch work on 2 cores; see `elfgraph neo4j start`).",
        ),
    ] = False,
) -> None:
    """Serve every space of the database over HTTP: a JSON API under /v1, the MCP tools at
    /v1/spaces/SPACE/mcp, /openapi.json and /docs. Every call needs a key (`elfgraph keys
    create`)."""
    from pydantic import ValidationError

    from elfgraph.server.options import ServeOptions, embedder_factory

    try:
        options = ServeOptions(
            host=host,
            port=port,
            workers=workers,
            max_spaces=max_spaces,
            idle_seconds=idle_seconds,
            memory_mb=memory_mb,
            max_body_mb=max_body_mb,
            max_batch=max_batch,
            key_cache_seconds=key_cache_seconds,
            embedder=embedder,
            ssl_certfile=ssl_certfile,
            ssl_keyfile=ssl_keyfile,
        )
    except ValidationError as exc:
        raise ConfigError(
            f"Bad option: {exc.errors()[0]['loc'][0]} {exc.errors()[0]['msg'].lower()}.",
            recovery="Run `elfgraph serve --help` for the options.",
        ) from None
    if (ssl_certfile is None) != (ssl_keyfile is None):
        raise ConfigError(
            "TLS needs both --ssl-certfile and --ssl-keyfile.",
            recovery="Give both PEM files, or neither (and a reverse proxy with TLS).",
        )
    embedder_factory(embedder)  # a bad path fails here, before the server starts
    # An unreachable Neo4j is one error line, not a traceback; a new server is warmed
    # here, once, before any worker takes calls.
    run(lambda: _check_database(warm_up=not no_warm_up))
    if (warning := options.warning()) is not None:
        err.print(Text(warning, style="yellow"))
    handlers = logging.getLogger("elfgraph").handlers
    if not any(h.get_name() == "elfgraph-cli" for h in handlers):  # -v set its own
        show_logs(logging.WARNING)  # a failed call's traceback reaches the server's log
    scheme = "https" if options.tls else "http"
    err.print(f"elfgraph serve: {scheme}://{host}:{port} (docs at /docs); Ctrl-C stops it.")
    from elfgraph.server.run import serve as run_server

    run_server(options)


async def _check_database(*, warm_up: bool) -> None:
    from elfgraph.config.connection import load_settings
    from elfgraph.schema.migrations import open_database
    from elfgraph.warm_up import warm_up_server

    database = await open_database(load_settings())
    try:
        if warm_up:
            await warm_up_server(database, progress=lambda line: err.print(Text(line, style="dim")))
    except ElfgraphError as exc:  # the service still starts: only a first space is slower
        err.print(Text(f"warning: the warm-up did not finish: {exc.message}", style="yellow"))
    finally:
        await database.close()


def key_table(keys: list[KeyRecord]) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("id", "space", "scope", "label", "created", "revoked"):
        table.add_column(column)
    for k in keys:
        table.add_row(
            k.id, k.space or "(all)", k.scope, k.label, k.created_at[:19], (k.revoked_at or "")[:19]
        )
    return table


@keys_app.command("create")
@errors_as_exit
def create_key(
    space: Annotated[str | None, typer.Option("--space", "-s", help="The space it opens.")] = None,
    all_spaces: Annotated[
        bool, typer.Option("--all-spaces", help="Open every space (admin: manage spaces).")
    ] = False,
    scope: Annotated[str, typer.Option(help="read, write or admin.")] = "read",
    label: Annotated[str, typer.Option(help="Who holds it, for `keys list`.")] = "",
    json_output: JsonOption = False,
) -> None:
    """Make a key and print it once (only its hash is stored)."""
    if (space is None) == (not all_spaces):
        raise ConfigError(
            "Give --space SPACE or --all-spaces (not both).",
            recovery="A key opens one space, or with --all-spaces every space.",
        )

    async def work() -> NewKey:
        from elfgraph.keys.manage import create_key as make

        return await _with_database(lambda db: make(db, space=space, scope=scope, label=label))

    made = run(work)
    if json_output:
        print_json({"id": made.id, "key": made.key})
        return
    out.print(made.key)
    err.print(Text(made.summary, style="dim"))


@keys_app.command("list")
@errors_as_exit
def list_keys(
    space: Annotated[str | None, typer.Option("--space", "-s", help="Only this space's.")] = None,
    json_output: JsonOption = False,
) -> None:
    """Every key: id, space, scope, label, when made and revoked; never a secret."""

    async def work() -> list[KeyRecord]:
        from elfgraph.keys.manage import list_keys as listed

        return await _with_database(lambda db: listed(db, space=space))

    found = run(work)
    if json_output:
        print_json([k.to_dict() for k in found])
    elif found:
        out.print(key_table(found))
    else:
        out.print("No keys yet: `elfgraph keys create --space SPACE --scope write` makes one.")


@keys_app.command("revoke")
@errors_as_exit
def revoke_key(
    key_id: Annotated[str, typer.Argument(help="The key's id (from `elfgraph keys list`).")],
    json_output: JsonOption = False,
) -> None:
    """Revoke a key: servers refuse it within --key-cache-seconds (5 s)."""

    async def work() -> KeyRecord:
        from elfgraph.keys.manage import revoke_key as revoke

        return await _with_database(lambda db: revoke(db, key_id))

    record = run(work)
    if json_output:
        print_json(record.to_dict())
    else:
        out.print(record.summary)


async def _with_database(work: Callable[[Database], Awaitable[T]]) -> T:
    from elfgraph.config.connection import load_settings
    from elfgraph.schema.migrations import open_database

    async with await open_database(load_settings()) as database:
        return await work(database)


def register(app: typer.Typer) -> None:
    app.command()(serve)
    app.add_typer(keys_app, name="keys")
