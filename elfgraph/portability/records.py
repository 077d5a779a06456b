"""The lines of an export file, format `elfgraph-space` version 1 (docs/PORTABILITY.md).

One JSON object per line, `record` first: a header, the space, then every block, edge,
session, outcome and co-retrieval pair of the space, each section sorted by its key, and
an `end` record with the counts and a checksum. Every line is validated by these models
before anything of its batch is written, and export validates what it writes through the
same models, so it never writes a file that import would refuse.

Properties this version does not name travel as they are (a property a newer elfgraph
added keeps its value through a round trip), as long as they are Neo4j property values
(a string, number, boolean or a list of one of these) under a lower-case name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Final, Literal

from pydantic import (
    AfterValidator,
    AllowInfNan,
    BaseModel,
    ConfigDict,
    StrictBool,
    StrictInt,
    StrictStr,
    StringConstraints,
    model_validator,
)

from elfgraph.edges.rules import RELATION_WORD
from elfgraph.portability.vectors import EncodedVector, vector_length

FORMAT: Final = "elfgraph-space"
FORMAT_VERSION: Final = 1

# The order of the sections; `end` is the last line.
SECTIONS = ("header", "space", "block", "edge", "session", "outcome", "co_retrieval", "end")
COUNTED = ("block", "edge", "session", "outcome", "co_retrieval")

FiniteFloat = Annotated[float, AllowInfNan(False)]
Number = StrictInt | FiniteFloat


def _within(low: float, high: float | None) -> Callable[[float], float]:
    def check(value: float) -> float:
        if value < low or (high is not None and value > high):
            raise ValueError(f"must be from {low} to {high}" if high else f"must be ≥ {low}")
        return value

    return check


Unit = Annotated[Number, AfterValidator(_within(0.0, 1.0))]
NonNegative = Annotated[Number, AfterValidator(_within(0.0, None))]
Count = Annotated[StrictInt, AfterValidator(_within(0, None))]
# Block, session and outcome ids: printable ASCII, so that Neo4j's ORDER BY and Python's
# `<` agree on the order of the sections.
Key = Annotated[StrictStr, StringConstraints(pattern=r"^[\x21-\x7e]{1,64}$")]
PropertyValue = (
    StrictStr
    | StrictBool
    | StrictInt
    | FiniteFloat
    | list[StrictStr]
    | list[StrictInt]
    | list[FiniteFloat]
    | list[StrictBool]
)
PROPERTY_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")
# Properties of one database, not of a memory: a running curate's or dream's lease, the
# ids of frames already applied (for retries), the space's token in the full-text index, which each
# import draws afresh, the vector epochs that recall's vector cache follows (an import
# starts them afresh), and the sketch of a block's embedding (an import derives it from the
# embedding, staging.py) with the space's record that every block has one (curate's sketch
# upkeep checks an imported space once). Never exported; a file that sets one is refused.
DATABASE_PROPERTIES = frozenset(
    {
        "curate_lock_owner",
        "curate_lock_until",
        "curate_lock_holder",
        "dream_lease_owner",
        "dream_lease_until",
        "dream_lease_holder",
        "applied_operations",
        "text_key",
        "vector_epoch",
        "embedding_sketch",
        "embeddings_sketched",
    }
)


class Line(BaseModel):
    """A data line: known properties typed, others carried as they are."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)
    __pydantic_extra__: dict[str, PropertyValue]

    # Names that are not properties of the node or edge (keys and the line's own words).
    NOT_PROPERTIES: ClassVar[frozenset[str]] = frozenset({"record"})
    # Names a file may not set: the space is the import's, the rest belong to a database.
    RESERVED: ClassVar[frozenset[str]] = frozenset({"space"}) | DATABASE_PROPERTIES

    @model_validator(mode="after")
    def _carried_names(self) -> Line:
        for name in self.__pydantic_extra__ or {}:
            if not PROPERTY_NAME.fullmatch(name) or name in self.RESERVED:
                raise ValueError(f"{name!r} is not a property a {self.kind} line may carry")
        return self

    @property
    def kind(self) -> str:
        return str(getattr(self, "record", type(self).__name__))

    def properties(self) -> dict[str, Any]:
        """What the node or relationship stores: every property that is set."""
        return self.model_dump(exclude=set(self.NOT_PROPERTIES), exclude_none=True)


class HeaderLine(BaseModel):
    """Line 1: what the file is. Unknown keys are ignored (a later version may add some)."""

    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)

    record: Literal["header"]
    format: Literal["elfgraph-space"]
    version: Literal[1]
    elfgraph_version: StrictStr
    exported_at: StrictStr
    space: StrictStr


class SpaceLine(Line):
    """Line 2: the space node (its name is the import's; DATABASE_PROPERTIES are not carried)."""

    RESERVED = Line.RESERVED | {"name"}

    record: Literal["space"]
    created_at: StrictStr | None = None
    total_active_hours: NonNegative = 0.0
    last_consolidated_at: StrictStr | None = None
    last_curate_at: Number | None = None
    embedding_model: StrictStr | None = None
    embedding_dimensions: Annotated[StrictInt, AfterValidator(_within(1, None))] | None = None

    @model_validator(mode="after")
    def _whole_lock(self) -> SpaceLine:
        if (self.embedding_model is None) != (self.embedding_dimensions is None):
            raise ValueError("embedding_model and embedding_dimensions go together")
        return self


