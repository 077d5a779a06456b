"""Scored blocks → prompt text, within a token budget (tokens ≈ characters / 4)."""

from __future__ import annotations

from collections.abc import Sequence

from elfgraph.retrieval.models import ScoredBlock

SHORT_ID = 8  # characters of a block id in a frame: a prefix outcome and connect accept


def estimate_tokens(text: str) -> int:
    return len(text) // 4


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _line(block: ScoredBlock) -> str:
    """A block's line: its event day and speaker first when it has them as data
    ("8 May 2023 · Maria: …"; a span "8-12 May 2023"), then its text."""
    return f"{block.when_said}{_one_line(block.content)}"


def short_id(block: ScoredBlock) -> str:
    """The block's id as a frame shows it: its first SHORT_ID characters, which outcome and
    connect accept as a prefix, and a pending mark for a block not dreamed yet."""
    return block.id[:SHORT_ID] + (" pending" if block.pending else "")


def render(
    template: str,
    blocks: Sequence[ScoredBlock],
    guaranteed: set[str],
    token_budget: int,
    goal_tags: tuple[str, ...] = (),
    *,
    ids: bool = False,
) -> tuple[str, list[ScoredBlock]]:
    """The text and exactly the blocks it holds. Guaranteed blocks are always rendered;
    the others are added in order while the whole text fits the budget. With `ids`, each
    line starts with the block's short id instead of its number (for agents that cite
    blocks back, e.g. over MCP)."""
    kept: list[ScoredBlock] = [b for b in blocks if b.id in guaranteed]
    for block in blocks:
        if block.id in guaranteed:
            continue
        trial = _text(template, [*kept, block], goal_tags, ids)
        if estimate_tokens(trial) <= token_budget:
            kept.append(block)
    order = {block.id: i for i, block in enumerate(blocks)}
    kept.sort(key=lambda b: order[b.id])
    return (_text(template, kept, goal_tags, ids) if kept else ""), kept


def _text(
    template: str, blocks: Sequence[ScoredBlock], goal_tags: tuple[str, ...], ids: bool
) -> str:
    def bullet(b: ScoredBlock) -> str:
        return f"- [{short_id(b)}] {_line(b)}" if ids else f"- {_line(b)}"

    def numbered(i: int, b: ScoredBlock) -> str:
        return f"[{short_id(b) if ids else i}] {_line(b)}"

    if template == "self":
        return "\n".join(["## Identity", *(bullet(b) for b in blocks)])
    if template == "task":
        goals = [b for b in blocks if set(b.tags) & set(goal_tags)]
        context = [b for b in blocks if b not in goals]
        lines = ["## Active Goals", *(bullet(b) for b in goals)]
        lines += ["## Context", *(numbered(i, b) for i, b in enumerate(context, 1))]
        return "\n".join(lines)
    lines = ["## Relevant Knowledge"]
    lines += [numbered(i, b) for i, b in enumerate(blocks, 1)]
    return "\n".join(lines)
