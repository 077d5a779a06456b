"""The README's install story runs as written on a clean copy of the repository: its
install lines make a working `elfgraph` (with the MCP server), and its mcp-config line
prints a client entry with the command's absolute path and no password. The blocks are
the ones after `<!-- tested: install -->` and `<!-- tested: mcp-config -->`."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALL_SECONDS = 1200  # a fresh venv downloads every dependency (pip's cache helps)


def readme_block(marker: str) -> list[str]:
    """The command lines of the code block right after `<!-- tested: marker`."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(
        rf"<!-- tested: {re.escape(marker)}\b[^\n]*-->\n```sh\n(.*?)```", readme, re.S
    )
    assert found, f"README.md has a tested {marker} block"
    return [line for line in found.group(1).splitlines() if line.strip()]


def clean_copy(target: Path) -> Path:
    """The files a clone would have (tracked, or new and not ignored): no .venv, no caches."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def test_the_readme_blocks_are_the_install_and_the_mcp_config_lines() -> None:
    assert readme_block("install") == [
        "python3 -m venv .venv",
        ".venv/bin/pip install '.[mcp]'",
        ".venv/bin/elfgraph --version",
    ]
    assert readme_block("mcp-config") == ["elfgraph mcp-config --space my-agent"]


@pytest.mark.integration  # not a unit test: a fresh venv downloads every dependency
@pytest.mark.slow
def test_install_and_mcp_config_run_as_written_on_a_clean_copy(tmp_path: Path) -> None:
    clone = clean_copy(tmp_path / "elfgraph")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "NEO4J_"))}
    for line in readme_block("install"):
        done = subprocess.run(
            ["bash", "-c", line],
            cwd=clone,
            env=env,
            capture_output=True,
            text=True,
            timeout=INSTALL_SECONDS,
            check=False,
        )
        assert done.returncode == 0, f"{line}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    assert done.stdout.startswith("elfgraph ")  # the last line: --version
    installed = clone / ".venv" / "bin"
    env["PATH"] = f"{installed}{os.pathsep}{env.get('PATH', '')}"  # as `source activate` does
    env["NEO4J_PASSWORD"] = "must-not-appear"
    (line,) = readme_block("mcp-config")
    done = subprocess.run(
        ["bash", "-c", line], cwd=clone, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    entry = json.loads(done.stdout)["mcpServers"]["elfgraph"]
    assert entry["command"] == str(installed / "elfgraph")
    assert entry["args"] == ["mcp", "--space", "my-agent"]
    assert "must-not-appear" not in done.stdout + done.stderr
    probe = "import mcp, elfgraph.mcp_server; print('mcp ok')"
    served = subprocess.run(
        [str(installed / "python"), "-c", probe], capture_output=True, text=True, check=False
    )
    assert served.stdout.strip() == "mcp ok", served.stderr
