"""Driver and server exceptions translated into StorageErrors a person can act on.

A message names the URI and, when a query failed, its file and the names of its
parameters, never their values: user text and embeddings stay out of messages and logs.
Quoted text in the server's own message (which can echo a value) is elided for the same
reason.
"""

from __future__ import annotations

import re

from neo4j.exceptions import AuthError, ClientError, Neo4jError, ServiceUnavailable, SessionExpired

from elfgraph.config.connection import Connection
from elfgraph.errors import StorageError
from elfgraph.store.transaction import failed_query

SERVER_MESSAGE_CHARS = 300
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def start_hint(connection: Connection) -> str:
    if connection.source == "local-server":
        return "Check `elfgraph neo4j status`; restart it with `elfgraph neo4j start`."
    if connection.source == "environment":
        return (
            "Check that NEO4J_URI points at a running Neo4j 5.26 or later, or unset it and run "
            "`elfgraph neo4j start`."
        )
    return "Start Neo4j with `elfgraph neo4j start` (or `docker compose up -d`), or set NEO4J_URI."


def local_server_stopped(connection: Connection) -> StorageError:
    return StorageError(
        f"The local Neo4j server (home {connection.home}) is not running.",
        recovery="Start it with `elfgraph neo4j start`, or set NEO4J_URI to use another Neo4j.",
    )


def server_message(message: str | None) -> str:
    """The server's message without quoted values, one line, bounded."""
    text = " ".join(_QUOTED.sub("'…'", message or "").split())
    if len(text) > SERVER_MESSAGE_CHARS:
        text = text[: SERVER_MESSAGE_CHARS - 1] + "…"
    return text


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
            f"Neo4j at {uri} is unreachable ({exc}).", recovery=start_hint(connection)
        )
    if isinstance(exc, ClientError) and exc.code and "DatabaseNotFound" in exc.code:
        return StorageError(
            f"Neo4j at {uri} has no database {connection.database!r}.",
            recovery="Set NEO4J_DATABASE to an existing database (Community has only 'neo4j').",
        )
    query = failed_query(exc)
    where = ""
    if query is not None:
        params = ", ".join(query.params) or "none"
        where = f" in {query.file} (params: {params})"
    if isinstance(exc, Neo4jError):
        if exc.code and "AccessMode" in exc.code and query is not None:
            return StorageError(
                f"Neo4j at {uri} refused a write{where}: the query is declared "
                f"'mode: {query.mode}' and ran in a read transaction.",
                recovery="Correct the query's header to 'mode: write' and run it through "
                "Database.write() (this is a bug in elfgraph: please report it).",
            )
        return StorageError(
            f"Neo4j at {uri} rejected a query{where}: {exc.code}: {server_message(exc.message)}",
            recovery="This is likely a bug in elfgraph; report it with the message above.",
        )
    return StorageError(
        f"Talking to Neo4j at {uri} failed{where}: "
        f"{server_message(str(exc)) or type(exc).__name__}",
        recovery="Check that the server runs (`elfgraph neo4j status`) and try again.",
    )
