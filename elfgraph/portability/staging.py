"""Writing validated records under an import's claim, one transaction per batch.

A batch is turned into query rows first (embeddings decoded, relationship types made
from checked relation words, a merge's time shift applied), so a bad line stops the
import before anything of its batch is written. Edges name the file line of each row:
the query returns the lines it wrote, and the first one missing is the error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from elfgraph.core.sketch import sketch
from elfgraph.edges.rules import relationship_type
from elfgraph.errors import ImportFileError
from elfgraph.portability.claims import Claim
from elfgraph.portability.records import BlockLine, DataLine, EdgeLine
from elfgraph.portability.repository.recount_staged_degrees import recount_staged_degrees
from elfgraph.portability.repository.stage_blocks import stage_blocks
from elfgraph.portability.repository.stage_co_retrievals import stage_co_retrievals
from elfgraph.portability.repository.stage_edges import stage_edges
from elfgraph.portability.repository.stage_outcomes import stage_outcomes
from elfgraph.portability.repository.stage_sessions import stage_sessions
from elfgraph.portability.vectors import Floats, decode_vector

# Rows per transaction: a block with a 384-dimension embedding is ~4 KB on the wire.
BATCH = {"block": 1_000, "edge": 5_000, "session": 5_000, "outcome": 5_000, "co_retrieval": 5_000}
# The property in active hours that a merge moves onto the target space's clock.
CLOCKED = {
    "block": "last_reinforced_at",
    "edge": "last_active_hours",
    "session": "start_hours",
    "outcome": "now_hours",
}
Lines = Sequence[tuple[int, DataLine]]


def rows_for(kind: str, lines: Lines, *, shift: float, source: str) -> list[dict[str, Any]]:
    """The query rows of a batch of one kind; ImportFileError names a line that cannot be."""
    rows: list[dict[str, Any]] = []
    clocked = CLOCKED.get(kind)
    for line, record in lines:
        props = record.properties()
        if shift and clocked in props:
            props[clocked] = props[clocked] + shift
        if isinstance(record, BlockLine):
            if record.embedding is not None:
                try:
                    props["embedding"] = Floats(decode_vector(record.embedding))
                except ValueError as exc:
                    raise ImportFileError(source, line, f"block {record.id}: {exc}") from exc
                # What recall's sketches rank by (§7.2): derived, never read from a file.
                props["embedding_sketch"] = sketch(props["embedding"])
            self_block = "Self" in (record.labels or [])
            rows.append({"id": record.id, "self": self_block, "props": props})
        elif isinstance(record, EdgeLine):
            edge_type = relationship_type(record.relation)  # a checked word, never raw text
            rows.append(
                {"line": line, "a": record.a, "b": record.b, "type": edge_type, "props": props}
            )
        elif kind == "co_retrieval":
            rows.append({"props": props})
        else:
            rows.append({"id": getattr(record, "id"), "props": props})  # noqa: B009
    return rows


STAGE = {
    "block": stage_blocks,
    "session": stage_sessions,
    "outcome": stage_outcomes,
    "co_retrieval": stage_co_retrievals,
}


async def write_batch(
    claim: Claim, kind: str, lines: Lines, rows: list[dict[str, Any]], *, source: str
) -> None:
    """Write one batch of one kind (its `rows_for`) in one transaction under the claim."""
    database = claim.database
    if kind == "edge":
        written = await database.write(stage_edges, space=claim.space, token=claim.token, rows=rows)
        if written is None:
            raise claim.lost()
        for line, record in lines:
            if line not in written:
                edge: Any = record
                raise ImportFileError(
                    source,
                    line,
                    f"edge {edge.a}/{edge.b} joins a block that is not in the file or not active",
                )
        return
    count = await database.write(STAGE[kind], space=claim.space, token=claim.token, rows=rows)
    if count is None:
        raise claim.lost()


RECOUNT_PAGE = 5_000


async def recount_degrees(claim: Claim) -> None:
    """Give every staged block its weighted_degree (docs/BEHAVIOUR.md §9.2), which the
    file does not carry and curate reads: once all edges are written, page by page."""
    after = ""
    while True:
        claimed, last = await claim.database.write(
            recount_staged_degrees,
            space=claim.space,
            token=claim.token,
            after=after,
            limit=RECOUNT_PAGE,
        )
        if not claimed:
            raise claim.lost()
        if last is None:
            return
        after = last
