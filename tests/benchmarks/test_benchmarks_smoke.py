"""Each benchmark runs at a tiny size, so the scripts cannot rot (their figures come from
full runs by hand; see docs/BENCHMARKS.md)."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path
from uuid import uuid4

import pytest

from benchmarks import blas_threads, tenant_reads, tenants
from benchmarks.corpus import facts
from benchmarks.curate import one_run as curate_run
from benchmarks.curate import summarise as curate_summary
from benchmarks.doc_sections import write_doc_section
from benchmarks.dream_into import one_run as dream_into_run
from benchmarks.first_calls import REQUESTS
from benchmarks.first_calls import markdown as first_calls_markdown
from benchmarks.first_calls import measure as first_calls
from benchmarks.hnsw_width import clustered, measure
from benchmarks.learn_rate import one_run as learn_run
from benchmarks.locomo.report import chart
from benchmarks.locomo.report import markdown as locomo_markdown
from benchmarks.locomo.run import Options, run
from benchmarks.machine import describe
from benchmarks.plots import plot
from benchmarks.read_path import one_size, questions
from benchmarks.read_path import stats as latency_stats
from benchmarks.recall_floor import markdown as recall_floor_markdown
from benchmarks.recall_floor import pieces as recall_floor_pieces
from benchmarks.server_legs import one_run as server_legs_run
from benchmarks.suite import END, START, markdown, run_suite, save
from benchmarks.write_path import one_run, summarise
from elfgraph.curation.models import PHASES
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.graph import graph
from tests.support.locomo_sample import write
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def dreamed_facts(make_memory: MakeMemory) -> MemorySystem:
    """A space of 40 distinct facts, learned and dreamed: what the recall benchmarks read."""
    memory = await make_memory()
    await memory.learn_many(facts(40, duplicate_share=0.0, unique=True))
    await memory.dream()
    return memory


async def test_write_path_benchmark_runs(database: Database) -> None:
    run = await one_run(database, 60, "mock")
    distinct = len({text.strip().lower() for text in facts(60)})  # repeats stop at learn
    assert run["promoted"] + run["deduplicated"] == distinct
    assert summarise(60, [run])["dream_blocks_per_s_median"] > 0


async def test_server_legs_benchmark_recalls_with_the_caches_off(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await dreamed_facts(make_memory)
    run = await server_legs_run(space, True, "off", database)
    assert run["recalls"] == 2 * 200
    assert 0 < run["recall"]["p50_ms"] <= run["recall"]["p95_ms"]


async def test_learn_rate_benchmark_learns_every_block_and_drops_its_space(
    database: Database,
) -> None:
    run = await learn_run(database, facts(120, duplicate_share=0.0, unique=True))
    assert run["created"] == 120
    assert run["blocks_per_s"] > 0
    assert len(run["batch_blocks_per_s"]) == 1
    left = "MATCH (s:Space) WHERE s.name STARTS WITH 'bench-learn-' RETURN count(s) AS n"
    assert await graph(database, left) == [{"n": 0}]


async def test_dream_into_benchmark_dreams_its_inbox_and_drops_its_space(
    database: Database,
) -> None:
    run = await dream_into_run(database, 60, 12, "mock")
    assert run["promoted"] == 12
    assert run["blocks_per_s"] > 0
    left = "MATCH (s:Space) WHERE s.name STARTS WITH 'bench-into-' RETURN count(s) AS n"
    assert await graph(database, left) == [{"n": 0}]


async def test_hnsw_width_benchmark_searches_each_width_and_drops_its_indexes(
    database: Database,
) -> None:
    vectors = clustered(320)
    run = await measure(
        database, vectors[:300], vectors[300:], [100, 50], [12, 40], pid=None, longest=0
    )
    assert [b["ef_construction"] for b in run["builds"]] == [100, 50]
    assert all(b["write_s"] >= 0 and b["server_cpu_s"] is None for b in run["builds"])
    wide = [s for s in run["searches"] if s["fetch"] == 40]
    assert len(run["searches"]) == 4
    assert len(wide) == 2
    assert all(s["recall_at_10"] >= 0.8 for s in wide)  # 40 of 300: near exact
    left = "MATCH (n) WHERE n:HnswWidth100 OR n:HnswWidth50 RETURN count(n) AS n"
    assert await graph(database, left) == [{"n": 0}]
    indexes = "SHOW INDEXES YIELD name WHERE name STARTS WITH 'hnsw_width_' RETURN count(*) AS n"
    assert await graph(database, indexes) == [{"n": 0}]


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
    assert curate_summary([run])["seconds_median"] > 0


async def test_the_suite_writes_json_markdown_and_plots(database: Database, tmp_path: Path) -> None:
    report = await run_suite(
        [100], ["write", "read", "curate"], repeats=1, queries=3, embedders=["mock"]
    )
    assert set(report["parts"]) == {"write", "read", "curate"}
    assert report["machine"]["commit"]
    save(report, tmp_path / "suite.json")
    assert json.loads((tmp_path / "suite.json").read_text())["sizes"] == [100]
    images = plot(report, tmp_path / "img")
    assert all(path.stat().st_size > 1000 for path in images.values())
    doc = tmp_path / "BENCHMARKS.md"
    doc.write_text("# Benchmarks\n\nNotes stay.\n", encoding="utf-8")
    body = markdown(report, {t: p.name for t, p in images.items()})
    write_doc_section(doc, START, END, body)
    write_doc_section(doc, START, END, body)  # replaced
    text = doc.read_text(encoding="utf-8")
    assert text.count("<!-- suite:start -->") == 1
    assert "Notes stay." in text
    assert "### Write path" in text
    assert "### Curate" in text
    assert "bench_latency.png" in text


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
    assert "elfgraph: full pipeline" in locomo_markdown(report)
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


async def test_recall_floor_benchmark_times_every_piece(
    make_memory: MakeMemory, database: Database
) -> None:
    memory = await dreamed_facts(make_memory)
    report = await recall_floor_pieces(memory, database, 1, count=20)
    assert report["candidates"] > 0
    assert report["questions"] == 20
    assert set(report["pieces"]) >= {"candidates read", "floor: RETURN 1", "ranking"}
    for piece in report["pieces"].values():
        assert 0 < piece["p50_ms"] <= piece["p95_ms"]
    assert "| floor: RETURN 1 |" in recall_floor_markdown(
        {"machine": await describe(database), "space": "s", "rounds": 1, **report}
    )


async def test_first_calls_benchmark_times_every_shape_and_drops_its_space(
    database: Database,
) -> None:
    before = await graph(database, "MATCH (s:Space) RETURN count(s) AS n")
    report = await first_calls(40, 1)
    (run,) = report["rounds"]
    assert set(run["first_ms"]) == set(run["warm_ms"]) == {name for name, _ in REQUESTS}
    assert all(ms > 0 for ms in [*run["first_ms"].values(), *run["warm_ms"].values()])
    assert 0 < run["open_ms"] <= run["ready_ms"]
    assert "| recall, one word |" in first_calls_markdown(report)
    assert await graph(database, "MATCH (s:Space) RETURN count(s) AS n") == before


async def test_blas_threads_benchmark_recalls_in_children_and_dreams_a_space_it_drops(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await dreamed_facts(make_memory)
    before = await graph(database, "MATCH (s:Space) RETURN count(s) AS n")
    recall = blas_threads.recall_run("no-spin", space, 2, 2, 5)
    assert recall["setting"] == "no-spin"
    assert recall["recalls_per_s"] > 0
    assert 0 < recall["p50_ms"] <= recall["p95_ms"]
    assert len(recall["cpu_ms_per_recall"]) == 2
    dreamt = blas_threads.dream_run("one-thread", 60)
    assert dreamt["dream_blocks_per_s"] > 0
    assert dreamt["process_cpu_s"] > 0
    assert await graph(database, "MATCH (s:Space) RETURN count(s) AS n") == before
    run = {"round": 1, "setting": "no-spin", "recall": recall, "dream": dreamt}
    assert "| 1 | no-spin |" in blas_threads.markdown([run])
