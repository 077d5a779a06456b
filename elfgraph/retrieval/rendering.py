"""Scored blocks → prompt text, within a token budget (tokens ≈ characters / 4)."""

from __future__ import annotations

from collections.abc import Sequence

from elfgraph.retrieval.models import ScoredBlock


def estimate_tokens(text: str) -> int:
    return len(text) // 4


def _one_line(text: str) -> str:
    return " ".join(text.split())


def render(
    template: str,
    blocks: Sequence[ScoredBlock],
    guaranteed: set[str],
    token_budget: int,
    goal_tags: tuple[str, ...] = (),
) -> tuple[str, list[ScoredBlock]]:
    """The text and exactly the blocks it holds. Guaranteed blocks are always rendered;
    the others are added in order while the whole text fits the budget."""
    kept: list[ScoredBlock] = [b for b in blocks if b.id in guaranteed]
    for block in blocks:
        if block.id in guaranteed:
            continue
        trial = _text(template, [*kept, block], goal_tags)
        if estimate_tokens(trial) <= token_budget:
            kept.append(block)
    order = {block.id: i for i, block in enumerate(blocks)}
    kept.sort(key=lambda b: order[b.id])
    return (_text(template, kept, goal_tags) if kept else ""), kept


def _text(template: str, blocks: Sequence[ScoredBlock], goal_tags: tuple[str, ...]) -> str:
    if template == "self":
        return "\n".join(["## Identity", *(f"- {_one_line(b.content)}" for b in blocks)])
    if template == "task":
        goals = [b for b in blocks if set(b.tags) & set(goal_tags)]
        context = [b for b in blocks if b not in goals]
        lines = ["## Active Goals", *(f"- {_one_line(b.content)}" for b in goals)]
        lines += [
            "## Context",
            *(f"[{i}] {_one_line(b.content)}" for i, b in enumerate(context, 1)),
        ]
        return "\n".join(lines)
    lines = ["## Relevant Knowledge"]
    lines += [f"[{i}] {_one_line(b.content)}" for i, b in enumerate(blocks, 1)]
    return "\n".join(lines)