class BlockLine(Line):
    """A block with every property it has, its labels, and its embedding."""

    NOT_PROPERTIES = frozenset({"record", "id", "labels", "embedding"})

    record: Literal["block"]
    id: Key
    labels: list[Literal["Self"]] | None = None  # Block is implied
    content: StrictStr
    status: Literal["inbox", "active", "archived"]
    category: StrictStr | None = None
    source: StrictStr | None = None
    tags: list[StrictStr] | None = None
    created_at: StrictStr | None = None
    learn_seq: StrictInt | None = None
    session_id: StrictStr | None = None
    token_count: Count | None = None
    confidence: Unit | None = None
    self_alignment: Unit | None = None
    outcome_evidence: NonNegative | None = None
    reinforcement_count: Count | None = None
    decay_lambda: NonNegative | None = None
    last_reinforced_at: Number | None = None
    summary: StrictStr | None = None
    embedding: EncodedVector | None = None
    sketch: StrictStr | None = None
    embedding_model: StrictStr | None = None
    promoted_at: StrictStr | None = None
    consolidated_by: StrictStr | None = None
    archive_reason: StrictStr | None = None
    archived_at: StrictStr | None = None
    occurred_at: Number | None = None  # event time, epoch seconds (BEHAVIOUR.md §3.3)
    occurred_until: Number | None = None
    occurred_offset: StrictInt | None = None  # minutes
    speaker: StrictStr | None = None
    speaker_key: StrictStr | None = None

    @property
    def key(self) -> tuple[str, ...]:
        return (self.id,)

    @property
    def dimensions(self) -> int | None:
        return None if self.embedding is None else vector_length(self.embedding)


class EdgeLine(Line):
    """A knowledge edge, from the smaller block id to the larger; its type is its relation
    word upper-cased."""

    NOT_PROPERTIES = frozenset({"record", "a", "b", "type"})

    record: Literal["edge"]
    a: Key
    b: Key
    type: StrictStr
    relation: StrictStr
    weight: Unit
    origin: StrictStr | None = None
    reinforcement_count: Count | None = None
    created_at: StrictStr | None = None
    last_active_hours: Number | None = None
    note: StrictStr | None = None
    updated_at: StrictStr | None = None

    @model_validator(mode="after")
    def _stored_edge(self) -> EdgeLine:
        if not self.a < self.b:
            raise ValueError("an edge runs from the smaller block id to the larger")
        if RELATION_WORD.fullmatch(self.relation) is None:
            raise ValueError(f"relation {self.relation!r} is not a relation word")
        if self.type != self.relation.upper():
            raise ValueError(f"type {self.type!r} is not {self.relation!r} upper-cased")
        return self

    @property
    def key(self) -> tuple[str, ...]:
        return (self.a, self.b)


class SessionLine(Line):
    NOT_PROPERTIES = frozenset({"record", "id"})

    record: Literal["session"]
    id: Key
    task_type: StrictStr | None = None
    started_at: StrictStr | None = None
    start_hours: Number | None = None
    ended_at: StrictStr | None = None
    hours: NonNegative | None = None

    @property
    def key(self) -> tuple[str, ...]:
        return (self.id,)


class OutcomeLine(Line):
    NOT_PROPERTIES = frozenset({"record", "id"})

    record: Literal["outcome"]
    id: Key
    at: StrictStr | None = None
    signal: Unit
    weight: NonNegative
    source: StrictStr | None = None
    block_ids: list[StrictStr]
    now_hours: Number | None = None

    @property
    def key(self) -> tuple[str, ...]:
        return (self.id,)


class CoRetrievalLine(Line):
    """A pair retrieved together in sessions without an edge yet (Hebbian staging)."""

    NOT_PROPERTIES = frozenset({"record"})

    record: Literal["co_retrieval"]
    a: Key
    b: Key
    count: Count
    last_session: StrictStr | None = None
    created_at: StrictStr | None = None
    updated_at: StrictStr | None = None

    @property
    def key(self) -> tuple[str, ...]:
        return (self.a, self.b)


class EndLine(BaseModel):
    """The last line: how many records of each kind came before it, and the sha256 of
    every byte before it. A file without it is truncated."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    record: Literal["end"]
    counts: dict[Literal["block", "edge", "session", "outcome", "co_retrieval"], Count]
    sha256: Annotated[StrictStr, StringConstraints(pattern=r"^[0-9a-f]{64}$")] | None = None


DataLine = BlockLine | EdgeLine | SessionLine | OutcomeLine | CoRetrievalLine
KEYED: dict[str, type[BlockLine | EdgeLine | SessionLine | OutcomeLine | CoRetrievalLine]] = {
    "block": BlockLine,
    "edge": EdgeLine,
    "session": SessionLine,
    "outcome": OutcomeLine,
    "co_retrieval": CoRetrievalLine,
}
