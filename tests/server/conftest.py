"""Fixtures of the service's own tests: keys for the test's space, and a raw HTTP client
for the session's `elfgraph serve` (tests/conftest.py's `service`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2 as httpx
import pytest

from elfgraph.keys.manage import create_key
from elfgraph.store.database import Database
from tests.support.service import MakeKey, RunningService


@pytest.fixture
async def make_key(database: Database, space: str) -> MakeKey:
    """A new key (the secret), for the test's space unless told otherwise."""

    async def make(
        scope: str = "admin", *, for_space: str | None = "", all_spaces: bool = False
    ) -> str:
        target = None if all_spaces else (for_space or space)
        return (await create_key(database, space=target, scope=scope, label="test")).key

    return make


@pytest.fixture
async def http(service: RunningService) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=service.url, timeout=60) as client:
        yield client
