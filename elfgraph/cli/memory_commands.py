"""The memory operations as commands: remember, dream, recall, frame, outcome, connect,
disconnect. Each opens the space (`--space`, or ELFGRAPH_SPACE, or `default`), does one
thing, and prints a sentence, a table, or JSON with `--json`. Only `remember` creates a
space; the others refuse an unknown one and list the known ones."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer
from rich.table import Table
from rich.text import Text

from elfgraph.cli._common import (
    JsonOption,
    SpaceOption,
    errors_as_exit,
    out,
    print_json,
    progress_bar,
    with_memory,
)
from elfgraph.edges.rules import IF_EXISTS, IfExists
from elfgraph.errors import LearnError

if TYPE_CHECKING:
    from elfgraph.records import Record
    from elfgraph.retrieval.models import ScoredBlock

TopK = Annotated[
    int | None,
    typer.Option("--top-k", "-k", min=1, max=100, help="How many blocks (default: the config's)."),
]
PREVIEW_CHARS = 100


def show(result: Record | None, json_output: bool, empty: str = "Nothing to do.") -> None:
    if json_output:
        print_json(result.to_dict() if result is not None else None)
    else:
        out.print(result.summary if result is not None else empty)


def blocks_table(blocks: list[ScoredBlock]) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("id", "score", "content"):
        table.add_column(column, justify="right" if column == "score" else "left")
    for b in blocks:
        content = " ".join(b.content.split())
        if len(content) > PREVIEW_CHARS:
            content = content[: PREVIEW_CHARS - 1] + "…"
        mark = "(pending) " if b.pending else "(expanded) " if b.was_expanded else ""
        table.add_row(b.id, f"{b.score:.2f}", mark + content)
    return table


def read_content(content: str | None, file: Path | None) -> str:
    """The text to remember: the argument, standard input for "-", or a file."""
    if file is not None and content is not None:
        raise typer.BadParameter("give the content or --file, not both")
    if file is not None:
        try:
            return file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise LearnError(
                f"Cannot read {file}: {exc}.",
                recovery="Pass a readable UTF-8 text file, or the text itself.",
            ) from exc
    if content is None:
        raise typer.BadParameter("give the content, - to read it from standard input, or --file")
    if content == "-":
        return sys.stdin.read()
    return content


@errors_as_exit
def remember(
    content: Annotated[
        str | None,
        typer.Argument(help="The fact, preference or decision; - reads standard input."),
    ] = None,
    file: Annotated[
        Path | None, typer.Option("--file", "-f", help="Read the content from a file.")
    ] = None,
    tag: Annotated[list[str] | None, typer.Option("--tag", "-t", help="A tag; repeatable.")] = None,
    category: Annotated[str, typer.Option(help="knowledge, preference, decision, …")] = "knowledge",
    occurred_at: Annotated[
        str | None,
        typer.Option(help="When it happened or was said: an ISO date or date-time."),
    ] = None,
    speaker: Annotated[str | None, typer.Option(help="Who said or wrote it.")] = None,
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Store a block: recallable by its words at once, fully after `elfgraph dream`.

    Creates the space if it does not exist yet."""
    text = read_content(content, file)
    result = with_memory(
        space,
        lambda m: m.remember(
            text,
            tag,
            category=category,
            source="cli",
            occurred_at=occurred_at,
            speaker=speaker,
        ),
        create=True,
    )
    show(result, json_output)


@errors_as_exit
def dream(space: SpaceOption = "default", json_output: JsonOption = False) -> None:
    """Consolidate the inbox: embed, deduplicate, link."""
    with progress_bar("dream", enabled=not json_output) as progress:
        result = with_memory(space, lambda m: m.dream(progress=progress), embeds=True)
    show(result, json_output, "Nothing to consolidate. Inbox was empty.")


@errors_as_exit
def recall(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    top_k: TopK = None,
    frame: Annotated[str, typer.Option(help="Ranking: attention, self or task.")] = "attention",
    as_of: Annotated[
        str | None,
        typer.Option(help="The day 'yesterday' or 'last week' counts from (ISO; default now)."),
    ] = None,
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """The blocks that best match a query, with their ids (changes nothing)."""
    blocks = with_memory(
        space, lambda m: m.recall(query, top_k=top_k, frame=frame, as_of=as_of), embeds=True
    )
    if json_output:
        print_json([b.to_dict() for b in blocks])
    elif blocks:
        out.print(blocks_table(blocks))
    else:
        out.print("No blocks match (is the space empty?).")


@errors_as_exit
def frame(
    name: Annotated[str, typer.Argument(help="attention, self or task.")],
    query: Annotated[str | None, typer.Argument(help="The question or task.")] = None,
    top_k: TopK = None,
    ids: Annotated[
        bool, typer.Option("--ids/--no-ids", help="Start each line with the block's short id.")
    ] = True,
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Context for a prompt; reinforces the blocks it returns."""
    result = with_memory(space, lambda m: m.frame(name, query, top_k=top_k, ids=ids), embeds=True)
    if json_output:
        print_json(result.to_dict())
    else:
        typer.echo(result.text or "(empty frame)")
        out.print(Text(result.summary, style="dim"))


@errors_as_exit
def outcome(
    block_ids: Annotated[
        list[str], typer.Argument(help="Ids (or their first 6+ characters) of blocks used.")
    ],
    signal: Annotated[float, typer.Option(help="0 misled … 1 helped.")],
    weight: Annotated[float, typer.Option(help="Strength of the evidence.")] = 1.0,
    source: Annotated[str, typer.Option(help="Where the signal came from.")] = "cli",
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Say how much some blocks helped."""
    result = with_memory(
        space, lambda m: m.outcome(block_ids, signal, weight=weight, source=source)
    )
    show(result, json_output)


@errors_as_exit
def connect(
    source: Annotated[str, typer.Argument(help="A block id (or its first 6+ characters).")],
    target: Annotated[str, typer.Argument(help="Another block id.")],
    relation: Annotated[
        str | None, typer.Option(help="similar, supports, elaborates, … or your own word.")
    ] = None,
    weight: Annotated[float | None, typer.Option(help="0-1; default by relation.")] = None,
    note: Annotated[str | None, typer.Option(help="Why they are related.")] = None,
    if_exists: Annotated[str, typer.Option(help=f"One of {', '.join(IF_EXISTS)}.")] = "reinforce",
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Record that two blocks are related."""
    result = with_memory(
        space,
        lambda m: m.connect(
            source, target, relation, weight=weight, note=note, if_exists=cast(IfExists, if_exists)
        ),
    )
    show(result, json_output)


@errors_as_exit
def disconnect(
    source: Annotated[str, typer.Argument(help="A block id (or its first 6+ characters).")],
    target: Annotated[str, typer.Argument(help="Another block id.")],
    guard_relation: Annotated[
        str | None, typer.Option(help="Only remove an edge of this relation.")
    ] = None,
    reason: Annotated[str | None, typer.Option(help="Why it is wrong.")] = None,
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Remove the edge between two blocks."""
    result = with_memory(
        space,
        lambda m: m.disconnect(source, target, guard_relation=guard_relation, reason=reason),
    )
    show(result, json_output)


def register(app: typer.Typer) -> None:
    for command in (remember, dream, recall, frame, outcome, connect, disconnect):
        app.command()(command)
