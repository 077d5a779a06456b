"""What recall() and frame() return."""

from __future__ import annotations

from typing import Any

from elfgraph.core.when import shown_span
from elfgraph.records import Record


class ScoredBlock(Record):
    """One retrieved block with the components of its score."""

    id: str
    content: str
    tags: list[str]
    similarity: float
    confidence: float
    recency: float
    centrality: float
    reinforcement: float
    score: float
    was_expanded: bool = False
    status: str = "active"  # "inbox" for a pending block
    # Learned but not dreamed yet: found by keyword only, not linked, not deduplicated,
    # and left out of frame()'s reinforcement (docs/BEHAVIOUR.md §7.7).
    pending: bool = False
    # False: nothing in the query matches it (no keyword, a cosine below 0.20, no
    # associative edge to a block that matches); it fills a place only after every
    # matching candidate (relevance first, docs/BEHAVIOUR.md §7.4). Always True without
    # a query.
    relevant: bool = True
    # Diversity (MMR) placed it below a block with a lower score, because it is much like
    # a block ranked above it (§7.4). Otherwise results keep score order within
    # guaranteed, relevant and other blocks.
    lowered_by_diversity: bool = False
    # When it happened or was said (ISO 8601; given at learn, else when it was learned),
    # the end of a span when dream merged near-duplicates, and who said it (§3.3).
    occurred_at: str | None = None
    occurred_until: str | None = None
    speaker: str | None = None
    # Whether occurred_at was given (not the learning time): the frame shows it then.
    occurred_given: bool = False

    @property
    def when_said(self) -> str:
        """ "8 May 2023 · Maria: ", "8 May 2023 · ", "Maria: " or "": what a frame's line
        starts with."""
        parts = []
        if self.occurred_given and self.occurred_at:
            parts.append(shown_span(self.occurred_at, self.occurred_until))
        if self.speaker:
            parts.append(f"{self.speaker}: ")
        elif parts:
            parts[-1] += " "
        return " · ".join(parts) if len(parts) == 2 else "".join(parts)

    @property
    def summary(self) -> str:
        preview = self.content if len(self.content) <= 60 else self.content[:57] + "..."
        mark = " (pending)" if self.pending else ""
        return f"[{self.score:.2f}] {preview}{mark}"


class FrameResult(Record):
    """What frame() returns: the text for the prompt and exactly the blocks it holds."""

    text: str
    blocks: list[ScoredBlock]
    frame_name: str
    cached: bool = False
    edges_promoted: int = 0

    @property
    def block_count(self) -> int:
        return len(self.blocks)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "block_count": self.block_count}

    @property
    def summary(self) -> str:
        cached = " (cached)" if self.cached else ""
        return (
            f"Frame {self.frame_name!r}{cached}: {len(self.blocks)} block(s), "
            f"~{len(self.text) // 4} tokens."
        )
