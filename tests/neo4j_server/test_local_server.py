"""`elfgraph neo4j start|status|env|stop` on a second, throw-away instance (its own home).

These start a real JVM (about 10-20 s) and never touch the instance the other tests use.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from neo4j import GraphDatabase

from elfgraph.errors import Neo4jServerError
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.neo4j_server.process import ephemeral_port, listens_on
from elfgraph.neo4j_server.release import ENTRY_POINTS
from elfgraph.neo4j_server.state import ServerState

pytestmark = [pytest.mark.slow, pytest.mark.integration]  # a Neo4j of their own
ELFGRAPH = Path(sys.executable).with_name("elfgraph")


def java_processes_of(home: Path) -> list[int]:
    """pids of Neo4j servers whose --home-dir is `home`."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().decode(errors="replace")
            state = (proc / "status").read_text()
        except OSError:
            continue
        started = any(entry_point in cmdline for entry_point in ENTRY_POINTS)
        if started and f"--home-dir={home}" in cmdline and "State:\tZ" not in state:
            found.append(int(proc.name))
    return found


@pytest.fixture
def instance(tmp_path: Path) -> Iterator[LocalNeo4j]:
    server = LocalNeo4j(tmp_path / "neo4j-home")
    try:
        yield server
    finally:
        server.stop()


def test_a_port_already_taken_is_reported_not_crashed_on(instance: LocalNeo4j) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(Neo4jServerError) as caught:
            instance.start(bolt_port=port)
    assert f"Port {port}" in caught.value.message
    assert "--bolt-port" in caught.value.recovery
    assert java_processes_of(instance.home) == []


@pytest.mark.skipif(not Path("/proc").exists(), reason="process checks read /proc")
def test_start_twice_runs_one_server_and_stop_leaves_no_java(instance: LocalNeo4j) -> None:
    first = instance.start()
    assert first.running
    assert not first.already_running
    assert first.bolt_uri
    assert first.browser_url

    results = []
    threads = [threading.Thread(target=lambda: results.append(instance.start())) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert {r.pid for r in results} == {first.pid}
    assert all(r.already_running for r in results)
    assert java_processes_of(instance.home) == [first.pid]

    state_file = instance.home / "state.json"
    assert stat.S_IMODE(state_file.stat().st_mode) == 0o600
    state = instance.state()
    assert state is not None
    assert state.password
    with GraphDatabase.driver(first.bolt_uri, auth=("neo4j", state.password)) as driver:
        records, _, _ = driver.execute_query("RETURN 1 AS one")
        assert records[0]["one"] == 1

    assert instance.stop() is True
    assert java_processes_of(instance.home) == []
    assert not instance.status().running
    assert instance.stop() is False


def test_the_cli_prints_status_json_and_env_lines(instance: LocalNeo4j) -> None:
    env = dict(os.environ, ELFGRAPH_NEO4J_HOME=str(instance.home))
    env.pop("NEO4J_URI", None)

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(ELFGRAPH), "neo4j", *args], capture_output=True, text=True, env=env, timeout=300
        )

    stopped = cli("status", "--json")
    assert stopped.returncode == 3
    assert json.loads(stopped.stdout)["running"] is False

    started = cli("start", "--json")
    assert started.returncode == 0, started.stderr
    status = json.loads(cli("status", "--json").stdout)
    assert status["running"] is True
    assert status["bolt_uri"].startswith("bolt://127.0.0.1:")
    assert status["browser_url"].endswith("/browser/")
    assert "password" not in status

    lines = cli("env").stdout.splitlines()
    exports = dict(line.removeprefix("export ").split("=", 1) for line in lines[:3])
    assert exports["NEO4J_URI"] == status["bolt_uri"]
    assert exports["NEO4J_USERNAME"] == "neo4j"
    state = instance.state()
    assert state is not None
    assert exports["NEO4J_PASSWORD"] == state.password

    again = cli("start")
    assert again.returncode == 0
    assert "Already running" in again.stdout

    assert "Stopped" in cli("stop").stdout
    assert java_processes_of(instance.home) == []
    not_running = cli("env")
    assert not_running.returncode == 1
    assert "recovery" in not_running.stderr
    assert "Traceback" not in not_running.stderr


@pytest.mark.skipif(not Path("/proc").exists(), reason="process checks read /proc")
def test_two_instances_started_at_once_never_share_a_port(tmp_path: Path) -> None:
    """Both ask for one free port: one gets it, the other is told; before the machine-wide
    start lock both launched, and the loser logged in to the winner's server."""
    port = ephemeral_port(set())
    servers = [LocalNeo4j(tmp_path / name) for name in ("first", "second")]
    outcomes: dict[Path, object] = {}

    def start(server: LocalNeo4j) -> None:
        try:
            outcomes[server.home] = server.start(bolt_port=port)
        except Neo4jServerError as exc:
            outcomes[server.home] = exc

    threads = [threading.Thread(target=start, args=(server,)) for server in servers]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        started = [s for s in servers if not isinstance(outcomes[s.home], Neo4jServerError)]
        refused = [s for s in servers if isinstance(outcomes[s.home], Neo4jServerError)]
        assert len(started) == 1, outcomes
        assert len(refused) == 1, outcomes
        error = outcomes[refused[0].home]
        assert isinstance(error, Neo4jServerError)
        assert f"Port {port}" in error.message
        assert java_processes_of(refused[0].home) == []
        winner = started[0].state()
        assert winner is not None
        assert winner.password
        with GraphDatabase.driver(f"bolt://127.0.0.1:{port}", auth=("neo4j", winner.password)) as d:
            d.verify_connectivity()
    finally:
        for server in servers:
            server.stop()


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="socket owners are read from /proc")
def test_a_server_that_is_not_ours_is_never_logged_in_to(tmp_path: Path) -> None:
    """A port that accepts but is held by another process (here this test's listener, the
    'server' a sleeping process that never listens) is waited on, never sent a password."""
    server = LocalNeo4j(tmp_path / "home")
    with socket.socket() as foreign:
        foreign.bind(("127.0.0.1", 0))
        foreign.listen()
        foreign.setblocking(False)
        port = foreign.getsockname()[1]
        assert listens_on(os.getpid(), port) is True
        sleeper = subprocess.Popen(["sleep", "30"])
        try:
            assert listens_on(sleeper.pid, port) is False
            state = ServerState(password="not-for-them", bolt_port=port, http_port=port + 1)
            with pytest.raises(Neo4jServerError) as caught:
                server._wait_until_ready(sleeper, state, timeout=1.5)
            assert f"port {port}" in caught.value.message
            with pytest.raises(BlockingIOError):
                foreign.accept()  # no connection was ever made to it
        finally:
            sleeper.kill()
            sleeper.wait()
    assert listens_on(os.getpid(), port) is False
