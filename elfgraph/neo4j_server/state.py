"""Where a local Neo4j instance lives and what it remembers between runs (the state file)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import BaseModel

from elfgraph.neo4j_server.distribution import NEO4J_VERSION


def default_instance_home() -> Path:
    """$ELFGRAPH_NEO4J_HOME, else the user data dir: data outlives the jar cache."""
    override = os.environ.get("ELFGRAPH_NEO4J_HOME")
    if override:
        return Path(override).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "elfgraph" / "neo4j"


class ServerState(BaseModel):
    """Kept in `<home>/state.json` (mode 0600): it holds the generated password."""

    neo4j_version: str = NEO4J_VERSION
    username: str = "neo4j"
    password: str | None = None
    auth: bool = True
    pid: int | None = None
    bolt_port: int | None = None
    http_port: int | None = None
    started_at: str | None = None
    java: str | None = None


def state_path(home: Path) -> Path:
    return home / "state.json"


def read_state(home: Path) -> ServerState | None:
    path = state_path(home)
    if not path.exists():
        return None
    return ServerState.model_validate(json.loads(path.read_text(encoding="utf-8")))


def write_state(home: Path, state: ServerState) -> None:
    """Write atomically with owner-only permissions from the first byte."""
    home.mkdir(parents=True, exist_ok=True)
    path = state_path(home)
    partial = path.with_suffix(".partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(state.model_dump_json(indent=2))
    os.chmod(partial, 0o600)
    partial.replace(path)
