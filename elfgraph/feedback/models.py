"""What outcome() returns."""

from __future__ import annotations

from elfgraph.records import Record


class OutcomeResult(Record):
    """What one outcome() call changed."""

    blocks_updated: int = 0
    mean_confidence_delta: float = 0.0
    edges_reinforced: int = 0
    blocks_penalized: int = 0
    outcome_edges_created: int = 0

    @property
    def summary(self) -> str:
        if self.blocks_updated == 0:
            return "Outcome recorded for no block (none of the ids is active in this space)."
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
        return text + "."
