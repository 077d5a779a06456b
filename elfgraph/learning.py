"""learn / learn_many (BEHAVIOUR.md §3): check every item, then store the batch at once."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from elfgraph.blocks import (
    block_id,
    check_content,
    check_short_text,
    check_tags,
    random_block_id,
    token_count,
)
from elfgraph.database import Database
from elfgraph.errors import LearnError, StorageError
from elfgraph.memory_config import MemoryConfig
from elfgraph.models import LearnResult
from elfgraph.repository.blocks.insert_blocks import insert_blocks

Item = str | Mapping[str, Any]
_FIELDS = {"content", "tags", "category", "source"}


def check_items(items: Iterable[Item], config: MemoryConfig) -> list[dict[str, Any]]:
    """Every item as {content, tags, category, source}; the first bad one raises
    LearnError (naming its index in a batch)."""
    if isinstance(items, str | bytes | Mapping):
        raise LearnError(
            "learn_many() takes a list of items, not a single one.",
            recovery="Wrap it in a list: learn_many(['first fact', 'second fact']).",
        )
    batch = list(items)
    checked: list[dict[str, Any]] = []
    for index, item in enumerate(batch):
        fields: object = {"content": item} if isinstance(item, str) else item
        if not isinstance(fields, Mapping):
            raise LearnError(
                f"Item {index} is a {type(item).__name__}, not text or a mapping.",
                recovery="Pass strings, or dicts with 'content' and optional 'tags', "
                "'category', 'source'.",
            )
        unknown = set(fields) - _FIELDS
        if unknown:
            raise LearnError(
                f"Item {index} has unknown keys {sorted(unknown)}.",
                recovery="Use only 'content', 'tags', 'category' and 'source'.",
            )
        try:
            checked.append(
                {
                    "content": check_content(fields.get("content"), config),
                    "tags": check_tags(fields.get("tags"), config),
                    "category": check_short_text(fields.get("category"), "category", "knowledge"),
                    "source": check_short_text(fields.get("source"), "source", "api"),
                }
            )
        except LearnError as exc:
            if len(batch) == 1:
                raise
            raise LearnError(f"Item {index}: {exc.message}", recovery=exc.recovery) from exc
    return checked


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
