"""Merging a staged import into an existing space (`import_space(..., merge=True)`).

The rules (docs/PORTABILITY.md, "Merging"):

- The space keeps its name, clock, creation time and curate record. Its embedding model
  must be the file's, or it has none yet and takes the file's.
- Times in active hours (a block's `last_reinforced_at`, an edge's `last_active_hours`, a
  session's `start_hours`, an outcome's `now_hours`) are moved onto the space's clock:
  each gains (the space's clock − the file's clock), read when the import starts, so
  every block and edge keeps the age it had.
- A block whose id the space already has is left out (the space's version wins, whatever
  its status). Each edge of such a block is carried over to the space's block when both
  ends are active, the pair has no edge yet and neither end is at `edge_degree_cap`;
  otherwise it is left out. Edges between two new blocks come as they are.
- Sessions and outcomes whose id the space has are left out; so are co-retrieval pairs
  the space already stages or whose blocks an edge joins.

The whole file is read and checked (staged under a hidden name) before any of this
starts, so bad input never changes the space. The merge itself runs in batches: a crash
in this last step leaves part of the file merged; running the same merge again completes
it, since everything already there is left out.
"""

from __future__ import annotations

from elfgraph.errors import StorageError
from elfgraph.portability.claims import Claim, discard
from elfgraph.portability.records import SpaceLine
from elfgraph.portability.repository.count_space_edges import count_space_edges
from elfgraph.portability.repository.merge_cross_edges import merge_cross_edges
from elfgraph.portability.repository.merge_move_blocks import merge_move_blocks
from elfgraph.portability.repository.merge_move_co_retrievals import merge_move_co_retrievals
from elfgraph.portability.repository.merge_move_outcomes import merge_move_outcomes
from elfgraph.portability.repository.merge_move_sessions import merge_move_sessions
from elfgraph.portability.repository.merge_target import merge_target
from elfgraph.portability.staging import recount_degrees
from elfgraph.spaces.models import SpaceRecord

MERGE_PAGE = 1_000
MERGE_BATCH = 5_000


def lock_mismatch(target: str, model: str | None, dimensions: int | None, line: SpaceLine) -> None:
    """Refuse a merge of vectors from another model than the space's."""
    if line.embedding_model is None or model is None:
        return
    if (model, dimensions) != (line.embedding_model, line.embedding_dimensions):
        raise StorageError(
            f"Space {target!r} is locked to embedding model {model!r} ({dimensions} dims); "
            f"the file's blocks were embedded with {line.embedding_model!r} "
            f"({line.embedding_dimensions} dims).",
            recovery="Import the file into a new space instead (--space NEW): vectors of two "
            "models cannot be compared.",
        )


def clock_shift(target: SpaceRecord, line: SpaceLine) -> float:
    """What the file's times gain on the target's clock, so that ages stay the same."""
    return float(target.total_active_hours) - float(line.total_active_hours)


async def merge_into(claim: Claim, line: SpaceLine, *, cap: int) -> dict[str, int]:
    """Move the staged file into the target space; the records left out, by kind."""
    database = claim.database
    target = await database.write(
        merge_target,
        target=claim.target,
        model=line.embedding_model,
        dimensions=line.embedding_dimensions,
    )
    if target is None:
        raise StorageError(
            f"Space {claim.target!r} was dropped while the file was read.",
            recovery="Import the file again, without --merge.",
        )
    lock_mismatch(claim.target, target["model"], target["dimensions"], line)
    skipped = {"block": 0, "edge": 0, "session": 0, "outcome": 0, "co_retrieval": 0}
    after = ""
    while True:
        page = await database.write(
            merge_cross_edges,
            stage=claim.space,
            token=claim.token,
            target=claim.target,
            after=after,
            limit=MERGE_PAGE,
            cap=cap,
        )
        if not page["claimed"]:
            raise claim.lost()
        if page["last"] is None:
            break
        skipped["block"] += page["colliding"]
        skipped["edge"] += page["dropped"]
        after = page["last"]
    await recount_degrees(claim)  # the staged blocks, after the colliding ones went
    for kind, move in (
        ("block", merge_move_blocks),
        ("session", merge_move_sessions),
        ("outcome", merge_move_outcomes),
        ("co_retrieval", merge_move_co_retrievals),
    ):
        while True:
            moved = await database.write(
                move, stage=claim.space, token=claim.token, target=claim.target, batch=MERGE_BATCH
            )
            if moved is None:
                raise claim.lost()
            skipped[kind] += moved[1]
            if moved == (0, 0):
                break
    await discard(database, claim.space, claim.token)  # the emptied staging name and its claim
    await database.write(count_space_edges, space=claim.target)  # the edges it gained
    return skipped
