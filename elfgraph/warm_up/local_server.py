"""The warm-up of a server started by `elfgraph neo4j start` (or a benchmark's own)."""

from __future__ import annotations

from collections.abc import Callable

from elfgraph.config.connection import Settings
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.schema.migrations import open_database
from elfgraph.warm_up.run import WarmUpReport, warm_up_server


async def warm_local_server(
    server: LocalNeo4j, progress: Callable[[str], None] | None = None
) -> WarmUpReport | None:
    """Warm a local server that runs, whatever NEO4J_URI says; None when it does not run
    or was warmed since it started."""
    state = server.state()
    if state is None or not state.bolt_port or not server.is_running():
        return None
    database = await open_database(
        Settings(
            neo4j_uri=f"bolt://127.0.0.1:{state.bolt_port}",
            neo4j_username=state.username,
            neo4j_password=state.password if state.auth else None,
        )
    )
    try:
        return await warm_up_server(database, progress=progress)
    finally:
        await database.close()
