"""The README's quickstart is exactly two commands and `make demo` really works; the
compose file is what ARCHITECTURE.md asks for."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from elfgraph.config.connection import Settings

ROOT = Path(__file__).resolve().parents[2]


def quickstart_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the Quickstart has a sh code block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def test_quickstart_is_make_demo_then_make_test() -> None:
    assert quickstart_commands() == ["make demo", "make test"]


def test_ci_runs_the_readme_test_command() -> None:
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_make_demo_exits_0_and_says_where_to_look(neo4j_settings: Settings) -> None:
    env = dict(os.environ)
    connection = neo4j_settings.connection()
    if connection.source != "local-server":  # e.g. a testcontainers Neo4j
        env["NEO4J_URI"] = connection.uri
        env["NEO4J_USERNAME"] = connection.username
        if connection.password is not None:
            env["NEO4J_PASSWORD"] = connection.password.get_secret_value()
    elif neo4j_settings.neo4j_home:
        env["ELFGRAPH_NEO4J_HOME"] = str(neo4j_settings.neo4j_home)
    done = subprocess.run(
        ["make", "demo"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Dream: Consolidated" in done.stdout
    assert "frame('attention'" in done.stdout
    assert "## Relevant Knowledge" in done.stdout
    assert "## Identity" in done.stdout
    assert "/browser/" in done.stdout
    assert "MATCH (b:Block {space: 'demo'" in done.stdout


@pytest.fixture(scope="module")
def compose() -> dict[str, object]:
    loaded = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_compose_runs_neo4j_5_26_community_with_auth_from_env(compose: dict) -> None:  # type: ignore[type-arg]
    neo4j = compose["services"]["neo4j"]
    assert neo4j["image"] == "neo4j:5.26-community"
    assert "127.0.0.1:7687:7687" in neo4j["ports"]
    assert "127.0.0.1:7474:7474" in neo4j["ports"]
    assert "${NEO4J_PASSWORD" in neo4j["environment"]["NEO4J_AUTH"]
    assert neo4j["healthcheck"]["test"]
    volume = neo4j["volumes"][0].split(":")[0]
    assert volume in compose["volumes"]
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    assert "NEO4J_PASSWORD=" in example
