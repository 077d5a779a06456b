"""Which repository functions a Database is asked to read, in order: a recorder around the
real `Database.read` (every read still reaches Neo4j)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from elfgraph.store.database import Database


@contextmanager
def recorded_reads(database: Database) -> Iterator[list[str]]:
    """The names of the read functions run on `database` inside the block."""
    names: list[str] = []
    read = database.read

    async def recording(work: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> Any:
        names.append(work.__name__)
        return await read(work, *args, **kwargs)

    database.read = recording  # type: ignore[method-assign]
    try:
        yield names
    finally:
        del database.read  # the class's method again
