"""`elfgraph forget` and `elfgraph correct` (docs/BEHAVIOUR.md §12). A forget shows what will
go (the blocks with their text) and asks on a terminal; elsewhere (a script, --json) it needs
--yes, since nothing brings a forgotten block back."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from elfgraph.cli._common import (
    JsonOption,
    SpaceOption,
    errors_as_exit,
    out,
    print_json,
    with_memory,
)
from elfgraph.errors import ForgetError

if TYPE_CHECKING:
    from elfgraph.forgetting.models import ForgetResult
    from elfgraph.protocol import Memory

PREVIEW_CHARS = 100


def on_a_terminal() -> bool:
    """Someone can answer a question: standard input is a terminal."""
    return sys.stdin.isatty()


def preview_table(result: ForgetResult) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("id", "status", "why", "content"):
        table.add_column(column)
    for block in result.blocks:
        content = " ".join((block.content or "").split())
        if len(content) > PREVIEW_CHARS:
            content = content[: PREVIEW_CHARS - 1] + "…"
        table.add_row(block.id, block.status, block.cause.replace("_", " "), content)
    return table


def asked(result: ForgetResult, *, yes: bool, interactive: bool) -> bool:
    """Whether to go on: --yes, or a person said so on a terminal."""
    if yes:
        return True
    if not interactive:
        raise ForgetError(
            f"Forgetting {len(result.blocks)} block(s) deletes them for good, and there is no "
            "terminal to ask on.",
            recovery="Pass `--yes` to forget them, or `--dry-run` to see what would go.",
        )
    out.print(preview_table(result))
    out.print(result.summary)
    return typer.confirm(f"Forget these {len(result.blocks)} block(s) for good?", default=False)


@errors_as_exit
def forget(
    block_ids: Annotated[
        list[str] | None,
        typer.Argument(help="Ids (or their first 6+ characters) of the blocks to forget."),
    ] = None,
    matching: Annotated[
        str | None,
        typer.Option(
            "--matching", "-m", help="Forget the blocks whose text contains this (any case)."
        ),
    ] = None,
    reason: Annotated[str | None, typer.Option(help="Why; kept in the tombstones.")] = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Do not ask (needed off a terminal).")
    ] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would go; change nothing.")
    ] = False,
    limit: Annotated[
        int, typer.Option(min=1, max=10_000, help="With --matching: at most this many blocks.")
    ] = 100,
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Delete blocks for good, with every trace of their text (ids, edges, absorbed copies).

    Shows the blocks and asks first; the space keeps a tombstone per block (when, why)."""
    if bool(block_ids) == (matching is not None):
        raise typer.BadParameter("give block ids, or --matching TEXT (not both)")
    interactive = on_a_terminal() and not json_output

    async def work(memory: Memory) -> ForgetResult | None:
        if matching is not None:
            found = await memory.forget_matching(matching, reason=reason, limit=limit)
        else:
            found = await memory.forget(block_ids or [], reason=reason, dry_run=True)
        if dry_run or not found.blocks:
            return found
        if not asked(found, yes=yes, interactive=interactive):
            return None
        named = [block.id for block in found.blocks if block.cause == "named"]
        return await memory.forget(named, reason=reason)

    result = with_memory(space, work, embeds=True)
    if json_output:
        print_json(result.to_dict() if result is not None else {"cancelled": True})
    elif result is None:
        out.print("Cancelled: nothing was forgotten.")
    else:
        if result.dry_run and result.blocks:
            out.print(preview_table(result))
        out.print(result.summary)


@errors_as_exit
def correct(
    block_id: Annotated[str, typer.Argument(help="The block to correct (6+ characters).")],
    new_content: Annotated[str, typer.Argument(help="What is true now; - reads standard input.")],
    reason: Annotated[str | None, typer.Option(help="Why it changed.")] = None,
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Replace a fact that changed: the new text is recalled at once; the old block is
    archived and its id names the new one."""
    text = sys.stdin.read() if new_content == "-" else new_content
    result = with_memory(space, lambda m: m.correct(block_id, text, reason=reason), embeds=True)
    if json_output:
        print_json(result.to_dict())
    else:
        out.print(result.summary)


def register(app: typer.Typer) -> None:
    for command in (forget, correct):
        app.command()(command)
