"""How healthy a space is, and the one thing to do next (docs/BEHAVIOUR.md §10.4). Pure.

degraded — something is broken or badly neglected: Neo4j unreachable, the vector index
           not ONLINE, or curate overdue by more than twice its interval;
attention — something is due: the inbox is full, or curate is due;
good      — nothing is needed (the suggestion may still say what comes next).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from elfgraph.faces import render

Health = Literal["good", "attention", "degraded"]


@dataclass(frozen=True)
class Vitals:
    inbox_count: int
    inbox_threshold: int
    active_count: int
    hours_since_curate: float | None  # None: never curated
    total_active_hours: float
    curate_interval_hours: float
    vector_index_state: str | None  # None: no index yet (no embedder has opened a space)


def assess(v: Vitals) -> tuple[Health, str]:
    """The health and one actionable sentence, naming the call for the current face
    (a method, a command or a tool: elfgraph.faces)."""
    health, suggestion = _assess(v)
    return health, render(suggestion)


def _assess(v: Vitals) -> tuple[Health, str]:
    if v.vector_index_state not in (None, "ONLINE"):
        return "degraded", (
            f"The vector index is {v.vector_index_state}, so recall cannot use it: wait for "
            "it to come ONLINE (`elfgraph db status`); if it FAILED, drop it in Neo4j and "
            "reopen the space to rebuild it."
        )
    # Never curated: overdue counts from the space's first hour.
    since = v.hours_since_curate if v.hours_since_curate is not None else v.total_active_hours
    has_blocks = v.active_count > 0
    if has_blocks and since > 2 * v.curate_interval_hours:
        return "degraded", (
            f"Curate is overdue ({since:.0f} active hours since the last run, interval "
            f"{v.curate_interval_hours:.0f}): call {{op:curate}} or schedule "
            "`elfgraph curate` in cron."
        )
    if v.inbox_count >= v.inbox_threshold:
        return "attention", (
            f"Inbox full ({v.inbox_count}/{v.inbox_threshold}): call {{op:dream}} to file it."
        )
    if has_blocks and since >= v.curate_interval_hours:
        return "attention", "Curate is due: call {op:curate} (it also runs when a session begins)."
    if not has_blocks and v.inbox_count == 0:
        return "good", "Memory is empty: {op:learn} what is worth keeping."
    if v.inbox_count >= 0.8 * v.inbox_threshold:
        return "good", (
            f"Inbox {v.inbox_count}/{v.inbox_threshold}: {{op:dream}} soon, e.g. at the end of "
            "this task."
        )
    if v.inbox_count and not has_blocks:
        return "good", "Nothing is recallable yet: call {op:dream} to file the inbox."
    return "good", "Memory is healthy; nothing to do."


def unreachable(message: str, recovery: str) -> tuple[Health, str]:
    return "degraded", f"{message} {recovery}"
