"""Commands about spaces and the memory itself: status, spaces (list, create), guide."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from elfgraph.cli._common import (
    JsonOption,
    SpaceOption,
    errors_as_exit,
    out,
    print_json,
    run,
    service_url,
    with_admin,
    with_memory,
)
from elfgraph.guide import guide

if TYPE_CHECKING:
    from elfgraph.spaces.models import SpaceRecord

spaces_app = typer.Typer(
    help="The spaces of the database: list them (the default), or create one.",
    invoke_without_command=True,
)


def for_people(value: Any) -> str:
    """A status value as a person reads it: floats rounded (--json keeps them exact)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


@errors_as_exit
def status(space: SpaceOption = "default", json_output: JsonOption = False) -> None:
    """Counts, clock, health and what to do next."""
    result = with_memory(space, lambda m: m.status())
    if json_output:
        print_json(result.to_dict())
        return
    table = Table(show_header=False, show_edge=False, pad_edge=False)
    for key, value in result.to_dict().items():
        table.add_row(key, for_people(value))
    out.print(table)
    out.print(result.summary)


def guide_command(
    method: Annotated[str | None, typer.Argument(help="A command; leave out for all.")] = None,
) -> None:
    """What each memory command is for, with an example (no database needed)."""
    typer.echo(guide(method, face="cli"))  # plain: no wrapping of the examples


async def _spaces() -> list[SpaceRecord]:
    from elfgraph.config.connection import load_settings
    from elfgraph.schema.migrations import open_database
    from elfgraph.spaces.registry import list_spaces

    async with await open_database(load_settings()) as database:
        return await list_spaces(database)


@spaces_app.callback()
@errors_as_exit
def spaces(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """The spaces in the database, with their block counts and clocks."""
    if ctx.invoked_subcommand is not None:
        return
    found = with_admin(lambda admin: admin.list_spaces()) if service_url() else run(_spaces)
    if json_output:
        print_json([s.to_dict() for s in found])
        return
    if not found:
        out.print("No spaces yet: `elfgraph remember` or `elfgraph spaces create` makes one.")
        return
    table = Table(show_edge=False, pad_edge=False)
    for column in ("space", "blocks", "active hours", "embedding model"):
        table.add_column(column)
    for s in found:
        table.add_row(
            s.name,
            "" if s.block_count is None else str(s.block_count),
            f"{s.total_active_hours:.2f}",
            s.embedding_model or "",
        )
    out.print(table)


@spaces_app.command("create")
@errors_as_exit
def create_space(
    name: Annotated[str, typer.Argument(help="The new space's name.")],
    json_output: JsonOption = False,
) -> None:
    """Create an empty space (storing its first block creates one too)."""
    from elfgraph.config.connection import load_settings
    from elfgraph.schema.migrations import open_database
    from elfgraph.spaces.registry import find_space, open_space

    async def work() -> tuple[bool, SpaceRecord]:
        async with await open_database(load_settings()) as database:
            existed = await find_space(database, name) is not None
            return existed, await open_space(database, name)

    if service_url():
        created, record = with_admin(lambda admin: admin.create_space(name))
        existed = not created
    else:
        existed, record = run(work)
    if json_output:
        print_json({"created": not existed, "space": record.to_dict()})
    else:
        out.print(f"Space {name!r} already exists." if existed else f"Created space {name!r}.")


def register(app: typer.Typer) -> None:
    app.command()(status)
    app.add_typer(spaces_app, name="spaces")
    app.command("guide")(guide_command)
