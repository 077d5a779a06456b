"""`elfgraph neo4j start --neo4j-version 2026.08.1`: a calendar release on a throw-away
instance of its own runs elfgraph's migrations, learn, dream and recall, and an instance
refuses to be started as another release once it holds data.

The first run fetches that release's jars from Maven Central (a minute or two, once)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import Neo4jServerError
from elfgraph.memory import MemorySystem
from elfgraph.neo4j_server import LocalNeo4j, find_java
from elfgraph.neo4j_server.release import CALENDAR_VERSION, DEFAULT_VERSION, release
from elfgraph.schema.migrations import open_database


def _java_for_calendar_releases() -> str | None:
    try:
        return str(find_java(release(CALENDAR_VERSION).java).executable)
    except Neo4jServerError:
        return None


pytestmark = [
    pytest.mark.anyio,
    pytest.mark.slow,
    pytest.mark.integration,  # a Neo4j of its own
    pytest.mark.skipif(
        _java_for_calendar_releases() is None,
        reason=f"Neo4j {CALENDAR_VERSION} needs Java 21 or 25, and this machine has neither",
    ),
]
ELFGRAPH = Path(sys.executable).with_name("elfgraph")


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "neo4j-calendar"
    try:
        yield folder
    finally:
        LocalNeo4j(folder).stop()


def cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ELFGRAPH_NEO4J_HOME=str(home))
    for name in ("NEO4J_URI", "ELFGRAPH_NEO4J_URI", "ELFGRAPH_NEO4J_VERSION"):
        env.pop(name, None)
    return subprocess.run(
        [str(ELFGRAPH), "neo4j", *args], capture_output=True, text=True, env=env, timeout=900
    )


async def test_a_calendar_release_serves_elfgraph_and_keeps_its_release(home: Path) -> None:
    started = cli(home, "start", "--neo4j-version", CALENDAR_VERSION, "--json")
    assert started.returncode == 0, started.stderr
    status = json.loads(started.stdout)
    assert status["neo4j_version"] == CALENDAR_VERSION

    state = LocalNeo4j(home).state()
    assert state is not None
    assert state.password is not None
    settings = Settings(  # this instance, whatever NEO4J_URI the other tests use says
        neo4j_uri=status["bolt_uri"], neo4j_username="neo4j", neo4j_password=state.password
    )
    database = await open_database(settings)
    try:
        assert (await database.server_info())["agent"] == f"Neo4j/{CALENDAR_VERSION}"
        memory = await MemorySystem.open(
            "calendar-release", database=database, embedding_service=MockEmbeddingService()
        )
        try:
            await memory.learn_many(
                [
                    "The harbour ferry leaves at seven every morning.",
                    "Mira keeps her bicycle in the shed behind the bakery.",
                    "The library closes early on Fridays in winter.",
                ]
            )
            dreamed = await memory.dream()
            assert dreamed is not None
            assert dreamed.promoted == 3
            found = await memory.recall("When does the ferry leave?")
            assert "ferry" in found[0].content
        finally:
            await memory.close()
    finally:
        await database.close()

    other = cli(home, "start", "--neo4j-version", DEFAULT_VERSION)
    assert other.returncode == 1
    assert f"holds a Neo4j {CALENDAR_VERSION} database" in other.stderr
    assert "Traceback" not in other.stderr
    assert "Stopped" in cli(home, "stop").stdout
