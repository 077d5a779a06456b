"""Each maintained benchmark (benchmarks/registry.py) runs at a tiny size, so the scripts
cannot rot (their figures come from full runs by hand; see docs/BENCHMARKS.md)."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from uuid import uuid4

import pytest

from benchmarks import scale, tenant_reads, tenants
from benchmarks.corpus import facts
from benchmarks.curate import one_run as curate_run
from benchmarks.curate import summarise as curate_summary
from benchmarks.curate import table as curate_table
from benchmarks.forget import run as forget_run
from benchmarks.forget import table as forget_table
from benchmarks.locomo.ablation import table as locomo_table
from benchmarks.locomo.report import chart
from benchmarks.locomo.run import Options, run
from benchmarks.machine import describe
from benchmarks.read_path import one_size, questions
from benchmarks.read_path import stats as latency_stats
from benchmarks.scale_report import markdown as scale_markdown
from benchmarks.write_path import one_run, summarise
from elfgraph.config.connection import Settings
from elfgraph.curation.models import PHASES
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.graph import graph
from tests.support.locomo_sample import write

pytestmark = pytest.mark.anyio


async def test_write_path_benchmark_runs(database: Database) -> None:
    run = await one_run(database, 60, "mock")
    distinct = len({text.strip().lower() for text in facts(60)})  # repeats stop at learn
    assert run["promoted"] + run["deduplicated"] == distinct
    assert summarise(60, [run])["dream_blocks_per_s_median"] > 0


async def test_read_path_benchmark_runs_and_counts_round_trips(database: Database) -> None:
    result = await one_size(database, 40, questions(5), warm_up=2)
    assert result["active"] == 40
    assert result["recall_round_trips"] == 1.0
    assert result["frame_round_trips"] == 2.0
    clustered = await one_size(database, 40, questions(3), clustered=True, warm_up=2)
    assert clustered["edges"] > 0
    assert latency_stats([1.0, 2.0, 3.0])["p50_ms"] == 2.0


async def test_curate_benchmark_runs_and_does_every_phase(database: Database) -> None:
    run = await curate_run(database, 300)
    result = run["result"]
    assert result["archived"] > 0
    assert result["edges_pruned"] > 0
    assert result["edges_decayed"] > 0
    assert result["reinforced"] == 5
    assert 0 < result["total_edges_after"] < run["edges_before"]
    assert set(run["phases"]) == set(PHASES)
    summary = curate_summary([run])
    assert summary["seconds_median"] > 0
    report = {"results": [{"size": 300, "repeats": 1, **summary}]}
    assert "| 300 | " in curate_table(report)


async def test_locomo_benchmark_runs_on_a_tiny_conversation(
    database: Database, tmp_path: Path
) -> None:
    options = Options(data=write(tmp_path / "tiny.json"), embedder="mock", warm_up=2)
    report = await run(options, database)
    assert report["data"]["questions"] == 4
    assert report["data"]["evidence_ids_dropped"] == 1
    (ingested,) = report["ingest"]
    assert ingested["turns"] == 7
    assert ingested["active_blocks"] == 6  # the repeated "Thanks for the photo!" is one block
    assert ingested["active_hours"] == pytest.approx(7 / 60, abs=1e-3)  # a minute per turn
    methods = report["methods"]
    assert set(methods) == {"full", "no-expansion", "vector", "keyword", "bm25", "cosine"}
    for name, method in methods.items():
        overall = method["summary"]["overall"]
        assert overall["n"] == 4
        assert 0.0 <= overall["R@1"] <= overall["R@5"] <= overall["R@20"] <= 1.0, name
        assert overall["R@20"] == 1.0, name  # 7 turns: top 20 holds every one
    # Each question names a word only its evidence holds (greyhound, Lisbon, Biscuit).
    assert methods["keyword"]["summary"]["single-hop"]["R@1"] == 1.0
    assert methods["bm25"]["summary"]["single-hop"]["R@1"] == 1.0
    assert methods["full"]["latency_by_top_k"]["10"]["p50_ms"] > 0
    rows = locomo_table(report).splitlines()
    assert any(row.startswith("| full (`defaults`) |") for row in rows)
    assert any(row.startswith("| BM25 over turns (no database) |") for row in rows)
    if find_spec("matplotlib") is not None:  # the `bench` extra
        chart(report, tmp_path / "chart.png")
        assert (tmp_path / "chart.png").read_bytes().startswith(b"\x89PNG")


async def test_the_soak_runs_mixed_operations_and_records_windows(
    neo4j_settings: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from benchmarks import soak

    monkeypatch.setattr(soak, "WINDOW_SECONDS", 3.0)
    monkeypatch.setattr(soak, "SESSION_MINUTES", 0.05)  # a new session every 3 s
    # This test may be the first to reach a fresh server (tests/benchmarks sorts first),
    # where each operation's first call waits seconds for its plans: 15 s and a dream
    # every three blocks leave room for every kind of operation even there.
    monkeypatch.setattr(soak, "DREAM_AT", 3)
    report = await soak.soak(minutes=0.25)
    assert report["operations"] > 50
    assert len(report["windows"]) >= 2
    every = {name for window in report["windows"] for name in window["ops"]}
    assert {"learn", "recall", "frame", "recall (reader)", "session"} <= every
    assert all(window["rss_mib"] > 0 for window in report["windows"])
    assert report["final_status"]["active_count"] > 0, report["refusals"]  # it dreamed


async def test_tenants_first_recalls_a_crowd_space_and_recall_after_a_drop(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tenant_reads, "FRESH_OPENS", 1)
    monkeypatch.setattr(tenant_reads, "AFTER_DROP_S", 0.6)
    monkeypatch.setattr(tenant_reads, "DROP_WINDOW_S", 0.3)
    small, victim = f"smoke-tenants-{uuid4().hex[:8]}", f"smoke-victim-{uuid4().hex[:8]}"
    try:
        await tenants.learn_and_dream(database, small, 40)
        await tenants.learn_and_dream(database, victim, 20)
        fresh = await tenant_reads.fresh_recalls(
            {"x": database, "y": database}, small, questions(2)
        )
        assert set(fresh) == {"x", "y"}
        assert fresh["x"]["first"]["p50_ms"] > 0
        crowd = await tenant_reads.crowd_space_recall(database, victim, list(questions(3)), 1)
        assert crowd["blocks"] == len(await tenant_reads.space_ids(database, victim)) >= 20
        assert set(crowd["recall"]) == set(crowd["open_s"]) == {"default", "cache_raised"}
        assert all(figures["p50_ms"] > 0 for figures in crowd["recall"].values())
        memory, recalls = await tenant_reads.opened(database, small)
        try:
            pairs = {"alone": recalls[""], "among": recalls[""]}
            dropped = await tenant_reads.after_drop(database, victim, pairs, list(questions(3)))
        finally:
            await memory.close()
        assert dropped["nodes_deleted"] >= 20
        starts = [w["from_s"] for w in dropped["windows"]]  # a slow recall may skip one
        assert starts[0] == 0.0
        assert all(start < 0.6 for start in starts)
        assert await tenant_reads.space_ids(database, victim) == set()
    finally:
        await drop_space(database, small)
        await drop_space(database, victim)


async def test_scale_benchmark_builds_reads_curates_archives_and_drops(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scale, "WARM_UP", 4)
    monkeypatch.setattr(scale, "QUERIES", 6)
    monkeypatch.setattr(scale, "QUERYLESS", 3)
    result = await scale.one_size(database, 300, session=True, settle_max=0.5)
    assert result["learn_blocks_per_s"] > 0
    assert result["dream_blocks_per_s"] > 0
    assert result["dream_chunk_rates"]
    for reads in ("recall", "queryless", "self", "recall_vector_only", "recall_keyword_only"):
        assert 0 < result[reads]["p50_ms"] <= result[reads]["p95_ms"], reads
    assert result["curate_seconds"] > 0
    assert 0 < result["deleted"] < 300
    left = "MATCH (s:Space {name: $name}) RETURN count(s) AS n"
    assert await graph(database, left, name=result["space"]) == [{"n": 0}]
    table = scale_markdown({"machine": await describe(database), "results": [result]})
    assert any(line.startswith("| 300 | ") for line in table.splitlines())


async def test_the_forget_benchmark_forgets_and_recalls_around_it(
    neo4j_settings: Settings,
) -> None:
    report = await forget_run(300, 20, 12, 1, True, 5.0, neo4j_settings)
    (done,) = report["rounds"]
    assert done["result"]["active"] + done["result"]["archived"] == 20
    assert done["result"]["texts_given_back"] == 2  # the near-duplicates absorbed elsewhere
    assert report["drift"] == {"degree": 0, "edge_count": 0}
    assert len(done["other_process_first_recalls_ms"]) == 3
    assert "| 1 | " in forget_table(report)
