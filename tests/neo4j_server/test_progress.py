"""Long steps say what they do: the jar download once (a fake Maven here), never on a
later start; the CLI's `neo4j start` prints the "first start" line only then."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from elfgraph.neo4j_server.distribution import ensure_distribution

FAKE_MAVEN = """#!/bin/sh
# Writes one jar where `-DoutputDirectory=...` says, as `mvn dependency:copy-dependencies` would.
for arg in "$@"; do
  case "$arg" in -DoutputDirectory=*) out="${arg#-DoutputDirectory=}";; esac
done
mkdir -p "$out" && : > "$out/neo4j-fake.jar"
"""


def test_the_jar_download_is_announced_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    maven = tmp_path / "mvn"
    maven.write_text(FAKE_MAVEN, encoding="utf-8")
    maven.chmod(maven.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("ELFGRAPH_MVN", str(maven))
    monkeypatch.setenv("ELFGRAPH_NEO4J_DIST", str(tmp_path / "dist"))
    said: list[str] = []
    lib = ensure_distribution(progress=said.append)
    assert (lib / "neo4j-fake.jar").exists()
    assert said[0].startswith("First start: fetching the Neo4j")
    assert "~140 MB" in said[0]
    assert said[-1] == f"Jars ready in {lib}."
    again: list[str] = []
    ensure_distribution(progress=again.append)
    assert again == []  # assembled: nothing to say
