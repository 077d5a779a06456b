"""What consolidate() returns."""

from __future__ import annotations

from elfgraph.records import Record


class ConsolidateResult(Record):
    """What one consolidate() (dream) run did."""

    processed: int = 0
    promoted: int = 0
    deduplicated: int = 0
    edges_created: int = 0
    contradictions_detected: int = 0
    superseded: int = 0  # older blocks archived because a new one nearly repeats them

    @property
    def summary(self) -> str:
        if self.processed == 0 and self.promoted == 0 and self.superseded == 0:
            return "Nothing to consolidate. Inbox was empty."
        text = (
            f"Consolidated {self.processed}: {self.promoted} promoted, "
            f"{self.deduplicated} deduped, {self.edges_created} edges."
        )
        if self.superseded:
            text += f" {self.superseded} older block(s) superseded."
        if self.contradictions_detected:
            text += f" {self.contradictions_detected} contradiction(s) found."
        return text

    def __add__(self, other: ConsolidateResult) -> ConsolidateResult:
        return ConsolidateResult(
            **{name: getattr(self, name) + getattr(other, name) for name in type(self).model_fields}
        )
