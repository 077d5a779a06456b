"""learn / learn_many (docs/BEHAVIOUR.md §3): check every item, then store the batch at once."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.text import block_id, random_block_id, token_count
from elfgraph.core.when import speaker_key
from elfgraph.learning.checks import (
    DEFAULT_CATEGORY,
    DEFAULT_SOURCE,
    CheckedItem,
    Item,
    check_items,
)
from elfgraph.learning.models import LearnResult
from elfgraph.learning.repository.insert_again import insert_again
from elfgraph.learning.repository.insert_blocks import BatchProps, InsertRow, insert_blocks
from elfgraph.schema import statistics
from elfgraph.sessions.clock import SessionClock
from elfgraph.spaces.registry import count_with_status, space_missing
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction


@dataclass(frozen=True)
class Learned:
    results: list[LearnResult]  # one per item, in order
    self_tagged: bool  # a block tagged self/…: what the SELF frame draws on


async def learn_items(
    database: Database,
    space: str,
    items: Iterable[Item],
    config: MemoryConfig,
    *,
    sessions: SessionClock,
    occurred_at: object = None,
    speaker: object = None,
) -> Learned:
    """Check every item (one bad item raises LearnError naming its index and stores
    nothing), then store them all in one round trip at the session's clock. `occurred_at`
    and `speaker`: the batch's, for items without their own."""
    checked = check_items(items, config, occurred_at=occurred_at, speaker=speaker)
    if not checked:
        return Learned([], self_tagged=False)
    results = await store_items(
        database, space, checked, await sessions.now_hours(), sessions.session_id
    )
    # The first blocks of a database would otherwise be planned on as an empty index.
    await statistics.learned(database, sum(r.status == "created" for r in results))
    tagged = any(tag.startswith("self/") for item in checked for tag in item["tags"])
    return Learned(results, self_tagged=tagged)


async def inbox_count(database: Database, space: str) -> int:
    """How many blocks wait for the next dream, read from the database (other processes'
    blocks count too)."""
    return await count_with_status(database, space, "inbox")


async def store_items(
    database: Database,
    space: str,
    items: list[CheckedItem],
    now_hours: float,
    session_id: str | None = None,
) -> list[LearnResult]:
    """Store checked items in the inbox in one round trip; one result per item, in order.
    Blocks learned in a session record it, so that dream can link each to the block
    learned just before it in that session."""
    if not items:
        return []
    shared = BatchProps(
        tags=[],
        category=DEFAULT_CATEGORY,
        source=DEFAULT_SOURCE,
        status="inbox",
        created_at=datetime.now(UTC).isoformat(),
        decay_lambda=0.01,
        last_reinforced_at=now_hours,
    )
    if session_id:
        shared["session_id"] = session_id
    rows: list[InsertRow] = []
    first_of: dict[str, int] = {}
    firsts: list[int] = []  # per item, the index of the item whose block it names
    for index, item in enumerate(items):
        content = item["content"]
        identity = block_id(content)
        first = first_of.setdefault(identity, index)
        firsts.append(first)
        if first != index:
            continue  # the same text twice in one batch: the later one repeats the first
        row = InsertRow(index=index, id=identity, content=content, token_count=token_count(content))
        own = _own(item)
        if own:
            row["own"] = own
        rows.append(row)
    sequence = time.time_ns()  # + index: keeps a batch's learning order for "oldest first"
    by_index = await database.write(
        _store, space=space, rows=rows, shared=shared, sequence=sequence
    )
    return [
        LearnResult(
            block_id=by_index[first][0],
            status="duplicate_rejected" if first != index else by_index[first][1],
        )
        for index, first in enumerate(firsts)
    ]


def _own(item: CheckedItem) -> dict[str, Any]:
    """The item's tags, category and source where they are not the batch's defaults."""
    own: dict[str, Any] = {}
    if item["tags"]:
        own["tags"] = item["tags"]
    if item["category"] != DEFAULT_CATEGORY:
        own["category"] = item["category"]
    if item["source"] != DEFAULT_SOURCE:
        own["source"] = item["source"]
    occurred = item.get("occurred")
    if occurred is not None:  # a number: the (space, occurred_at) range index orders it
        own["occurred_at"] = occurred.seconds
        if occurred.offset_minutes is not None:
            own["occurred_offset"] = occurred.offset_minutes
    said_by = item.get("speaker")
    if said_by is not None:  # the display form, and the key speakers are matched by
        own["speaker"] = said_by
        own["speaker_key"] = speaker_key(said_by)
    return own


async def _store(
    tx: Transaction, *, space: str, rows: list[InsertRow], shared: BatchProps, sequence: int
) -> dict[int, tuple[str, str]]:
    """One transaction: (block id, status) per row index. Content already in the inbox is
    a duplicate; content whose block was promoted or archived is stored again under a
    random id, for consolidation to judge by similarity."""
    inserted = await insert_blocks(tx, space=space, rows=rows, shared=shared, sequence=sequence)
    if inserted["stored"] != len(rows):
        raise space_missing(space)
    again: list[InsertRow] = []
    stored: dict[int, tuple[str, str]] = {}
    for row in rows:
        status = inserted["repeated"].get(row["index"])
        if status is None:
            stored[row["index"]] = (row["id"], "created")
        elif status == "inbox":
            stored[row["index"]] = (row["id"], "duplicate_rejected")
        else:
            anew = row.copy()
            anew["id"] = random_block_id()
            again.append(anew)
            stored[row["index"]] = (anew["id"], "created")
    if again and await insert_again(
        tx, space=space, rows=again, shared=shared, sequence=sequence
    ) != len(again):
        raise space_missing(space)
    return stored
