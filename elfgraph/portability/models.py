"""What export and import return."""

from __future__ import annotations

from pydantic import Field

from elfgraph.records import Record

ONE = {"block": "block", "edge": "edge", "session": "session", "outcome": "outcome"}
KINDS = {
    "block": "blocks",
    "edge": "edges",
    "session": "sessions",
    "outcome": "outcomes",
    "co_retrieval": "co-retrieval pairs",
}


def _counted(counts: dict[str, int]) -> str:
    return ", ".join(
        f"{n:,} {ONE.get(kind, words) if n == 1 else words}"
        for kind, words in KINDS.items()
        if (n := counts.get(kind, 0)) or kind in ("block", "edge")
    )


def _size(size: int) -> str:
    return f"{size / 2**20:.1f} MiB" if size >= 2**20 else f"{size / 2**10:.1f} KiB"


class ExportResult(Record):
    """One export: the records of each kind written, the file and its size."""

    space: str
    path: str
    counts: dict[str, int]
    bytes: int
    seconds: float

    @property
    def summary(self) -> str:
        return (
            f"Exported space {self.space!r} to {self.path} ({_size(self.bytes)}): "
            f"{_counted(self.counts)} in {self.seconds:.1f} s."
        )


class ImportResult(Record):
    """One import: the records read, and for a merge those the target already had."""

    space: str
    source: str
    merged: bool = False
    counts: dict[str, int]
    # merge only: records left out (the space had them, or the degree cap)
    skipped: dict[str, int] = Field(default_factory=dict)
    seconds: float

    @property
    def summary(self) -> str:
        verb = "Merged" if self.merged else "Imported"
        text = f"{verb} {_counted(self.counts)} from {self.source} into space {self.space!r}"
        left = {k: n for k, n in self.skipped.items() if n}
        if left:
            text += "; left out (the space had them, or the degree cap): " + ", ".join(
                f"{n:,} {KINDS.get(k, k)}" for k, n in left.items()
            )
        return f"{text} in {self.seconds:.1f} s."


class Unmapped(Record):
    """Something an elfmem database holds that elfgraph's graph cannot keep."""

    what: str  # e.g. "blocks.cue", "frames", "edges to inactive blocks"
    count: int
    reason: str

    @property
    def summary(self) -> str:
        return f"{self.what}: {self.count:,} ({self.reason})"


class ElfmemImportResult(Record):
    """One elfmem database imported: what was written, how embeddings were handled, and
    everything that could not be mapped."""

    space: str
    source: str
    schema_version: int | None
    counts: dict[str, int]
    embedding_model: str | None  # elfmem's model lock
    embeddings_reused: bool
    sent_to_inbox: int  # active elfmem blocks that the next dream re-embeds
    unmapped: list[Unmapped]
    seconds: float

    @property
    def summary(self) -> str:
        if self.embeddings_reused:
            vectors = f"embeddings of {self.embedding_model} reused"
        else:
            vectors = f"{self.sent_to_inbox:,} active blocks sent to the inbox for dream to embed"
        lost = f"; not mapped: {len(self.unmapped)} kinds of data" if self.unmapped else ""
        return (
            f"Imported elfmem database {self.source} into space {self.space!r}: "
            f"{_counted(self.counts)} ({vectors}){lost} in {self.seconds:.1f} s."
        )
