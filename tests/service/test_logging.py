"""Logging: each query at DEBUG under elfgraph.store (file, rows, milliseconds), each
operation at INFO under elfgraph.memory with its summary; the library prints nothing."""

from __future__ import annotations

import logging
import re

import pytest

from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_queries_log_at_debug_and_operations_at_info(
    make_memory: MakeMemory, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    memory = await make_memory()
    caplog.set_level(logging.DEBUG, logger="elfgraph")
    await memory.learn("The staging database is read-only on Fridays.")
    queries = [r for r in caplog.records if r.name == "elfgraph.store"]
    assert queries, "no query was logged"
    assert all(r.levelno == logging.DEBUG for r in queries)
    assert any(
        re.search(r"cypher/learning/insert_blocks\.cypher: 1 row\(s\) in [\d.]+ ms", r.message)
        for r in queries
    )
    operations = [r for r in caplog.records if r.name == "elfgraph.memory"]
    assert [r.levelno for r in operations] == [logging.INFO]
    assert "learn: Stored block" in operations[0].getMessage()
    assert "read-only on Fridays" not in " ".join(r.getMessage() for r in caplog.records)
    assert capsys.readouterr() == ("", "")  # the library itself printed nothing


async def test_a_failed_operation_is_logged_with_its_reason(
    make_memory: MakeMemory, caplog: pytest.LogCaptureFixture
) -> None:
    memory = await make_memory()
    caplog.set_level(logging.INFO, logger="elfgraph")
    with pytest.raises(Exception, match="empty"):
        await memory.learn("   ")
    (record,) = [r for r in caplog.records if r.name == "elfgraph.memory"]
    assert "learn failed" in record.getMessage()
