"""Index statistics the planner can trust from a database's first writes on (issue 64).

Neo4j plans a query from its label counts, which are always current, and from samples of
its indexes, which its background sampler takes again every 10 s for an index that changed
by more than 5 % since its last sample. A plan made while an index's sample is still that
of an empty index (a new database; one whose spaces were all dropped; before the first
dream, the indexes only active blocks enter) estimates no rows for every use of it and may
read that index from end to end, filtering, where it should seek; and such a plan is not
made again when the sample fills, only when a label count has grown about fourfold. On a
fresh server that made a new user's first 10,000-block space dream, recall and frame
20-60x slower than on a server that had held one (docs/decisions/fresh-server.md).

So elfgraph does not wait for the background sampler: after writes that can leave samples
far behind, it asks the server to sample the outdated indexes itself
(`db.resampleOutdatedIndexes()`: a READ procedure any user may call, on any server, with no
setting; a round trip when nothing is outdated). `learned` runs after each learn write, at
once after the first one through a Database and after any batch of BULK blocks or more,
else at most every INTERVAL seconds; `refresh` runs at the start and end of a dream and
after an import. It is an optimisation: when the server refuses the procedure (a role
without it), it is logged and not asked again through that Database. The queries that
read in index order or look blocks up by id also name their index with `USING INDEX
SEEK`, so they seek even in the moments before a sample is taken (ARCHITECTURE.md, *Two
planner pitfalls*).
"""

from __future__ import annotations

import logging
import time
import weakref
from dataclasses import dataclass

from elfgraph.errors import StorageError
from elfgraph.schema.repository.resample_outdated_indexes import resample_outdated_indexes
from elfgraph.store.database import Database

log = logging.getLogger("elfgraph.schema")

BULK = 100  # blocks in one learn write that resample at once
INTERVAL = 2.0  # seconds between two resamples while learning block by block


@dataclass
class _State:
    last: float | None = None  # time.monotonic() of the last resample; None: not yet
    refused: bool = False


_states: weakref.WeakKeyDictionary[Database, _State] = weakref.WeakKeyDictionary()


def _state(database: Database) -> _State:
    state = _states.get(database)
    if state is None:
        state = _states[database] = _State()
    return state


async def refresh(database: Database) -> None:
    """Resample the database's outdated indexes now (a dream's start and end, an import)."""
    state = _state(database)
    if state.refused:
        return
    state.last = time.monotonic()
    try:
        await database.read(resample_outdated_indexes)
    except StorageError as exc:
        state.refused = True
        log.debug("index resampling refused, left to the server: %s", exc.message)


async def learned(database: Database, blocks: int) -> None:
    """After a learn write that stored `blocks` new blocks: resample when it is the first
    write through this Database, a batch of BULK or more, or INTERVAL seconds passed since
    the last resample."""
    if blocks <= 0:
        return
    last = _state(database).last
    if last is None or blocks >= BULK or time.monotonic() - last >= INTERVAL:
        await refresh(database)
