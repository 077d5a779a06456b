"""status() (docs/BEHAVIOUR.md §10.4): the space's counts, clock and health in one read, and the
one thing to do next. An unreachable Neo4j is a status too ("degraded"), not an error."""

from __future__ import annotations

from typing import Any

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.schedule import hours_since
from elfgraph.errors import StorageError
from elfgraph.spaces.registry import space_missing
from elfgraph.spaces.vector_index import VECTOR_INDEX
from elfgraph.status.health import Vitals, assess, unreachable
from elfgraph.status.models import SystemStatus
from elfgraph.status.repository.space_status import SpaceStatusRow, space_status
from elfgraph.status.repository.vector_index_state import vector_index_state
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction


async def read_status(
    database: Database,
    space: str,
    config: MemoryConfig,
    *,
    session_active: bool,
    session_hours: float,
) -> SystemStatus:
    """The status of the space as this process sees it (its session included)."""
    known: dict[str, Any] = {
        "space": space,
        "session_active": session_active,
        "session_hours": session_hours,
        "inbox_threshold": config.consolidation.inbox_threshold,
    }
    try:
        row, index_state = await database.read(_status_reads, space=space)
    except StorageError as exc:
        health, suggestion = unreachable(exc.message, exc.recovery)
        return SystemStatus(
            **known,
            inbox_count=None,
            active_count=None,
            archived_count=None,
            total_active_hours=None,
            last_consolidated=None,
            edge_count=None,
            health=health,
            suggestion=suggestion,
        )
    if row is None:
        raise space_missing(space)
    record = row["space"]
    now = float(record.get("total_active_hours") or 0.0) + session_hours
    since = hours_since(record.get("last_curate_at"), now)
    health, suggestion = assess(
        Vitals(
            inbox_count=row["inbox"],
            inbox_threshold=config.consolidation.inbox_threshold,
            active_count=row["active"],
            hours_since_curate=since,
            total_active_hours=now,
            curate_interval_hours=config.curation.curate_interval_hours,
            vector_index_state=index_state,
        )
    )
    return SystemStatus(
        **known,
        inbox_count=row["inbox"],
        active_count=row["active"],
        archived_count=row["archived"],
        total_active_hours=now,
        last_consolidated=record.get("last_consolidated_at") or "never",
        edge_count=row["edges"],
        embedding_model=record.get("embedding_model"),
        hours_since_curate=since,
        forgotten_count=_count(record.get("forgotten_count")),
        corrected_count=_count(record.get("corrected_count")),
        last_forgotten_at=_text(record.get("last_forgotten_at")),
        health=health,
        suggestion=suggestion,
    )


def _count(value: object) -> int:
    """A counter the space node keeps (none yet: 0)."""
    return int(value) if isinstance(value, int | float) else 0


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


async def _status_reads(tx: Transaction, *, space: str) -> tuple[SpaceStatusRow | None, str | None]:
    """The space's counts and the vector index's state, in one transaction."""
    return await space_status(tx, space=space), await vector_index_state(tx, name=VECTOR_INDEX)
