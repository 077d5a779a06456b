"""The connection to Neo4j: one async driver, managed transactions, errors made readable.

Repository functions take a transaction; `Database.read` / `Database.write` run them in
`execute_read` / `execute_write`, which retry transient failures, so a transaction function
must do nothing outside the database. Every driver or server error leaves this module as a
`StorageError` that names the URI and says what to do, with the original chained.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncManagedTransaction
from neo4j.exceptions import (
    AuthError,
    ClientError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
)

from elfgraph.config.connection import Connection, Settings, load_settings
from elfgraph.errors import StorageError

P = ParamSpec("P")
T = TypeVar("T")
Work = Callable[Concatenate[AsyncManagedTransaction, P], Awaitable[T]]


def _start_hint(connection: Connection) -> str:
    if connection.source == "local-server":
        return "Check `elfgraph neo4j status`; restart it with `elfgraph neo4j start`."
    if connection.source == "environment":
        return (
            "Check that NEO4J_URI points at a running Neo4j 5.26, or unset it and run "
            "`elfgraph neo4j start`."
        )
    return "Start Neo4j with `elfgraph neo4j start` (or `docker compose up -d`), or set NEO4J_URI."


def storage_error(exc: Exception, connection: Connection) -> StorageError:
    """Translate a driver or server exception into a StorageError with a recovery hint."""
    uri = connection.uri
    if isinstance(exc, AuthError):
        return StorageError(
            f"Neo4j at {uri} refused the credentials of user {connection.username!r}.",
            recovery="Set NEO4J_USERNAME / NEO4J_PASSWORD to the server's; for the local "
            "server, `eval $(elfgraph neo4j env)` prints them.",
        )
    if isinstance(exc, ServiceUnavailable | SessionExpired | OSError):
        return StorageError(
            f"Neo4j at {uri} is unreachable ({exc}).", recovery=_start_hint(connection)
        )
    if isinstance(exc, ClientError) and exc.code and "DatabaseNotFound" in exc.code:
        return StorageError(
            f"Neo4j at {uri} has no database {connection.database!r}.",
            recovery="Set NEO4J_DATABASE to an existing database (Community has only 'neo4j').",
        )
    if isinstance(exc, Neo4jError):
        return StorageError(
            f"Neo4j at {uri} rejected a query: {exc.code}: {exc.message}",
            recovery="This is likely a bug in elfgraph; report it with the message above.",
        )
    return StorageError(
        f"Talking to Neo4j at {uri} failed: {exc}",
        recovery="Check that the server runs (`elfgraph neo4j status`) and try again.",
    )


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
    async def connect(
        cls, settings: Settings | None = None, *, migrate: bool | None = None
    ) -> Database:
        """Open the driver, check that the server answers, apply pending schema migrations."""
        settings = settings or load_settings()
        connection = settings.connection()
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
        database = cls(driver, connection)
        try:
            await driver.verify_connectivity()
        except (DriverError, Neo4jError, OSError) as exc:
            await driver.close()
            raise storage_error(exc, connection) from exc
        if settings.auto_migrate if migrate is None else migrate:
            from elfgraph.schema.migrations import migrate as apply_migrations  # migrations use us

            try:
                await apply_migrations(database)
            except BaseException:
                await database.close()
                raise
        return database

    async def close(self) -> None:
        await self._driver.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def read(self, work: Work[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run `work(tx, ...)` in a managed read transaction."""
        try:
            async with self._driver.session(database=self.name) as session:
                return await session.execute_read(work, *args, **kwargs)
        except (DriverError, Neo4jError, OSError) as exc:
            raise storage_error(exc, self.connection) from exc

    async def write(self, work: Work[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run `work(tx, ...)` in a managed write transaction."""
        try:
            async with self._driver.session(database=self.name) as session:
                return await session.execute_write(work, *args, **kwargs)
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
