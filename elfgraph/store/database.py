"""The connection to Neo4j: one async driver, managed transactions, errors made readable.

Repository functions take a `Transaction`; `Database.read` / `Database.write` run them in
`execute_read` / `execute_write`, which retry transient failures, so a transaction function
must do nothing outside the database. Every driver or server error leaves this module as a
`StorageError` that names the URI (and the query file, when a query failed) and says what
to do, with the original chained. Connecting does only that: the schema is an explicit
step (`elfgraph.schema`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncManagedTransaction
from neo4j.exceptions import DriverError, Neo4jError

from elfgraph.config.connection import Connection, Settings, load_settings
from elfgraph.errors import StorageError
from elfgraph.store.errors import local_server_stopped, storage_error
from elfgraph.store.transaction import Transaction

P = ParamSpec("P")
T = TypeVar("T")
Work = Callable[Concatenate[Transaction, P], Awaitable[T]]


class Database:
    """An open connection to one Neo4j database."""

    def __init__(self, driver: AsyncDriver, connection: Connection) -> None:
        self._driver = driver
        self.connection = connection

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
        try:
            driver = AsyncGraphDatabase.driver(
                connection.uri,
                auth=auth,
                connection_timeout=settings.connection_timeout,
                max_transaction_retry_time=15.0,
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
        return cls(driver, connection)

    async def close(self) -> None:
        await self._driver.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def read(self, work: Work[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run `work(tx, ...)` in a managed read transaction: only `mode: read` queries."""

        async def in_read(tx: AsyncManagedTransaction) -> T:
            return await work(Transaction(tx, "read"), *args, **kwargs)

        try:
            async with self._driver.session(database=self.name) as session:
                return await session.execute_read(in_read)
        except (DriverError, Neo4jError, OSError) as exc:
            raise storage_error(exc, self.connection) from exc

    async def write(self, work: Work[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run `work(tx, ...)` in a managed write transaction: only `mode: write` queries."""

        async def in_write(tx: AsyncManagedTransaction) -> T:
            return await work(Transaction(tx, "write"), *args, **kwargs)

        try:
            async with self._driver.session(database=self.name) as session:
                return await session.execute_write(in_write)
        except (DriverError, Neo4jError, OSError) as exc:
            raise storage_error(exc, self.connection) from exc

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
