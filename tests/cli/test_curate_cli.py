"""`elfgraph curate` through Typer's runner against the real Neo4j (the runner runs in a
worker thread: the command starts its own event loop)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import anyio
import pytest
from click.testing import Result
from rich.console import Console
from typer.testing import CliRunner

from elfgraph.cli import app
from elfgraph.cli.curate_command import Reporter, SpaceReport
from elfgraph.config.connection import Settings
from elfgraph.curation.lock import CurateLock, Lease, this_process
from elfgraph.curation.models import PHASES, CurateResult
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.curate_setup import link, set_blocks, set_clock, statuses
from tests.support.network import closed_port

pytestmark = pytest.mark.anyio


async def invoke(*args: str) -> Result:
    return await anyio.to_thread.run_sync(lambda: CliRunner().invoke(app, ["curate", *args]))


def json_lines(result: Result) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


async def prepared(database: Database, space: str) -> list[str]:
    """A space with a decayed block and a stale edge; its first curate ran at hour 0."""
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService()
    )
    try:
        learned = await memory.learn_many(["kept a", "kept b", "gone"])
        await memory.dream()
    finally:
        await memory.close()
    a, b, gone = (r.block_id for r in learned)
    await set_blocks(database, space, [a, b], last_reinforced_at=500.0)
    await set_blocks(database, space, [gone], last_reinforced_at=0.0)
    await link(database, space, a, b, weight=0.5, last_active=0.0)
    await set_clock(database, space, 500.0)
    return [a, b, gone]


@pytest.mark.usefixtures("neo4j_env")
async def test_curate_one_space_as_json_then_if_due_skips(database: Database, space: str) -> None:
    *_, gone = await prepared(database, space)
    result = await invoke("--space", space, "--json")
    assert result.exit_code == 0, result.output
    (report,) = json_lines(result)
    assert (report["space"], report["status"], report["error"]) == (space, "done", None)
    assert report["result"]["archived"] == 1
    assert report["result"]["edges_decayed"] == 1
    assert report["summary"].startswith("Curated: 1 archived, 1 edges decayed (0 remain)")
    assert (await statuses(database, space))[gone] == "archived"

    again = await invoke("--space", space, "--if-due", "--json")
    assert again.exit_code == 0
    assert json_lines(again)[0]["status"] == "not_due"


@pytest.mark.usefixtures("neo4j_env")
async def test_plain_lines_when_not_on_a_terminal(database: Database, space: str) -> None:
    await prepared(database, space)
    result = await invoke("--space", space)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{space}: Curated: 1 archived")
    assert lines[-1] == "Curated 1 space(s): 1 done"
    assert "\x1b[" not in result.stdout  # no bar, no colours in a log


@pytest.mark.usefixtures("neo4j_env")
async def test_a_space_being_curated_elsewhere_is_busy_named_and_exits_3(
    database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await prepared(database, space)
    monkeypatch.setenv("ELFGRAPH_MEMORY__CURATE_WAIT_SECONDS", "0.3")
    holder = CurateLock(database, space, lock_seconds=60)
    assert isinstance(await holder.take(now_hours=None, wait_seconds=0), Lease)
    try:
        result = await invoke("--space", space, "--json")
        plain = await invoke("--space", space)
    finally:
        await holder.release()
    assert result.exit_code == plain.exit_code == 3  # nothing was done, nothing failed
    (report,) = json_lines(result)
    assert report["status"] == "busy"
    assert report["result"]["busy_holder"] == this_process()
    assert report["result"]["busy_until"]
    assert "holds its lock until" in " ".join(plain.stdout.split())


@pytest.mark.usefixtures("neo4j_env")
async def test_a_missing_space_fails_with_exit_code_1(space: str) -> None:
    result = await invoke("--space", f"{space}-never-made", "--json")
    assert result.exit_code == 1
    (report,) = json_lines(result)
    assert report["status"] == "failed"
    assert report["error"]["error"] == "ConfigError"
    assert "no space" in report["error"]["message"]
    assert "elfgraph spaces create" in report["error"]["recovery"]
    plain = await invoke("--space", f"{space}-never-made")
    assert plain.exit_code == 1
    assert "recovery:" in plain.stderr


@pytest.mark.parametrize(
    "args",
    [[], ["--space", "a", "--all-spaces"], ["--space", "no spaces allowed"], ["--nope"]],
)
async def test_bad_usage_exits_with_code_2(args: list[str]) -> None:
    result = await invoke(*args)
    assert result.exit_code == 2


async def test_unreachable_neo4j_is_exit_code_1_with_recovery(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NEO4J_URI", f"bolt://127.0.0.1:{closed_port()}")
    monkeypatch.setenv("ELFGRAPH_CONNECTION_TIMEOUT", "2")
    result = await invoke("--all-spaces")
    assert result.exit_code == 1
    assert "recovery:" in result.stderr
    assert "Traceback" not in result.output


def test_a_terminal_gets_a_progress_bar_over_spaces_and_phases() -> None:
    screen, bar = io.StringIO(), io.StringIO()
    reporter = Reporter(
        json_lines=False,
        console=Console(file=screen, force_terminal=True, highlight=False),
        bar_console=Console(file=bar, force_terminal=True, highlight=False),
    )
    reporter.start(2)
    for phase in PHASES:
        reporter.phase("alpha", phase)
    done = SpaceReport("alpha", "done", 0.1, result=CurateResult(archived=2))
    reporter.report(done)
    reporter.report(SpaceReport("beta", "not_due", 0.0, result=CurateResult(skipped_reason="x")))
    assert reporter._bar is not None
    (task,) = reporter._bar.tasks
    steps = 2 * len(PHASES)
    assert (task.completed, task.total) == (steps, steps)
    reporter.stop([done])
    assert "alpha: Curated: 2 archived." in screen.getvalue()
    assert f"{steps}/{steps}" in bar.getvalue()  # the bar is on stderr, the reports on stdout
    assert f"{steps}/{steps}" not in screen.getvalue()


def test_the_batch_job_loads_no_embedding_model() -> None:
    probe = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from elfgraph.cli import app\n"
        "CliRunner().invoke(app, ['curate', '--space', 'x', '--json'])\n"
        "print(sorted(m for m in ('onnxruntime', 'tokenizers', 'elfgraph.embedding.local')"
        " if m in sys.modules))\n"
    )
    env = {"NEO4J_URI": "bolt://127.0.0.1:1", "ELFGRAPH_CONNECTION_TIMEOUT": "1", "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.integration  # a Neo4j of its own
async def test_all_spaces_on_a_database_of_its_own(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--all-spaces curates every space of the database, so it runs on a throw-away server
    (on the shared one it would curate other tests' spaces)."""
    from elfgraph.neo4j_server import LocalNeo4j

    server = LocalNeo4j(tmp_path / "neo4j-home")
    await anyio.to_thread.run_sync(lambda: server.start(heap="512m", page_cache="64m"))
    try:
        monkeypatch.delenv("NEO4J_URI", raising=False)
        monkeypatch.delenv("NEO4J_USERNAME", raising=False)
        monkeypatch.delenv("NEO4J_PASSWORD", raising=False)
        monkeypatch.setenv("ELFGRAPH_NEO4J_HOME", str(server.home))
        async with await Database.connect(Settings(neo4j_home=server.home)) as database:
            await prepared(database, "first")
            await prepared(database, "second")
        result = await invoke("--all-spaces", "--json")
        assert result.exit_code == 0, result.output
        reports = json_lines(result)
        assert [(r["space"], r["status"]) for r in reports] == [
            ("first", "done"),
            ("second", "done"),
        ]
        assert all(r["result"]["archived"] == 1 for r in reports)
        again = await invoke("--all-spaces", "--if-due")
        assert again.exit_code == 0
        assert again.stdout.splitlines()[-1] == "Curated 2 space(s): 2 not due"
    finally:
        await anyio.to_thread.run_sync(server.stop)
