"""What outcome() returns."""

from __future__ import annotations

from pydantic import Field

from elfgraph.faces import render
from elfgraph.records import Record


class OutcomeResult(Record):
    """What one outcome() call changed."""

    blocks_updated: int = 0
    mean_confidence_delta: float = 0.0
    edges_reinforced: int = 0
    blocks_penalized: int = 0
    outcome_edges_created: int = 0
    ids_matched: int = 0  # the given ids (or prefixes) that named a block of the space
    ids_not_active: list[str] = Field(default_factory=list)  # named, but inbox or archived
    block_ids: list[str] = Field(default_factory=list)  # the whole ids of the blocks updated

    @property
    def summary(self) -> str:
        skipped = ""
        if self.ids_not_active:
            skipped = (
                f" {len(self.ids_not_active)} of the {self.ids_matched} id(s) name blocks "
                "that are not active (still in the inbox: {op:dream} files them; or archived)."
            )
        if self.blocks_updated == 0:
            return render("Outcome recorded for no block." + skipped)
        text = (
            f"Outcome recorded for {self.blocks_updated} block(s): confidence "
            f"{self.mean_confidence_delta:+.3f} on average"
        )
        if self.edges_reinforced or self.outcome_edges_created:
            text += (
                f", {self.edges_reinforced} edge(s) reinforced, "
                f"{self.outcome_edges_created} outcome edge(s) created"
            )
        if self.blocks_penalized:
            text += f", {self.blocks_penalized} block(s) set to decay faster"
        return render(text + "." + skipped)
