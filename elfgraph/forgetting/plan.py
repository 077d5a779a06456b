"""The pure part of a forget (docs/BEHAVIOUR.md §12): which blocks go and in which batch, which
text a block whose vector leaned on a forgotten one is embedded from again, and what marks a
history record as quoting a forgotten block. No I/O."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from elfgraph.core.text import normalised_text
from elfgraph.forgetting.models import Cause, ForgottenBlock

BATCH = 500  # blocks per transaction: each batch leaves a consistent graph


@dataclass
class Doomed:
    """Every block a forget removes, in the order found: the named ones, then what only
    lived through them. `group` keeps a named block and what goes with it in one batch."""

    blocks: dict[str, ForgottenBlock] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)  # id → content
    group: dict[str, str] = field(default_factory=dict)  # id → the named block it goes with

    def add(self, block_id: str, status: str, content: str, cause: Cause, group: str) -> bool:
        """Add a block once; False when it was already there."""
        if block_id in self.blocks:
            return False
        self.blocks[block_id] = ForgottenBlock(
            id=block_id, status=status, cause=cause, content=content
        )
        self.texts[block_id] = content
        self.group[block_id] = group
        return True

    @property
    def ids(self) -> list[str]:
        return list(self.blocks)

    def normalised_texts(self) -> list[str]:
        return sorted({normalised_text(text) for text in self.texts.values()})

    def batches(self, size: int = BATCH) -> list[list[str]]:
        """The ids in batches of about `size`, a named block never apart from the blocks that
        go with it (so that a crash between batches never leaves a near-duplicate without the
        block it points at, holding a text the forget meant to remove)."""
        groups: dict[str, list[str]] = {}
        for block_id in self.blocks:
            groups.setdefault(self.group[block_id], []).append(block_id)
        batches: list[list[str]] = []
        current: list[str] = []
        for members in groups.values():
            if current and len(current) + len(members) > size:
                batches.append(current)
                current = []
            current += members
        if current:
            batches.append(current)
        return batches


def absorbed_suffix(absorbed: Sequence[str]) -> str:
    """What the absorbed texts add to a summary: one line each, in the list's order
    (cypher/consolidation/archive_blocks.cypher and promote_blocks.cypher append them so)."""
    return "".join("\n" + text for text in absorbed)


def own_summary(summary: str | None, absorbed: Sequence[str]) -> str | None:
    """A summary without the absorbed texts dream appended to it."""
    if summary is None:
        return None
    suffix = absorbed_suffix(absorbed)
    if suffix and summary.endswith(suffix):
        return summary[: len(summary) - len(suffix)]
    return summary


def embedded_text(content: str, summary: str | None, absorbed: Sequence[str]) -> str:
    """The text a block's own vector was made from, as dream made it: its summary when an
    LLM wrote one that differs from the content (consolidation/llm.py's stored_vectors), else
    its content; normalised, as dream embeds it."""
    own = own_summary(summary, absorbed)
    if own and normalised_text(own) != normalised_text(content):
        return normalised_text(own)
    return normalised_text(content)


def needles(texts: Iterable[str], ids: Iterable[str]) -> list[str]:
    """What marks a history record as quoting a forgotten block: its id, or the start of its
    text (results preview the first 57 characters of a block)."""
    found = list(ids)
    for text in texts:
        for start in {text[:40], " ".join(text.split())[:40]}:
            if len(start.strip()) >= 4:
                found.append(start)
    return found
