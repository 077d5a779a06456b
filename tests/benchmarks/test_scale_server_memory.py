"""benchmarks/scale_log.py: the scale table's header names the heap and page cache of the
server the run talks to, asked of the server itself when it is not the local home's."""

from __future__ import annotations

import re

import pytest

from benchmarks.scale_log import server_memory
from elfgraph.store.database import Database

pytestmark = pytest.mark.anyio


async def test_the_server_reports_its_heap_and_page_cache(database: Database) -> None:
    memory = await server_memory(database)
    assert set(memory) == {"heap", "page_cache"}
    heap = re.fullmatch(r"(\d+\.\d\d)GiB", memory["heap"])
    assert heap is not None
    assert float(heap.group(1)) > 0  # the JVM's maximum heap
    assert re.search(r"\d", memory["page_cache"])  # as the server's setting shows it
