"""A real `elfgraph serve` for the tests: a subprocess on a free port against the test
Neo4j, with the mock embedder the library's tests use (so both transports rank alike)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx2 as httpx

from elfgraph.config.connection import Settings
from elfgraph.neo4j_server import LocalNeo4j
from tests.support.network import closed_port

MOCK_EMBEDDER = "elfgraph.embedding.mock:MockEmbeddingService"
# The `make_key` fixture of tests/server/conftest.py: a new key (its secret) for the test's space.
MakeKey = Callable[..., Awaitable[str]]
ELFGRAPH = Path(sys.executable).with_name("elfgraph")


def service_env(settings: Settings | None = None, **extra: str) -> dict[str, str]:
    """The environment of a server or client process: the caller's, with the test Neo4j of
    `settings`, and without a service to talk to (a test decides that itself)."""
    env = {k: v for k, v in os.environ.items() if k not in ("ELFGRAPH_URL", "ELFGRAPH_API_KEY")}
    if settings is not None and settings.neo4j_uri:
        env["NEO4J_URI"] = settings.neo4j_uri
        env["NEO4J_USERNAME"] = settings.neo4j_username or "neo4j"
        if settings.neo4j_password is not None:
            env["NEO4J_PASSWORD"] = settings.neo4j_password.get_secret_value()
    elif settings is not None and settings.neo4j_home not in (None, LocalNeo4j().home):
        env["ELFGRAPH_NEO4J_HOME"] = str(settings.neo4j_home)  # a test's own server
    env.update(extra)
    return env


@dataclass
class RunningService:
    """One `elfgraph serve` subprocess."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path
    args: list[str] = field(default_factory=list)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def start_service(
    log_dir: Path, *options: str, settings: Settings | None = None, ready_seconds: float = 90.0
) -> RunningService:
    """Start `elfgraph serve` and wait until /ready says yes."""
    port = closed_port()
    log = log_dir / f"serve-{port}.log"
    args = [
        str(ELFGRAPH),
        "serve",
        "--port",
        str(port),
        "--embedder",
        MOCK_EMBEDDER,
        "--key-cache-seconds",
        "0",
        "--no-warm-up",  # the suite's server was warmed when it started (conftest.py)
        *options,
    ]
    with log.open("wb") as sink:
        process = subprocess.Popen(
            args, stdout=sink, stderr=subprocess.STDOUT, env=service_env(settings)
        )
    running = RunningService(f"http://127.0.0.1:{port}", process, log, args)
    deadline = time.monotonic() + ready_seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"elfgraph serve exited: {running.output()}")
        try:
            if httpx.get(running.url + "/ready", timeout=2).status_code == 200:
                return running
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    running.stop()
    raise RuntimeError(f"elfgraph serve was not ready in {ready_seconds} s: {running.output()}")
