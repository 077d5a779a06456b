"""One async function per file of cypher/edges/: the transaction first, keywords after.

The row shapes several of those files share live here: an edge's property map
(`r {.*}`) and the short form of an edge that edge_state and linking report."""

from typing import Required, TypedDict


class EdgeProperties(TypedDict, total=False):
    """A knowledge edge's stored properties, as `r {.*}` returns them. Every edge has a
    relation and a weight; a property never set (an automatic edge's note, a new edge's
    updated_at) is absent, not None."""

    relation: Required[str]
    weight: Required[float]
    origin: str  # agent | similarity | session | contradiction | co_retrieval | outcome
    note: str
    reinforcement_count: int
    created_at: str
    updated_at: str
    last_active_hours: float


class EdgeEnds(TypedDict):
    """An edge by its ends (a → b as stored), relation and weight: a block's weakest
    displaceable edge, or one a new edge displaced."""

    a: str
    b: str
    relation: str
    weight: float
