"""Running a query file inside a managed transaction, by name.

Repository functions receive a `Transaction`: the driver's managed transaction and the
mode it was opened in. `run_one` / `run_many` / `run_scalar` / `run_none` look the query
up, check the call against its header (the return shape, the parameter names, and that a
`mode: read` query runs in a read transaction and a `mode: write` one in a write
transaction), run it, and log it at DEBUG under `elfgraph.store` with its file, row count
and milliseconds. A Neo4j error raised by a query is tagged with the query, so the
`StorageError` it becomes names the file and the parameters (never their values).

A read that is one statement (`single_statement`) runs without BEGIN and COMMIT, as the
session's auto-commit transaction: one round trip instead of two, still in read access
mode (a cluster routes it to a follower) and still chained by the bookmarks.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from neo4j import AsyncSession, AsyncTransaction

from elfgraph.errors import StorageError
from elfgraph.store.cypher import CypherQuery, Mode, Returns, query
from elfgraph.store.quiet import quiet

log = logging.getLogger("elfgraph.store")

_FAILED_QUERY = "_elfgraph_query"


@dataclass
class Transaction:
    """A managed transaction and whether it may write (`Database.read` / `.write`). For a
    single-statement read, `driver_tx` is the session itself: its one query is an
    auto-commit transaction, and a second query is refused (it would not see the same
    snapshot)."""

    driver_tx: AsyncTransaction | AsyncSession
    mode: Mode
    single: bool = False
    runs: int = field(default=0, compare=False)


F = TypeVar("F", bound=Callable[..., Any])


def single_statement(work: F) -> F:
    """Mark a read repository function that runs exactly one query: `Database.read` then
    sends it as an auto-commit transaction (no BEGIN / COMMIT round trip)."""
    # setattr: a plain assignment does not type-check on a generic callable
    setattr(work, "_elfgraph_single_statement", True)  # noqa: B010
    return work


def is_single_statement(work: object) -> bool:
    return getattr(work, "_elfgraph_single_statement", False) is True


def failed_query(exc: BaseException) -> CypherQuery | None:
    """The query file whose run raised `exc`, when one did."""
    found = getattr(exc, _FAILED_QUERY, None)
    return found if isinstance(found, CypherQuery) else None


_queries_run = 0


def queries_run() -> int:
    """How many queries this process has sent through run_* (each is one round trip);
    benchmarks read it before and after a call."""
    return _queries_run


def _checked(
    tx: Transaction, name: str, returns: Returns, params: Mapping[str, Any]
) -> CypherQuery:
    global _queries_run
    _queries_run += 1
    tx.runs += 1
    found = query(name)
    if tx.single and tx.runs > 1:
        raise TypeError(
            f"{name} is a second query in a transaction marked single_statement; drop the "
            "mark or split the work"
        )
    if found.returns != returns:
        raise TypeError(f"{name} returns {found.returns!r}; call run_{found.returns}")
    if set(params) != set(found.params):
        raise TypeError(
            f"{name} takes params {sorted(found.params)}, was called with {sorted(params)}"
        )
    if found.mode != tx.mode:
        raise StorageError(
            f"{found.file} is declared 'mode: {found.mode}' but was run in a {tx.mode} "
            "transaction.",
            recovery=f"Run it through Database.{found.mode}(), or correct its header if the "
            "query does write (this is a bug in elfgraph: please report it).",
        )
    return found


async def _run(
    tx: Transaction, name: str, returns: Returns, params: Mapping[str, Any]
) -> list[Any] | Any:
    found = _checked(tx, name, returns, params)
    started = time.perf_counter()
    try:
        result = await tx.driver_tx.run(found.text, quiet(params))
        if returns == "none":
            await result.consume()
            rows: list[Any] = []
        elif returns == "many":
            rows = [dict(record) async for record in result]
        else:
            record = await result.single()
            rows = [] if record is None else [record]
    except Exception as exc:
        setattr(exc, _FAILED_QUERY, found)
        raise
    if log.isEnabledFor(logging.DEBUG):
        log.debug(
            "query %s: %d row(s) in %.1f ms",
            found.file,
            len(rows),
            1000 * (time.perf_counter() - started),
        )
    return rows


async def run_one(tx: Transaction, name: str, /, **params: Any) -> dict[str, Any] | None:
    """Run a `returns: one` query; its single record as a dict, or None when no row."""
    rows = await _run(tx, name, "one", params)
    return dict(rows[0]) if rows else None


async def run_many(tx: Transaction, name: str, /, **params: Any) -> list[dict[str, Any]]:
    """Run a `returns: many` query; every record as a dict."""
    rows: list[dict[str, Any]] = await _run(tx, name, "many", params)
    return rows


async def run_scalar(tx: Transaction, name: str, /, **params: Any) -> Any:
    """Run a `returns: scalar` query; the first column of its single row, or None."""
    rows = await _run(tx, name, "scalar", params)
    return rows[0][0] if rows else None


async def run_none(tx: Transaction, name: str, /, **params: Any) -> None:
    """Run a `returns: none` query for its effect."""
    await _run(tx, name, "none", params)


async def plan_only(tx: Transaction, name: str, /, **params: Any) -> None:
    """Have the server plan a query without running it (EXPLAIN): nothing is read or
    written, and the plan is cached for the shape of these parameters (store.plan_shapes),
    so the query's first real run with that shape does not pay for planning it."""
    found = _checked(tx, name, query(name).returns, params)
    try:
        result = await tx.driver_tx.run(f"EXPLAIN {found.text}", quiet(params))
        await result.consume()
    except Exception as exc:
        setattr(exc, _FAILED_QUERY, found)
        raise
