"""The memory operations as commands: remember, dream, recall, frame, outcome, connect,
disconnect, status, guide, spaces. Each opens the space (`--space`, or ELFGRAPH_SPACE, or
`default`), does one thing, and prints a sentence, a table, or JSON with `--json`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar, cast

import typer
from rich.table import Table

from elfgraph.cli._common import errors_as_exit, out, print_json, run
from elfgraph.config.connection import load_settings
from elfgraph.edges.rules import IF_EXISTS, IfExists
from elfgraph.guide import guide
from elfgraph.memory import MemorySystem
from elfgraph.records import Record
from elfgraph.retrieval.models import ScoredBlock
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import list_spaces

T = TypeVar("T")

SpaceOption = Annotated[
    str, typer.Option("--space", "-s", envvar="ELFGRAPH_SPACE", help="The memory space.")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
TopK = Annotated[int, typer.Option("--top-k", "-k", min=1, max=1000, help="How many blocks.")]


def with_memory(space: str, work: Callable[[MemorySystem], Awaitable[T]]) -> T:
    async def call() -> T:
        async with MemorySystem.managed(space) as memory:
            return await work(memory)

    return run(call)


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
        content = b.content if len(b.content) <= 100 else b.content[:99] + "…"
        table.add_row(b.id, f"{b.score:.2f}", ("(expanded) " if b.was_expanded else "") + content)
    return table


@errors_as_exit
def remember(
    content: Annotated[str, typer.Argument(help="The fact, preference or decision.")],
    tag: Annotated[list[str] | None, typer.Option("--tag", "-t", help="A tag; repeatable.")] = None,
    category: Annotated[str, typer.Option(help="knowledge, preference, decision, …")] = "knowledge",
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Store a block in the inbox (recallable after `elfgraph dream`)."""
    result = with_memory(space, lambda m: m.remember(content, tag, category=category, source="cli"))
    show(result, json_output)


@errors_as_exit
def dream(space: SpaceOption = "default", json_output: JsonOption = False) -> None:
    """Consolidate the inbox: embed, deduplicate, link."""
    show(with_memory(space, lambda m: m.dream()), json_output, "Inbox empty: nothing to dream.")


@errors_as_exit
def recall(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    top_k: TopK = 5,
    frame: Annotated[str, typer.Option(help="Ranking: attention, self or task.")] = "attention",
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """The blocks that best match a query (changes nothing)."""
    blocks = with_memory(space, lambda m: m.recall(query, top_k=top_k, frame=frame))
    if json_output:
        print_json([b.to_dict() for b in blocks])
    elif blocks:
        out.print(blocks_table(blocks))
    else:
        out.print("No blocks match (is the space empty, or still in the inbox?).")


@errors_as_exit
def frame(
    name: Annotated[str, typer.Argument(help="attention, self or task.")],
    query: Annotated[str | None, typer.Argument(help="The question or task.")] = None,
    top_k: TopK = 5,
    space: SpaceOption = "default",
    json_output: JsonOption = False,
) -> None:
    """Context for a prompt; reinforces the blocks it returns."""
    result = with_memory(space, lambda m: m.frame(name, query, top_k=top_k))
    if json_output:
        print_json(result.to_dict())
    else:
        typer.echo(result.text or "(empty frame)")
        out.print(f"[dim]{result.summary}[/dim]")


@errors_as_exit
def outcome(
    block_ids: Annotated[list[str], typer.Argument(help="Ids of the blocks that were used.")],
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
    source: Annotated[str, typer.Argument(help="A block id.")],
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
    source: Annotated[str, typer.Argument(help="A block id.")],
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


@errors_as_exit
def status(space: SpaceOption = "default", json_output: JsonOption = False) -> None:
    """Counts, clock, health and what to do next."""
    result = with_memory(space, lambda m: m.status())
    if json_output:
        print_json(result.to_dict())
        return
    table = Table(show_header=False, show_edge=False, pad_edge=False)
    for key, value in result.to_dict().items():
        table.add_row(key, "" if value is None else str(value))
    out.print(table)
    out.print(result.summary)


def guide_command(
    method: Annotated[str | None, typer.Argument(help="A method; leave out for all.")] = None,
) -> None:
    """What each memory operation is for (no database needed)."""
    typer.echo(guide(method))  # plain: no wrapping of the examples


@errors_as_exit
def spaces(json_output: JsonOption = False) -> None:
    """The spaces in the database, with their block counts and clocks."""

    async def work() -> list[Any]:
        async with await open_database(load_settings()) as database:
            return await list_spaces(database)

    found = run(work)
    if json_output:
        print_json([s.to_dict() for s in found])
        return
    if not found:
        out.print("No spaces yet: `elfgraph remember` creates one.")
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


def register(app: typer.Typer) -> None:
    for command in (remember, dream, recall, frame, outcome, connect, disconnect, status, spaces):
        app.command()(command)
    app.command("guide")(guide_command)
