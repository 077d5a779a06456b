"""The demo of the quickstart: a real sample through the real embedder into Neo4j."""

from __future__ import annotations

import pytest

from elfgraph.cli.demo import SAMPLE, run_demo
from elfgraph.config.connection import Settings
from elfgraph.store.database import Database

pytestmark = pytest.mark.anyio


async def test_the_demo_dedupes_its_near_duplicates_and_links_the_rest(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    report = await run_demo(space, neo4j_settings)
    assert [r.status for r in report.learned] == ["created"] * len(SAMPLE)
    assert report.dreamed is not None
    # Three pairs in the sample are paraphrases at cosine >= 0.95 under MiniLM.
    assert report.dreamed.deduplicated == 3
    assert report.dreamed.promoted == len(SAMPLE) - 3
    assert report.dreamed.edges_created > 0
    assert report.status.active_count == len(SAMPLE) - 3
    assert report.status.inbox_count == 0
    assert not report.status.session_active
    assert report.status.total_active_hours > 0
    sensor, deploy, _ = report.answers
    assert "Tomás" in sensor[1].text
    assert "deploy" in deploy[1].text.lower()
    assert all(0 < len(frame.blocks) <= 3 for _, frame in report.answers)
    assert report.identity.blocks[0].content.startswith("Contacts of harbour masters")
    assert report.identity.text.startswith("## Identity")
