"""The service's documents: README's service quickstart stays within ten lines and names
the commands that exist, and docker-compose.yml's elfgraph service sits beside neo4j on
loopback (the Compose path is not run here: no Docker engine)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_the_quickstart_is_at_most_ten_lines_and_starts_keys_curl_and_python() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## One service for many agents", 1)[1].split("\n## ", 1)[0]
    code = [
        line
        for block in re.findall(r"```\w*\n(.*?)```", section, flags=re.DOTALL)
        for line in block.splitlines()
        if line.strip()
    ]
    assert len(code) <= 10
    joined = "\n".join(code)
    for needed in ("elfgraph serve", "elfgraph keys create", "curl", "elfgraph.connect"):
        assert needed in joined


def test_compose_runs_the_service_beside_neo4j_on_loopback() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    service = compose["services"]["elfgraph"]
    assert service["depends_on"]["neo4j"]["condition"] == "service_healthy"
    assert service["ports"] == ["127.0.0.1:8766:8766"]
    assert service["command"][:2] == ["elfgraph", "serve"]
    assert service["environment"]["NEO4J_URI"] == "bolt://neo4j:7687"
    assert (ROOT / "Dockerfile").is_file()
    deployment = (ROOT / "docs" / "DEPLOYMENT.md").read_text(encoding="utf-8")
    assert "not run in CI" in deployment
