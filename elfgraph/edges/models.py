"""Results of the connect family: connect, disconnect, connect_by_query and connects.

Field names follow elfmem's (docs/BEHAVIOUR.md §8), so code written against it ports
unchanged.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from elfgraph.edges.rules import IfExists
from elfgraph.faces import render
from elfgraph.records import Record

ConnectAction = Literal["created", "reinforced", "updated", "skipped"]


def _short(block_id: str) -> str:
    """Ids in summaries are whole: an agent copies them into the next call."""
    return block_id


class DisplacedEdge(Record):
    """An automatic edge removed so that a new one fits under the degree cap."""

    from_id: str
    to_id: str
    relation_type: str
    weight: float

    @property
    def summary(self) -> str:
        return (
            f"{self.relation_type} edge {_short(self.from_id)}–{_short(self.to_id)} "
            f"(weight={self.weight:.2f})"
        )


class ConnectResult(Record):
    """What connect() did to the edge between two blocks."""

    source_id: str
    target_id: str
    relation: str
    weight: float
    action: ConnectAction
    note: str | None = None
    origin: str = "agent"
    reinforcement_count: int = 0
    displaced_edge: DisplacedEdge | None = None  # the first one, as in elfmem
    displaced_edges: list[DisplacedEdge] = Field(
        default_factory=list
    )  # one per endpoint that was at the cap

    @property
    def summary(self) -> str:
        text = (
            f"{self.action.title()} {self.relation} edge: {_short(self.source_id)}→"
            f"{_short(self.target_id)} (weight={self.weight:.2f})."
        )
        for displaced in self.displaced_edges:
            text += f" Displaced the {displaced.summary} to fit the degree cap."
        return text


class DisconnectResult(Record):
    """What disconnect() did: removed the edge, found none, or was guarded."""

    source_id: str
    target_id: str
    action: Literal["removed", "not_found", "guarded"]
    removed_relation: str | None = None
    removed_weight: float | None = None
    found_relation: str | None = None  # the edge's relation when guard_relation did not match
    reason: str | None = None

    @property
    def summary(self) -> str:
        pair = f"{_short(self.source_id)} and {_short(self.target_id)}"
        because = f" Reason: {self.reason}" if self.reason else ""
        if because and not because.endswith("."):
            because += "."
        if self.action == "removed":
            return (
                f"Removed {self.removed_relation} edge between {pair} "
                f"(was weight={self.removed_weight:.2f}).{because}"
            )
        if self.action == "guarded":
            return (
                f"Edge between {pair} kept: it is {self.found_relation}, "
                f"not the guard_relation given.{because}"
            )
        return f"No edge between {pair}; nothing removed.{because}"


class ConnectByQueryResult(Record):
    """Which blocks two queries matched, and what connecting them did. Always check
    source_content and target_content: a query can match the wrong block."""

    source_query: str
    target_query: str
    source_id: str | None
    target_id: str | None
    source_content: str | None
    target_content: str | None
    source_confidence: float
    target_confidence: float
    action: Literal["connected", "insufficient_confidence", "same_block", "dry_run_preview"]
    connect_result: ConnectResult | None = None

    @property
    def summary(self) -> str:
        if self.action == "insufficient_confidence":
            return render(
                "connect_by_query: no confident match (source="
                f"{self.source_confidence:.2f}, target={self.target_confidence:.2f}); "
                "nothing connected. Use {op:connect} with explicit ids."
            )
        if self.action == "same_block":
            return (
                "connect_by_query: both queries matched the same block "
                f"({_short(self.source_id or '')}); nothing connected. Make them more specific."
            )
        if self.action == "dry_run_preview":
            return (
                f"dry_run: source={_preview(self.source_content)!r} | "
                f"target={_preview(self.target_content)!r}. "
                "Call again without dry_run to connect."
            )
        assert self.connect_result is not None
        return self.connect_result.summary


def _preview(content: str | None) -> str:
    if content is None:
        return "?"
    return content if len(content) <= 60 else content[:59] + "…"


class ConnectSpec(BaseModel):
    """One edge for connects(): the arguments of connect()."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    target: str
    relation: str | None = None  # as in connect(): `similar` for a new edge
    weight: float | None = None
    note: str | None = None
    if_exists: IfExists = "reinforce"


class EdgeError(Record):
    """Why one spec of connects() was not applied."""

    index: int
    source: str
    target: str
    error: str  # the exception's class name
    message: str
    recovery: str

    @property
    def summary(self) -> str:
        return f"#{self.index} {self.source}→{self.target}: {self.message}"


class ConnectsResult(Record):
    """What connects() did, spec by spec; a failed spec is reported, not raised."""

    results: list[ConnectResult]
    created: int = 0
    reinforced: int = 0
    updated: int = 0
    skipped: int = 0
    deferred: int = 0  # always 0: a full block raises DegreeLimitError, reported in errors
    errors: list[EdgeError] = Field(default_factory=list)

    @property
    def summary(self) -> str:
        parts = [f"{self.created} created"]
        for name in ("reinforced", "updated", "skipped"):
            if getattr(self, name):
                parts.append(f"{getattr(self, name)} {name}")
        if self.errors:
            parts.append(f"{len(self.errors)} failed ({self.errors[0].summary})")
        return f"Edges: {', '.join(parts)}."
