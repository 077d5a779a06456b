"""`elfgraph db migrate|status`: the schema of the configured Neo4j."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from elfgraph.cli._common import errors_as_exit, out, print_json, run

if TYPE_CHECKING:
    from elfgraph.schema.migrations import SchemaStatus

db_app = typer.Typer(help="Schema migrations and indexes of the configured Neo4j.")
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


@db_app.command("migrate")
@errors_as_exit
def migrate_command(json_output: JsonOption = False) -> None:
    """Apply pending schema migrations (also done automatically on first connect)."""
    from elfgraph.config.connection import load_settings
    from elfgraph.schema.migrations import migrate
    from elfgraph.store.database import Database

    async def work() -> tuple[str, list[str]]:
        database = await Database.connect(load_settings())
        async with database:
            return database.uri, await migrate(database)

    uri, applied = run(work)
    if json_output:
        print_json({"uri": uri, "applied": applied})
    elif applied:
        out.print(f"Applied {len(applied)} migration(s) to {uri}: {', '.join(applied)}")
    else:
        out.print(f"Schema of {uri} is up to date.")


@db_app.command("status")
@errors_as_exit
def status_command(json_output: JsonOption = False) -> None:
    """List applied and pending migrations and every index with its state."""
    from elfgraph.config.connection import load_settings
    from elfgraph.schema.migrations import schema_status
    from elfgraph.store.database import Database

    async def work() -> SchemaStatus:
        database = await Database.connect(load_settings())
        async with database:
            return await schema_status(database)

    report = run(work)
    if json_output:
        print_json(report.to_dict())
        return
    migrations = Table(title=f"Migrations — {report.uri} ({report.database})")
    for column in ("version", "name", "state", "applied at"):
        migrations.add_column(column)
    for m in report.migrations:
        colour = {"applied": "green", "pending": "yellow"}.get(m.state, "red")
        migrations.add_row(m.version, m.name, Text(m.state, style=colour), m.applied_at or "")
    out.print(migrations)
    indexes = Table(title="Indexes")
    for column in ("name", "type", "on", "state", "populated"):
        indexes.add_column(column)
    for i in report.indexes:
        on = f"{','.join(i.labels or [])}({','.join(i.properties or [])})"
        colour = "green" if i.state == "ONLINE" else "yellow"
        indexes.add_row(
            i.name, i.type, on, Text(i.state, style=colour), f"{i.population_percent:.0f}%"
        )
    out.print(indexes)
    out.print(report.summary)
