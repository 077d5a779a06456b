"""The portability benchmark runs at a tiny size, so the script cannot rot (its figures
come from full runs by hand; see docs/BENCHMARKS.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.portability import one_size, table
from elfgraph.config.connection import Settings

pytestmark = pytest.mark.anyio


async def test_portability_benchmark_exports_and_imports_in_processes_of_their_own(
    neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    connection = neo4j_settings.connection()  # the child processes find the test Neo4j
    monkeypatch.setenv("NEO4J_URI", connection.uri)
    monkeypatch.setenv("NEO4J_USERNAME", connection.username)
    if connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", connection.password.get_secret_value())
    result = await one_size(200, 1, None, tmp_path)
    assert result["counts"]["block"] == 200
    assert result["counts"]["edge"] > 0
    assert result["import"]["runs"][0]["counts"] == result["counts"]
    assert result["export"]["peak_rss_mib_max"] > 0
    report = {
        "machine": {"cores": 2, "memory_gib": 1, "python": "3", "neo4j": "n", "commit": "c"}
        | {"when": "now"},
        "results": [result],
    }
    assert "| 200 |" in table(report)
