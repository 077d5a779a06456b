"""Curate's sketch upkeep (docs/BEHAVIOUR.md §9.7): give the embedding of every active block
its int8 sketch, for spaces dreamed before dream kept one.

Recall's vector cache ranks a space of up to 100,000 blocks from those sketches (§7.2). A
block without one is read as its whole embedding and quantised in the process at every open
(about twice the open time at 56k such blocks, docs/DECISIONS.md). Cypher cannot write the
sketch (base64 of int8), so curate reads the embeddings a page at a time, sketches them here
and writes them back, at most PER_RUN a run; once a read finds none left, the space records
`embeddings_sketched` and later runs read nothing. Every page is its own transaction: what a
stopped run wrote stays, and the next run goes on from the first block still without one.
"""

from __future__ import annotations

from elfgraph.core.sketch import sketches
from elfgraph.curation.lock import CurateLock
from elfgraph.curation.phases import guard
from elfgraph.curation.repository.save_embedding_sketches import (
    SketchRow,
    save_embedding_sketches,
)
from elfgraph.curation.repository.unsketched_embeddings import unsketched_embeddings
from elfgraph.store.database import Database

PAGE = 2_000  # blocks a read brings: the driver's lists of floats are ~12 KB a block
PER_RUN = 50_000  # blocks a run sketches at most


async def sketch_embeddings(database: Database, lock: CurateLock) -> int:
    """Sketch up to PER_RUN active blocks' embeddings that have none; how many were."""
    done, after, per_run = 0, "", PER_RUN
    while done < per_run:
        limit = min(PAGE, per_run - done)
        page = await database.read(
            unsketched_embeddings, space=lock.space, after=after, limit=limit
        )
        if page is None:  # recorded as sketched already (or the space is gone)
            return done
        ids = page["ids"]
        complete = len(ids) < limit
        texts = sketches(page["embeddings"]) if ids else []
        rows = [SketchRow(id=i, sketch=text) for i, text in zip(ids, texts, strict=True)]
        done += lock.held(
            await database.write(
                save_embedding_sketches, **guard(lock), rows=rows, complete=complete
            )
        )
        if complete:
            return done
        after = ids[-1]
    return done
