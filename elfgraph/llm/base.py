"""The LLM port: optional analysis of new blocks and contradiction checks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

# Tags an LLM may assign; anything else it proposes is dropped.
SELF_TAGS: frozenset[str] = frozenset(
    {"self/constitutional", "self/value", "self/constraint", "self/goal"}
)


@dataclass(frozen=True)
class BlockAnalysis:
    """What an LLM says about a new block, relative to the agent's SELF context."""

    alignment_score: float = 0.5
    tags: list[str] = field(default_factory=list)
    summary: str | None = None


@runtime_checkable
class LLMService(Protocol):
    async def process_block(self, block: str, self_context: str) -> BlockAnalysis:
        """Score the block's alignment with the SELF context, propose self/* tags, summarise."""
        ...

    async def detect_contradiction(self, block_a: str, block_b: str) -> float:
        """How strongly the two statements contradict each other, in [0, 1]."""
        ...


def clean_analysis(analysis: BlockAnalysis) -> BlockAnalysis:
    """Clamp the score, keep only known self/* tags (once each), drop an empty summary."""
    score = analysis.alignment_score
    score = 0.5 if score != score else min(1.0, max(0.0, float(score)))  # NaN → neutral
    tags = [t for t in dict.fromkeys(analysis.tags) if t in SELF_TAGS]
    summary = analysis.summary.strip() if analysis.summary else None
    return BlockAnalysis(alignment_score=score, tags=tags, summary=summary or None)


def clamp_score(value: float) -> float:
    """A contradiction score in [0, 1]; NaN counts as no contradiction."""
    if value != value:
        return 0.0
    return min(1.0, max(0.0, float(value)))
