"""The command line as an agent (or a newcomer) uses it: prefix ids, unknown spaces,
markup in content, stdin and files, JSON errors, --version, recoveries naming commands
and settings, mcp-config, a stopped local server, and imports kept off the fast paths."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from typer.testing import CliRunner

from elfgraph.cli import app
from elfgraph.config.connection import Settings
from elfgraph.spaces.registry import find_space
from elfgraph.store.database import Database

ELFGRAPH = str(Path(sys.executable).with_name("elfgraph"))


def cli(*args: str, stdin: str | None = None) -> Any:
    result = CliRunner().invoke(app, [*args, "--json"], input=stdin)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def space_exists(settings: Settings, name: str) -> bool:
    async def look() -> bool:
        async with await Database.connect(settings) as database:
            return await find_space(database, name) is not None

    return anyio.run(look)


def test_ids_from_remember_and_recall_work_as_prefixes(cli_space: str) -> None:
    space = ["--space", cli_space]
    first = cli("remember", "The deploy script needs AWS_PROFILE set.", *space)
    second = cli("remember", "The staging database is read-only on Fridays.", *space)
    stored = CliRunner().invoke(app, ["remember", "A third fact.", *space])
    assert len(stored.stdout.split()[2].rstrip(".")) == 16  # the whole id is shown
    cli("dream", *space)
    rated = cli("outcome", first["block_id"][:6], second["block_id"][:8], "--signal", "1", *space)
    assert rated["ids_matched"] == 2
    linked = cli("connect", first["block_id"][:7], second["block_id"][:7], *space)
    assert (linked["source_id"], linked["target_id"]) == (first["block_id"], second["block_id"])
    unknown = CliRunner().invoke(app, ["outcome", "feedbeefcafe", "--signal", "1", *space])
    assert unknown.exit_code == 1
    assert "feedbeefcafe" in unknown.stderr
    assert "`elfgraph recall`" in unknown.stderr  # a command, not a method
    assert "()" not in unknown.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["status"],
        ["recall", "anything"],
        ["frame", "attention", "anything"],
        ["dream"],
        ["outcome", "abcdef12", "--signal", "1"],
        ["connect", "abcdef12", "fedcba21"],
        ["disconnect", "abcdef12", "fedcba21"],
        ["forget", "abcdef12", "--yes"],
        ["forget", "--matching", "anything", "--dry-run"],
        ["correct", "abcdef12", "a new text"],
        ["curate", "--json"],
    ],
)
def test_a_typo_in_the_space_lists_the_known_ones_and_creates_nothing(
    neo4j_settings: Settings, cli_space: str, command: list[str]
) -> None:
    cli("remember", "a block in the real space", "--space", cli_space)
    typo = f"{cli_space}-typo"
    result = CliRunner().invoke(app, [*command, "--space", typo])
    assert result.exit_code == 1
    shown = result.stdout if "--json" in command else result.stderr
    assert f"no space {typo!r}" in shown
    assert cli_space in shown  # the known spaces are listed
    assert not space_exists(neo4j_settings, typo)


def test_spaces_create_makes_an_empty_space(neo4j_settings: Settings, cli_space: str) -> None:
    assert cli("spaces", "create", cli_space)["created"] is True
    assert cli("spaces", "create", cli_space)["created"] is False
    assert space_exists(neo4j_settings, cli_space)
    assert cli("status", "--space", cli_space)["active_count"] == 0


def test_text_in_square_brackets_is_printed_as_it_is(cli_space: str) -> None:
    text = "Use [bold]--force[/bold] only with [red]care[/red]; see [docs] and [1]."
    runner = CliRunner()
    stored = runner.invoke(app, ["remember", text, "--space", cli_space])
    assert stored.exit_code == 0
    runner.invoke(app, ["dream", "--space", cli_space])
    table = runner.invoke(app, ["recall", "force care docs", "--space", cli_space])
    assert "[bold]--force[/bold]" in table.stdout
    assert "[docs] and [1]" in table.stdout
    framed = runner.invoke(app, ["frame", "attention", "force", "--space", cli_space])
    assert text in framed.stdout


def test_remember_reads_standard_input_and_files(cli_space: str, tmp_path: Path) -> None:
    from_stdin = cli("remember", "-", "--space", cli_space, stdin="Piped from a script.\n")
    note = tmp_path / "note.md"
    note.write_text("Read from a file.", encoding="utf-8")
    from_file = cli("remember", "--file", str(note), "--space", cli_space)
    found = {b["content"].strip() for b in cli("recall", "piped script file", "--space", cli_space)}
    assert {"Piped from a script.", "Read from a file."} <= found
    assert from_stdin["block_id"] != from_file["block_id"]
    neither = CliRunner().invoke(app, ["remember", "--space", cli_space])
    assert neither.exit_code == 2


def test_the_size_limit_recovery_names_the_setting(cli_space: str, tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("x" * 40_000, encoding="utf-8")
    result = CliRunner().invoke(app, ["remember", "--file", str(big), "--space", cli_space])
    assert result.exit_code == 1
    assert "ELFGRAPH_MEMORY__LEARNING__MAX_CONTENT_BYTES" in result.stderr.replace("\n", "")


def test_errors_with_json_are_json_on_stdout(cli_space: str) -> None:
    result = CliRunner().invoke(app, ["frame", "nonsense", "--space", cli_space, "--json"])
    assert result.exit_code == 1
    error = json.loads(result.stdout)
    assert set(error) == {"error", "message", "recovery"}
    assert error["error"] in {"FrameError", "ConfigError"}


def run(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> Any:
    return subprocess.run(
        [ELFGRAPH, *args],
        capture_output=True,
        text=True,
        input=stdin,
        env=env or os.environ.copy(),
        timeout=120,
        check=False,
    )


def test_usage_errors_with_json_are_json_too() -> None:
    done = run("recall", "--json")  # the query is missing
    assert done.returncode == 2
    error = json.loads(done.stdout)
    assert error["error"] == "UsageError"
    assert "QUERY" in error["message"] or "query" in error["message"].lower()


def test_version_is_printed() -> None:
    from elfgraph import __version__

    done = run("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"elfgraph {__version__}"


def test_help_version_and_guide_load_no_driver_numpy_or_model() -> None:
    probe = (
        "import sys\n"
        "from elfgraph.cli import main\n"
        "sys.argv = ['elfgraph', *sys.argv[1:]]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('neo4j', 'numpy', 'onnxruntime', 'tokenizers', 'elfgraph.memory')\n"
        "print(sorted(m for m in heavy if m in sys.modules), file=sys.stderr)\n"
    )
    for args in (["--help"], ["--version"], ["guide"], ["guide", "recall"], ["mcp-config"]):
        done = subprocess.run(
            [sys.executable, "-c", probe, *args], capture_output=True, text=True, check=False
        )
        assert done.stderr.strip().splitlines()[-1] == "[]", (args, done.stderr)


def test_the_command_has_numpys_idle_blas_threads_sleep_unless_told_otherwise() -> None:
    """config.threads: set by main() before any command imports numpy, so OpenBLAS reads it."""
    probe = (
        "import os, sys\n"
        "from elfgraph.cli import main\n"
        "sys.argv = ['elfgraph', 'guide']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "spin = os.environ.get('OPENBLAS_THREAD_TIMEOUT')\n"
        "print('numpy' in sys.modules, spin, file=sys.stderr)\n"
    )
    for chosen, expected in ((None, "4"), ("20", "20")):
        env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_THREAD_TIMEOUT"}
        if chosen is not None:
            env["OPENBLAS_THREAD_TIMEOUT"] = chosen
        done = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=False, env=env
        )
        assert done.stderr.strip().splitlines()[-1] == f"False {expected}", done.stderr


def test_status_is_rounded_for_people_and_exact_in_json(cli_space: str) -> None:
    cli("remember", "a block", "--space", cli_space)
    people = CliRunner().invoke(app, ["status", "--space", cli_space])
    for line in people.stdout.splitlines():
        if line.startswith(("total_active_hours", "session_hours")):
            value = line.split()[-1]
            assert len(value.split(".")[-1]) <= 2, line
    exact = cli("status", "--space", cli_space)
    assert isinstance(exact["total_active_hours"], float)
    assert exact["last_consolidated"] == "never"


def test_mcp_config_prints_the_absolute_command_and_no_password(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "NEO4J_URI": "bolt://127.0.0.1:7999",
        "NEO4J_USERNAME": "neo4j",
        "NEO4J_PASSWORD": "never-printed",
    }
    done = run("mcp-config", "--space", "my-agent", env=env)
    assert done.returncode == 0, done.stderr
    config = json.loads(done.stdout)
    server = config["mcpServers"]["elfgraph"]
    assert Path(server["command"]).is_absolute()
    assert Path(server["command"]).exists()
    assert server["args"] == ["mcp", "--space", "my-agent"]
    assert server["env"]["NEO4J_URI"] == "bolt://127.0.0.1:7999"
    assert "never-printed" not in done.stdout + done.stderr
    assert "NEO4J_PASSWORD" in done.stderr  # told to add it in the client's config


def test_a_stopped_local_server_is_named_with_how_to_start_it(tmp_path: Path) -> None:
    from elfgraph.neo4j_server.state import ServerState, write_state

    write_state(tmp_path, ServerState(password="x", pid=None, bolt_port=7687, http_port=7474))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "ELFGRAPH_"))}
    env["ELFGRAPH_NEO4J_HOME"] = str(tmp_path)
    done = run("status", "--space", "anything", env=env)
    assert done.returncode == 1
    assert "is not running" in done.stderr
    assert "elfgraph neo4j start" in done.stderr
    assert "credentials" not in done.stderr


def test_without_the_mcp_extra_the_hint_keeps_its_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "elfgraph.mcp_server", None)  # as if `mcp` were missing
    result = CliRunner().invoke(app, ["mcp", "--space", "my-agent"])
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert "pip install '.[mcp]'" in line
