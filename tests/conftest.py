"""Shared fixtures (one real Neo4j per test session, one fresh space per test, MemorySystems
on it, the fake LLM server) and the hook that marks the tests needing Neo4j `integration`.

Where Neo4j comes from, in order (ARCHITECTURE.md "Tests"):
1. NEO4J_URI (with NEO4J_USERNAME / NEO4J_PASSWORD) when set;
2. the local server of `elfgraph neo4j start` (started here if needed, stopped after);
3. a testcontainers Neo4jContainer when a Docker engine answers;
4. otherwise the integration tests fail under CI=true and are skipped elsewhere.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import ElfgraphError, Neo4jServerError
from elfgraph.memory import MemorySystem
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space, find_space
from elfgraph.store.database import Database
from elfgraph.warm_up import warm_local_server
from tests.support.docker import NEO4J_IMAGE, docker_answers
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.memory import MakeMemory
from tests.support.service import RunningService, start_service


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that uses neo4j_settings, directly or through another fixture (database,
    space, make_memory, neo4j_env…), talks to the test Neo4j: it is an integration test.
    Tests that start servers of their own carry the marker explicitly."""
    for item in items:
        if "neo4j_settings" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.integration)


@pytest.fixture(autouse=True)
def no_service_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test talks to a service the caller's environment names (ELFGRAPH_URL switches
    the CLI to one): the tests of the service set these themselves."""
    monkeypatch.delenv("ELFGRAPH_URL", raising=False)
    monkeypatch.delenv("ELFGRAPH_API_KEY", raising=False)


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def neo4j_settings() -> Iterator[Settings]:
    if os.environ.get("NEO4J_URI"):
        yield Settings()
        return
    server = LocalNeo4j()
    was_running = server.is_running()
    try:
        server.start()
    except Neo4jServerError as exc:
        local_problem: Neo4jServerError | None = exc
    else:
        local_problem = None
    if local_problem is None:
        if not was_running:  # as `elfgraph neo4j start` does (elfgraph/warm_up/)
            anyio.run(warm_local_server, server)
        yield Settings(neo4j_home=server.home)
        if not was_running:
            server.stop()
        return
    if docker_answers():
        from testcontainers.neo4j import Neo4jContainer

        with Neo4jContainer(NEO4J_IMAGE) as container:
            yield Settings(
                neo4j_uri=container.get_connection_url(),
                neo4j_username="neo4j",
                neo4j_password=container.password,
            )
        return
    message = f"no Neo4j for integration tests: {local_problem}"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
async def database(neo4j_settings: Settings) -> AsyncIterator[Database]:
    db = await open_database(neo4j_settings)
    try:
        yield db
    finally:
        await db.close()


@pytest.fixture
async def space(database: Database) -> AsyncIterator[str]:
    """A fresh space name for this test; everything in it is deleted afterwards."""
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    await drop_space(database, name)


@pytest.fixture
async def make_memory(database: Database, space: str) -> AsyncIterator[MakeMemory]:
    """Open MemorySystems on the test's space (or another) sharing the test's connection;
    another space this opening created is dropped afterwards too, so no test leaves one in
    the database (one a module's fixture built stays: it is the fixture's to drop)."""
    opened: list[MemorySystem] = []
    others: set[str] = set()

    async def _is_new(name: str) -> bool:
        try:
            return await find_space(database, name) is None
        except ElfgraphError:  # a name MemorySystem.open refuses: the test expects its error
            return False

    async def make(
        space_name: str | None = None,
        *,
        embedding_service: EmbeddingService | None = None,
        **options: Any,
    ) -> MemorySystem:
        created = space_name is not None and space_name != space and await _is_new(space_name)
        memory = await MemorySystem.open(
            space_name or space,
            database=database,
            embedding_service=embedding_service or MockEmbeddingService(),
            **options,
        )
        opened.append(memory)
        # What opening plans in the background ends before the test goes on: a test that
        # counts or spies on queries sees its own.
        await memory._retriever.planned()
        if created and space_name is not None:
            others.add(space_name)
        return memory

    yield make
    for memory in opened:
        await memory.close()
    for name in others:
        await drop_space(database, name)


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """None of the NEO4J_* and ELFGRAPH_* variables of the shell that runs the tests reaches
    the test: a settings test sets what it reads, so it passes whatever the caller exported."""
    for name in list(os.environ):
        if name.upper().startswith(("NEO4J_", "ELFGRAPH_")):
            monkeypatch.delenv(name)


@pytest.fixture
def own_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalNeo4j]:
    """A throw-away local Neo4j of the test's own (a real JVM, ~15 s to start): for tests
    that stop the server or need a database nobody has migrated. A URI in the environment
    would win over its home (Settings.connection), so the test runs without one."""
    for name in ("NEO4J_URI", "ELFGRAPH_NEO4J_URI"):
        monkeypatch.delenv(name, raising=False)
    instance = LocalNeo4j(tmp_path / "neo4j-home")
    instance.start()
    try:
        yield instance
    finally:
        instance.stop()


@pytest.fixture
def no_provider_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No real keys, base URLs, profiles or proxies may leak in from the environment."""
    for name in list(os.environ):
        upper = name.upper()
        if upper.startswith(("OPENAI_", "ANTHROPIC_")) or upper.endswith("_PROXY"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path))  # no Anthropic SDK profile on disk either


@pytest.fixture
def fake_server() -> Iterator[FakeLLMServer]:
    """A fake OpenAI/Anthropic HTTP API on 127.0.0.1 (tests/support/fake_llm_server.py)."""
    server = FakeLLMServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def service(
    neo4j_settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[RunningService]:
    """One real `elfgraph serve` for the session, on a free port, against the test Neo4j
    (tests/support/service.py); each test makes keys for its own space."""
    running = start_service(tmp_path_factory.mktemp("serve"), settings=neo4j_settings)
    yield running
    running.stop()
