"""Two processes migrating a fresh database at once both succeed, and the schema ends
complete, each migration recorded once. On a throw-away Neo4j of its own (~15 s)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from elfgraph.config.connection import Settings
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.schema.migrations import schema_migrations, schema_status
from elfgraph.store.database import Database
from tests.support.graph import graph

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.integration]

MIGRATE = (
    "import anyio\n"
    "from elfgraph.schema.migrations import open_database\n"
    "async def main():\n"
    "    database = await open_database()\n"
    "    await database.close()\n"
    "anyio.run(main)\n"
)


def migrate_in_two_processes_at_once(home: Path) -> list[tuple[int, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "ELFGRAPH_"))}
    env["ELFGRAPH_NEO4J_HOME"] = str(home)
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", MIGRATE], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        for _ in range(2)
    ]
    errors = [run.communicate(timeout=300)[1].decode() for run in runs]
    return [(run.returncode, err) for run, err in zip(runs, errors, strict=True)]


async def test_two_processes_migrate_a_fresh_database_at_once(own_server: LocalNeo4j) -> None:
    for code, err in migrate_in_two_processes_at_once(own_server.home):
        assert code == 0, err
    async with await Database.connect(Settings(neo4j_home=own_server.home)) as database:
        status = await schema_status(database)
        assert [m.state for m in status.migrations] == ["applied"] * len(schema_migrations())
        assert all(index.state == "ONLINE" for index in status.indexes)
        recorded = await graph(
            database, "MATCH (m:SchemaMigration) RETURN m.version AS v, count(*) AS n"
        )
        assert all(row["n"] == 1 for row in recorded)
        assert len(recorded) == len(schema_migrations())
