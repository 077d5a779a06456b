"""Fixtures of the portability tests: a rich space and its export file, and a second
space name to import into (dropped after the test, with anything an import left)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from elfgraph.portability.export import export_space
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory
from tests.support.rich_space import RichSpace, build_rich_space


@pytest.fixture
async def rich(make_memory: MakeMemory, database: Database, space: str) -> RichSpace:
    return await build_rich_space(make_memory, database, space)


@pytest.fixture
async def exported(rich: RichSpace, database: Database, space: str, tmp_path: Path) -> Path:
    path = tmp_path / "rich.jsonl"
    await export_space(database, space, path)
    return path


@pytest.fixture
async def other_space(database: Database) -> AsyncIterator[str]:
    """A fresh name to import into; dropped afterwards."""
    name = f"test-import-{uuid.uuid4().hex[:10]}"
    yield name
    await drop_space(database, name)
