"""The three built-in frames (docs/BEHAVIOUR.md §7): weights, filters, guarantees, budgets."""

from __future__ import annotations

from dataclasses import dataclass

from elfgraph.core.checks import shown
from elfgraph.core.scoring import ATTENTION_WEIGHTS, SELF_WEIGHTS, TASK_WEIGHTS, Weights
from elfgraph.errors import FrameError


@dataclass(frozen=True)
class FrameDefinition:
    name: str
    weights: Weights
    tag_prefix: str | None  # only blocks with a tag starting with this
    guarantees: tuple[str, ...]  # tags whose blocks take the first places
    template: str
    token_budget: int
    cache_seconds: int | None  # None: not cached


SELF_FRAME = FrameDefinition(
    "self", SELF_WEIGHTS, "self/", ("self/constitutional",), "self", 600, 3600
)
ATTENTION_FRAME = FrameDefinition("attention", ATTENTION_WEIGHTS, None, (), "attention", 2000, None)
TASK_FRAME = FrameDefinition("task", TASK_WEIGHTS, None, ("self/goal",), "task", 800, None)

FRAMES: dict[str, FrameDefinition] = {f.name: f for f in (SELF_FRAME, ATTENTION_FRAME, TASK_FRAME)}


def frame_definition(name: object) -> FrameDefinition:
    if isinstance(name, str) and name in FRAMES:
        return FRAMES[name]
    raise FrameError(
        f"Unknown frame {shown(name)}.",
        recovery=f"Use one of: {', '.join(FRAMES)} (attention for questions, self for "
        "identity, task for goals plus context).",
    )
