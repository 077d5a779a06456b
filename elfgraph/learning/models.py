"""What learn() returns."""

from __future__ import annotations

from elfgraph.records import Record


class LearnResult(Record):
    """What learn() did with one piece of content."""

    block_id: str
    status: str  # created | duplicate_rejected

    @property
    def summary(self) -> str:
        if self.status == "duplicate_rejected":
            return f"Duplicate rejected — block {self.block_id} already exists."
        return f"Stored block {self.block_id}. Status: {self.status}."
