"""`elfgraph export`, `elfgraph import` and `elfgraph import-elfmem` through Typer's runner
against the real Neo4j (the runner runs in a worker thread: each command starts its own
event loop)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
import pytest
from click.testing import Result
from typer.testing import CliRunner

from elfgraph.cli import app
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.portability import NOTHING, traces

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("neo4j_env")]
FIXTURES = Path(__file__).parents[1] / "portability" / "fixtures"


async def invoke(*args: str, stdin: bytes | None = None) -> Result:
    return await anyio.to_thread.run_sync(lambda: CliRunner().invoke(app, list(args), input=stdin))


@pytest.fixture
async def copy_name(database: Database) -> AsyncIterator[str]:
    name = f"test-cli-copy-{uuid.uuid4().hex[:8]}"
    yield name
    await drop_space(database, name)


async def filled(database: Database, space: str) -> None:
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService()
    )
    try:
        async with memory.session():
            await memory.learn_many(["The deploy script needs AWS_PROFILE set.", "Bob reviews."])
        await memory.dream()
    finally:
        await memory.close()


async def test_export_to_a_file_then_import_it(
    database: Database, space: str, copy_name: str, tmp_path: Path
) -> None:
    await filled(database, space)
    path = tmp_path / "space.jsonl.gz"
    exported = await invoke("export", "--space", space, "--out", str(path), "--json")
    assert exported.exit_code == 0, exported.output
    assert json.loads(exported.stdout)["counts"]["block"] == 2
    imported = await invoke("import", str(path), "--space", copy_name)
    assert imported.exit_code == 0, imported.output
    assert f"into space '{copy_name}'" in imported.stdout
    assert (await traces(database, copy_name))["blocks"] == 2
    again = await invoke("import", str(path), "--space", copy_name)
    assert again.exit_code == 1
    assert "already exists" in again.stderr
    assert "--merge" in again.stderr
    merged = await invoke("import", str(path), "--space", copy_name, "--merge", "--json")
    assert merged.exit_code == 0, merged.output
    assert json.loads(merged.stdout)["skipped"]["block"] == 2


async def test_export_to_stdout_and_import_from_stdin(
    database: Database, space: str, copy_name: str
) -> None:
    await filled(database, space)
    exported = await invoke("export", "--space", space)
    assert exported.exit_code == 0, exported.output
    first = json.loads(exported.stdout.splitlines()[0])
    assert first["record"] == "header"
    assert first["space"] == space
    assert "Exported space" in exported.stderr  # the summary stays out of the export
    imported = await invoke("import", "-", "--space", copy_name, stdin=exported.stdout_bytes)
    assert imported.exit_code == 0, imported.output
    assert (await traces(database, copy_name))["blocks"] == 2


async def test_a_bad_file_is_one_error_line_naming_the_line(
    database: Database, space: str, copy_name: str, tmp_path: Path
) -> None:
    await filled(database, space)
    path = tmp_path / "space.jsonl"
    await invoke("export", "--space", space, "--out", str(path))
    text = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(text[:-2]) + "\n", encoding="utf-8")  # cut before the end
    result = await invoke("import", str(path), "--space", copy_name)
    assert result.exit_code == 1
    said = " ".join(result.stderr.split())  # rich wraps long lines
    assert f"error: {path}:{len(text) - 2}:" in said
    assert "truncated" in said
    assert "recovery:" in said
    assert await traces(database, copy_name) == NOTHING


async def test_import_elfmem_reports_what_it_could_not_map(
    database: Database, copy_name: str
) -> None:
    result = await invoke(
        "import-elfmem", str(FIXTURES / "elfmem_same_model.db"), "--space", copy_name, "--json"
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["counts"]["block"] == 15
    # the command's embedder is the local MiniLM model: the mock vectors go to the inbox
    assert not report["embeddings_reused"]
    assert report["sent_to_inbox"] == 11
    assert {"what", "count", "reason"} <= set(report["unmapped"][0])
    table = await invoke(
        "import-elfmem", str(FIXTURES / "elfmem_same_model.db"), "--space", copy_name
    )
    assert table.exit_code == 1
    assert "already exists" in table.stderr


async def test_discard_unfinished_takes_no_file() -> None:
    result = await invoke("import", "--discard-unfinished", "--json")
    assert result.exit_code == 0, result.output
    assert "discarded" in json.loads(result.stdout)
    assert (await invoke("import", "x.jsonl", "--discard-unfinished")).exit_code == 2
    assert (await invoke("import")).exit_code == 2
