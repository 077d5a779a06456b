"""The connection to Neo4j: one async driver, transactions with a bounded retry, errors
made readable.

Repository functions take a `Transaction`; `Database.read` / `Database.write` run them in a
read or write transaction, committed when the work returns and rolled back when it raises,
so a transaction function must do nothing outside the database. Retries are ours, not the
driver's, and happen only where they can succeed:

- a transient error (a deadlock between writers of one space, a lock timeout) is retried
  for up to TRANSIENT_RETRY_SECONDS;
- a lost connection (the server went away, a cluster switched leader) is retried until the
  connection timeout has passed since the call began; so with the server gone, a call
  fails within settings.connection_timeout (10 s) plus one attempt.

A retry runs the whole transaction function again: the writes that count (outcome,
frame's reinforcement) carry an operation id and are applied once. Every driver or server
error leaves this module as a `StorageError` that names the URI (and the query file, when
a query failed) and says what to do, with the original chained. Connecting does only
that: the schema is an explicit step (`elfgraph.schema`). The driver's own log lines go
to the `elfgraph.driver` logger.

Ready for a cluster: reads run in read transactions (a `neo4j://` routing driver sends
them to followers; a single-statement read runs as the session's auto-commit transaction,
which saves the COMMIT round trip), and one bookmark manager per Database chains every
transaction after the writes committed through it, so a read never misses a write made
before it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import anyio
from neo4j import READ_ACCESS, WRITE_ACCESS, AsyncDriver, AsyncGraphDatabase, Bookmarks
from neo4j.exceptions import (
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from elfgraph.config.connection import Connection, Settings, load_settings
from elfgraph.errors import StorageError
from elfgraph.store.calls import current_call
from elfgraph.store.cypher import Mode
from elfgraph.store.errors import local_server_stopped, storage_error
from elfgraph.store.transaction import Transaction, is_single_statement

P = ParamSpec("P")
T = TypeVar("T")
Work = Callable[Concatenate[Transaction, P], Awaitable[T]]

TRANSIENT_RETRY_SECONDS = 15.0
FIRST_RETRY_DELAY = 0.05
MAX_RETRY_DELAY = 1.0
log = logging.getLogger("elfgraph.store")


class Database:
    """An open connection to one Neo4j database."""

    def __init__(
        self, driver: AsyncDriver, connection: Connection, *, connection_timeout: float = 10.0
    ) -> None:
        self._driver = driver
        self.connection = connection
        self.connection_timeout = connection_timeout
        # Causal chaining: every transaction through this Database starts after the
        # writes it committed before, even on a cluster follower (read your writes across
        # the MemorySystems sharing it).
        self.bookmarks = AsyncGraphDatabase.bookmark_manager()

    @property
    def uri(self) -> str:
        return self.connection.uri

    @property
    def name(self) -> str:
        return self.connection.database

    @classmethod
    async def connect(cls, settings: Settings | None = None) -> Database:
        """Open the driver and check that the server answers."""
        settings = settings or load_settings()
        connection = settings.connection()
        if connection.source == "local-server-stopped":
            raise local_server_stopped(connection)
        auth = (
            (connection.username, connection.password.get_secret_value())
            if connection.password is not None
            else None
        )
        route_driver_logs()
        try:
            driver = AsyncGraphDatabase.driver(
                connection.uri,
                auth=auth,
                connection_timeout=settings.connection_timeout,
                connection_acquisition_timeout=settings.connection_timeout,
                # Schema hints ("label does not exist yet") are noise for a fresh space.
                notifications_min_severity="OFF",
            )
        except (DriverError, ValueError) as exc:
            raise StorageError(
                f"Cannot open a driver for {connection.uri}: {exc}",
                recovery="Check NEO4J_URI (e.g. bolt://127.0.0.1:7687).",
            ) from exc
        try:
            await driver.verify_connectivity()
        except (DriverError, Neo4jError, OSError) as exc:
            await driver.close()
            raise storage_error(exc, connection) from exc
        return cls(driver, connection, connection_timeout=settings.connection_timeout)

    async def close(self) -> None:
        await self._driver.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def read(self, work: Work[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run `work(tx, ...)` in a read transaction: only `mode: read` queries."""
        return await self._run("read", work, *args, **kwargs)

    async def write(self, work: Work[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run `work(tx, ...)` in a write transaction: only `mode: write` queries."""
        return await self._run("write", work, *args, **kwargs)

    async def _run(self, mode: Mode, work: Work[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        started = time.monotonic()
        delay = FIRST_RETRY_DELAY
        while True:
            try:
                return await self._attempt(mode, work, *args, **kwargs)
            except (ServiceUnavailable, SessionExpired) as exc:
                budget = self.connection_timeout
                error: Exception = exc
            except TransientError as exc:
                budget = TRANSIENT_RETRY_SECONDS
                error = exc
            except (DriverError, Neo4jError, OSError) as exc:
                raise storage_error(exc, self.connection) from exc
            if time.monotonic() - started + delay > budget:
                raise storage_error(error, self.connection) from error
            log.debug("retrying a %s transaction in %.2f s: %s", mode, delay, type(error).__name__)
            await anyio.sleep(delay)
            delay = min(MAX_RETRY_DELAY, delay * 2)

    async def _attempt(self, mode: Mode, work: Work[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        access = READ_ACCESS if mode == "read" else WRITE_ACCESS
        call = current_call()  # a call from another process brings its own bookmarks
        given = Bookmarks.from_raw_values(call.given_bookmarks) if call else None
        session = self._driver.session(
            database=self.name,
            default_access_mode=access,
            bookmark_manager=self.bookmarks,
            bookmarks=given,
        )
        async with session:
            if mode == "read" and is_single_statement(work):
                result = await work(Transaction(session, mode, single=True), *args, **kwargs)
            else:
                async with await session.begin_transaction() as tx:
                    # Committed when the work returns, rolled back when it raises.
                    result = await work(Transaction(tx, mode), *args, **kwargs)
            if call is not None:
                call.ended_with(tuple((await session.last_bookmarks()).raw_values))
            return result

    async def server_info(self) -> dict[str, Any]:
        """Agent, protocol version and address of the server, for status reports."""
        try:
            info = await self._driver.get_server_info()
        except (DriverError, Neo4jError, OSError) as exc:
            raise storage_error(exc, self.connection) from exc
        return {
            "address": str(info.address),
            "agent": info.agent,
            "protocol_version": ".".join(str(v) for v in info.protocol_version),
        }


class _Forward(logging.Handler):
    """Re-emits the driver's records under elfgraph.driver, which the application
    configures like every elfgraph logger (and which prints nothing by default)."""

    def emit(self, record: logging.LogRecord) -> None:
        target = logging.getLogger("elfgraph.driver")
        if target.isEnabledFor(record.levelno):
            record.name = "elfgraph.driver"
            target.handle(record)


def route_driver_logs() -> None:
    """Send the `neo4j` logger's records to `elfgraph.driver` instead of Python's
    last-resort stderr handler, unless the application set up `neo4j` logging itself."""
    driver_log = logging.getLogger("neo4j")
    if driver_log.handlers:
        return
    driver_log.addHandler(_Forward())
    driver_log.propagate = False
