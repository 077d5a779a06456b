"""What forget(), forget_matching() and correct() return (docs/BEHAVIOUR.md §12).

A forget's result never holds the forgotten texts, since it goes into history(), logs and an
MCP transcript; only its preview (dry_run) shows them, so that the caller can check what
would go.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, computed_field

from elfgraph.records import Record

Cause = Literal["named", "near_duplicate", "inbox_copy"]


class ForgottenBlock(Record):
    """One block a forget removes (or, in a preview, would remove), and why."""

    id: str
    status: str  # inbox, active or archived, before it went
    cause: Cause  # named by the caller, a near-duplicate dream archived into a named block,
    # or an inbox copy of a forgotten text
    content: str | None = None  # in a preview only

    @property
    def summary(self) -> str:
        why = "" if self.cause == "named" else f", {self.cause.replace('_', ' ')}"
        text = "" if self.content is None else f": {_preview(self.content)}"
        return f"{self.id} ({self.status}{why}){text}"


class ForgetResult(Record):
    """What a forget removed (or, with dry_run, would remove), counted by kind."""

    dry_run: bool = False
    blocks: list[ForgottenBlock] = Field(default_factory=list)  # named ones first
    inbox: int = 0  # blocks by the status they had
    active: int = 0
    archived: int = 0
    near_duplicates: int = 0  # of those, the ones dream had archived into a named block
    inbox_copies: int = 0  # and the inbox copies of a forgotten text
    edges_removed: int = 0
    texts_given_back: int = 0  # blocks that had absorbed a forgotten text and gave it up
    vectors_refreshed: int = 0  # blocks whose embedding leaned on a forgotten one
    outcomes_edited: int = 0  # Outcome records that named a forgotten block
    co_retrievals_removed: int = 0
    pointers_cleared: int = 0  # blocks whose superseded_by named a forgotten block
    receipt: str | None = None  # shared by this forget's tombstones
    reason: str | None = None
    more_matching: bool = False  # forget_matching: more blocks matched than its limit

    @computed_field  # type: ignore[prop-decorator]
    @property
    def block_ids(self) -> list[str]:
        """Every block's id, named ones first (in to_dict() and the MCP tools' results)."""
        return [block.id for block in self.blocks]

    @property
    def summary(self) -> str:
        count = len(self.blocks)
        if count == 0:
            more = " (more match: raise the limit)" if self.more_matching else ""
            return "Nothing to forget: no block matched." + more
        statuses = ", ".join(
            f"{n} {status}"
            for status, n in (
                ("inbox", self.inbox),
                ("active", self.active),
                ("archived", self.archived),
            )
            if n
        )
        also = [
            f"{n} {what}"
            for n, what in (
                (self.near_duplicates, "near-duplicate(s) it absorbed"),
                (self.inbox_copies, "inbox copy(ies)"),
            )
            if n
        ]
        traces = [
            f"{n} {what}"
            for n, what in (
                (self.edges_removed, "edge(s)"),
                (self.texts_given_back, "absorbed text(s) given back"),
                (self.vectors_refreshed, "vector(s) made again"),
                (self.outcomes_edited, "outcome record(s) edited"),
                (self.co_retrievals_removed, "co-retrieval pair(s)"),
                (self.pointers_cleared, "replacement pointer(s) cleared"),
            )
            if n
        ]
        # A preview names the blocks, for the call that forgets them; the forget itself
        # does not: its summary stays in history() and the logs, and an id is a hash of a
        # block's text.
        if self.dry_run:
            text = f"Would forget {count} block(s) ({statuses}): {', '.join(self.block_ids)}."
        else:
            text = f"Forgot {count} block(s) ({statuses})."
        if also:
            text += f" Including {' and '.join(also)}."
        if traces:
            text += f" {'Would remove' if self.dry_run else 'Removed'}: {', '.join(traces)}."
        if self.dry_run:
            text += " Nothing changed; run it without dry_run to forget them."
        elif self.receipt:
            text += f" Receipt {self.receipt}."
        if self.more_matching:
            text += " More blocks match: run it again."
        return text


class CorrectResult(Record):
    """What correct() did: the new block that replaces the old one, and what moved."""

    old_id: str
    new_id: str
    old_status: str  # inbox or active, before it was archived
    confidence: float  # carried over to the new block
    edges_moved: int = 0  # the agent's edges, now at the new block
    edges_dropped: int = 0  # automatic edges of the old text, deleted
    reason: str | None = None

    @property
    def summary(self) -> str:
        moved = f"{self.edges_moved} agent edge(s) moved"
        dropped = f", {self.edges_dropped} automatic edge(s) dropped" if self.edges_dropped else ""
        why = f" ({self.reason})" if self.reason else ""
        return (
            f"Corrected block {self.old_id} → {self.new_id}{why}: the new block is active, "
            f"confidence {self.confidence:.2f} kept, {moved}{dropped}; the old one is archived "
            f"and its id names the new one."
        )


def _preview(text: str, limit: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
