"""learn / learn_many (BEHAVIOUR.md §3): check every item, then store the batch at once."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from elfgraph.core.text import block_id, random_block_id, token_count
from elfgraph.errors import StorageError
from elfgraph.learning.models import LearnResult
from elfgraph.learning.repository.insert_blocks import insert_blocks
from elfgraph.store.database import Database


async def store_items(
    database: Database,
    space: str,
    items: list[dict[str, Any]],
    now_hours: float,
    session_id: str | None = None,
) -> list[LearnResult]:
    """Store checked items in the inbox in one round trip; one result per item, in order.
    Blocks learned in a session record it, so that dream can link each to the block
    learned just before it in that session."""
    if not items:
        return []
    created_at = datetime.now(UTC).isoformat()
    sequence = time.time_ns()  # keeps a batch's learning order for "oldest first"
    rows = []
    first_of: dict[str, int] = {}
    for index, item in enumerate(items):
        identity = block_id(item["content"])
        if identity in first_of:
            continue  # the same text twice in one batch: the later one repeats the first
        first_of[identity] = index
        rows.append(
            {
                "index": index,
                "id": identity,
                "alt_id": random_block_id(),
                "props": {
                    **item,
                    "status": "inbox",
                    "created_at": created_at,
                    "learn_seq": sequence + index,
                    "token_count": token_count(item["content"]),
                    "confidence": 0.5,
                    "reinforcement_count": 0,
                    "decay_lambda": 0.01,
                    "last_reinforced_at": now_hours,
                }
                | ({"session_id": session_id} if session_id else {}),
            }
        )
    stored = await database.write(insert_blocks, space=space, rows=rows)
    if len(stored) != len(rows):
        raise StorageError(
            f"Space {space!r} no longer exists in the database.",
            recovery="It was dropped by someone else; open it again with MemorySystem.open().",
        )
    by_index = {row["index"]: result for row, result in zip(rows, stored, strict=True)}
    results: list[LearnResult] = []
    for index, item in enumerate(items):
        first = first_of[block_id(item["content"])]
        stored_id, status = by_index[first]
        results.append(
            LearnResult(
                block_id=stored_id, status="duplicate_rejected" if first != index else status
            )
        )
    return results
