"""The scale benchmark's deletions (benchmarks/scale.py): a random share of a space archived
as curate archives a block, for the recalls timed after it."""

from __future__ import annotations

from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

# What curate's archive does to a block (cypher/curation/archive_decayed.cypher), to a
# random share of the space. Curate itself would keep most of these blocks: in a space
# built in one session, each block is a bridge of the session chain (§9.2).
PICK_SHARE = """
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active' AND rand() < $share
RETURN collect(b.id) AS ids
"""
ARCHIVE_IDS = """
UNWIND $ids AS block_id
MATCH (b:Block {space: $space, id: block_id})
SET b.status = 'archived', b.archive_reason = 'benchmark'
REMOVE b.embedding, b.sketch, b.embedding_sketch, b:Self
WITH b
CALL (b) {
  MATCH (b)-[r]-(:Block)
  DELETE r
}
WITH collect(b) AS gone
MATCH (space:Space {name: $space})
SET space.vector_epoch = coalesce(space.vector_epoch, 0) + 1
FOREACH (b IN gone | SET b.vector_epoch = space.vector_epoch)
RETURN size(gone) AS archived
"""
ARCHIVE_BATCH = 5_000  # one transaction's worth: the server caps a transaction's memory


async def _pick(tx: Transaction, space: str, share: float) -> list[str]:
    record = await (await tx.driver_tx.run(PICK_SHARE, space=space, share=share)).single()
    return list(record["ids"]) if record else []


async def _archive(tx: Transaction, space: str, ids: list[str]) -> int:
    record = await (await tx.driver_tx.run(ARCHIVE_IDS, space=space, ids=ids)).single()
    return int(record["archived"]) if record else 0


async def archive_share(database: Database, space: str, share: float) -> int:
    """Archive about `share` of the space's active blocks; how many were archived."""
    ids = await database.read(_pick, space, share)
    archived = 0
    for start in range(0, len(ids), ARCHIVE_BATCH):
        archived += await database.write(_archive, space, ids[start : start + ARCHIVE_BATCH])
    return archived
