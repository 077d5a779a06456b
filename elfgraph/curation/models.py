"""What curate() returns."""

from __future__ import annotations

from pydantic import Field

from elfgraph.faces import render
from elfgraph.records import Record

# A run's steps, in order (phases.py; the sketch upkeep is sketch_upkeep.py).
PHASES = ("prune", "decay", "archive", "sketch", "reinforce")


class CurateResult(Record):
    """What one curate() run did (docs/BEHAVIOUR.md §9.5). Counts are of what actually changed;
    `skipped_reason` is "busy" (another run of this space holds the lock) or "not_due"."""

    archived: int = 0
    edges_pruned: int = 0  # static: weight < 0.10 and never reinforced
    reinforced: int = 0  # top-N by the queryless SELF score
    constitutional_reinforced: int = 0
    edges_decayed: int = 0  # temporal: effective weight < 0.10 (§9.3)
    total_edges_after: int = 0
    decayed_sample: list[str] = Field(
        default_factory=list
    )  # "<first words of a> ↔ <first words of b> (was 0.45)"
    bridges_kept: int = 0  # decayed blocks kept because they are bridges
    edges_deferred: int = 0  # decayed edges left for the next run by max_decay_fraction
    embeddings_sketched: int = 0  # older blocks given their embedding's sketch (§9.7)
    now_hours: float | None = None  # the clock the run used
    skipped_reason: str | None = None
    busy_holder: str | None = None  # busy: who holds the space's curate lock (host:pid)
    busy_until: str | None = None  # busy: when its lease ends unless renewed (UTC)

    @property
    def summary(self) -> str:
        if self.skipped_reason == "busy":
            holder = f" ({self.busy_holder})" if self.busy_holder else ""
            until = f" until {self.busy_until}" if self.busy_until else ""
            return (
                f"Curate skipped: another curate of this space{holder} holds its lock{until} "
                "and does the work; nothing was done here."
            )
        if self.skipped_reason == "not_due":
            return "Curate skipped: not due yet."
        parts = [
            f"{self.archived} archived" if self.archived else "",
            f"{self.edges_pruned} edges pruned" if self.edges_pruned else "",
            f"{self.edges_decayed} edges decayed ({self.total_edges_after} remain)"
            if self.edges_decayed
            else "",
            f"{self.reinforced} reinforced" if self.reinforced else "",
            f"{self.constitutional_reinforced} constitutional reinforced"
            if self.constitutional_reinforced
            else "",
            f"{self.embeddings_sketched} older blocks sketched for recall"
            if self.embeddings_sketched
            else "",
        ]
        if not any(parts) and not self.edges_deferred:
            return "Curated: nothing required."
        done = ", ".join(p for p in parts if p) or "nothing removed"
        text = f"Curated: {done}."
        if self.edges_deferred:
            text += f" {self.edges_deferred} more decayed edges wait for the next run."
        removed = self.edges_decayed + self.edges_pruned
        before = self.total_edges_after + removed
        if before and removed / before > 0.25:
            text += (
                f" Warning: graph connections reduced significantly ({removed / before:.0%} "
                "of edges went in this run); {setting:curation.max_decay_fraction} caps the loss "
                "per run, and {op:outcome} or {op:connect} relinks what matters."
            )
        elif self.edges_decayed:
            text += (
                " Tip: edges come back when their blocks are used together: {op:frame} or "
                "{op:outcome} them, or {op:connect} what belongs together."
            )
        return render(text)
