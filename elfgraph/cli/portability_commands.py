"""`elfgraph export`, `elfgraph import` and `elfgraph import-elfmem`: a space to a file and
back, and an elfmem database into a space (docs/PORTABILITY.md).

    elfgraph export --space my-agent --out my-agent.jsonl.gz
    elfgraph import my-agent.jsonl.gz --space my-agent-copy
    elfgraph import-elfmem ~/.elfmem/memory.db --space my-agent

A progress bar goes to stderr on a terminal (never with --json); the result is one
sentence, or JSON with --json. Bad input is one `error:` line naming the file and line,
and nothing is imported.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from elfgraph.cli._common import (
    err,
    errors_as_exit,
    out,
    print_json,
    progress_bar,
    run,
    service_url,
    with_admin,
    with_memory,
)

if TYPE_CHECKING:  # the commands import the library when they run: --help stays light
    from rich.console import JustifyMethod
    from rich.table import Table

    from elfgraph.portability.models import ElfmemImportResult, ExportResult, ImportResult

JsonOption = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


@errors_as_exit
def export(
    space: Annotated[
        str, typer.Option("--space", "-s", envvar="ELFGRAPH_SPACE", help="The space to export.")
    ],
    out_file: Annotated[
        str | None,
        typer.Option("--out", "-o", help="The file to write (.gz compresses); default stdout."),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Write a space to a JSON Lines file: blocks with embeddings, edges, sessions, outcomes."""
    target = out_file or "-"
    if target == "-" and sys.stdout.isatty():
        raise typer.BadParameter(
            "give --out FILE, or redirect stdout to a file", param_hint="--out"
        )

    from elfgraph.config.connection import load_settings
    from elfgraph.portability.export import export_space
    from elfgraph.schema.migrations import open_database

    async def work() -> ExportResult:
        async with await open_database(load_settings()) as database:
            with progress_bar(f"export {space}", enabled=not json_output) as update:
                return await export_space(database, space, target, progress=update)

    if service_url():
        result = with_memory(space, lambda memory: memory.export(target))
    else:
        result = run(work)
    report = err if target == "-" else out
    if json_output and target != "-":
        print_json(result.to_dict())
    elif json_output:  # stdout holds the export itself
        err.print_json(data=result.to_dict())
    else:
        report.print(result.summary, markup=False)


@errors_as_exit
def import_file(
    file: Annotated[
        str | None, typer.Argument(help="An export file (.gz too), or - for stdin.")
    ] = None,
    space: Annotated[
        str | None,
        typer.Option("--space", "-s", help="The new space's name (default: the one in the file)."),
    ] = None,
    merge: Annotated[
        bool,
        typer.Option("--merge", help="Add the file to an existing space (docs/PORTABILITY.md)."),
    ] = False,
    discard_unfinished: Annotated[
        bool,
        typer.Option(
            "--discard-unfinished",
            help="Delete what killed imports left behind (only when none is running).",
        ),
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Read an export file into a new space (or --merge it into one); all or nothing."""
    from elfgraph.config.connection import load_settings
    from elfgraph.schema.migrations import open_database

    if discard_unfinished:
        if file is not None:
            raise typer.BadParameter("--discard-unfinished takes no FILE")

        from elfgraph.portability.claims import discard_unfinished_imports

        async def discard() -> list[str]:
            async with await open_database(load_settings()) as database:
                return await discard_unfinished_imports(database)

        targets = run(discard)
        if json_output:
            print_json({"discarded": targets})
        else:
            out.print(
                f"Discarded {len(targets)} unfinished import(s): {', '.join(targets) or '-'}."
            )
        return
    if file is None:
        raise typer.BadParameter("give the export FILE to import (or - for stdin)")
    if service_url():
        if space is None:
            raise typer.BadParameter("through a service, name the space: --space NAME")
        target_space = space
        done = with_admin(lambda admin: admin.import_space(file, space=target_space, merge=merge))
        print_json(done.to_dict()) if json_output else out.print(done.summary, markup=False)
        return
    from elfgraph.config.loading import ElfgraphConfig
    from elfgraph.portability.importing import import_space

    config = ElfgraphConfig.load().memory
    source = file
    label = f"import {Path(source).name}"

    async def work() -> ImportResult:
        async with await open_database(load_settings()) as database:
            with progress_bar(label, enabled=not json_output, in_bytes=True) as bar:
                return await import_space(
                    database, source, space=space, merge=merge, config=config, progress=bar
                )

    result = run(work)
    if json_output:
        print_json(result.to_dict())
    else:
        out.print(result.summary, markup=False)


def unmapped_table(result: ElfmemImportResult) -> Table:
    from rich.table import Table

    table = Table(title="Not mapped", show_edge=False, pad_edge=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("what", "left"),
        ("count", "right"),
        ("why", "left"),
    )
    for column, justify in columns:
        table.add_column(column, justify=justify)
    for item in result.unmapped:
        table.add_row(item.what, f"{item.count:,}", item.reason)
    return table


@errors_as_exit
def import_elfmem(
    path: Annotated[Path, typer.Argument(help="The elfmem SQLite database (e.g. memory.db).")],
    space: Annotated[str, typer.Option("--space", "-s", help="The new space's name.")],
    json_output: JsonOption = False,
) -> None:
    """Bring an elfmem database into a new space; reports what could not be mapped."""
    from elfgraph.config.connection import load_settings
    from elfgraph.config.loading import ElfgraphConfig
    from elfgraph.portability.elfmem_import import import_elfmem as import_elfmem_database
    from elfgraph.schema.migrations import open_database

    config = ElfgraphConfig.load().memory

    async def work() -> ElfmemImportResult:
        async with await open_database(load_settings()) as database:
            return await import_elfmem_database(database, path, space=space, config=config)

    result = run(work)
    if json_output:
        print_json(result.to_dict())
        return
    out.print(result.summary, markup=False)
    if result.unmapped:
        out.print(unmapped_table(result))


def register(app: typer.Typer) -> None:
    app.command()(export)
    app.command("import")(import_file)
    app.command("import-elfmem")(import_elfmem)
