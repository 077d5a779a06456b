"""Process and port helpers for the local Neo4j server: liveness, free ports, clean stop."""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import socket
import sys
import time
from pathlib import Path

from elfgraph.neo4j_server.release import ENTRY_POINTS


def _reap(pid: int) -> None:
    # A server started by this very process stays a zombie until waited for.
    with contextlib.suppress(ChildProcessError, OSError):
        os.waitpid(pid, os.WNOHANG)


def is_server_process(pid: int, home: Path) -> bool:
    """True while `pid` is alive and is the Neo4j server of this home (not a reused pid)."""
    _reap(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return False
    proc = Path(f"/proc/{pid}")
    if not proc.exists():
        return sys.platform != "linux"  # no /proc to check against: trust the pid
    try:
        status = (proc / "status").read_text()
        if "\nState:\tZ" in status:
            return False
        cmdline = (proc / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False
    started = any(entry_point in cmdline for entry_point in ENTRY_POINTS)
    return started and f"--home-dir={home}" in cmdline


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def ephemeral_port(avoid: set[int]) -> int:
    while True:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        if port not in avoid:
            return port


def port_accepts(port: int, host: str = "127.0.0.1", timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def listens_on(pid: int, port: int) -> bool | None:
    """Whether process `pid` holds the listening socket of a local TCP port; None where
    /proc cannot tell (not Linux). A server's readiness is judged by this before any login:
    a port that accepts may be another server's (a start that lost the port to another)."""
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not tables[0].exists():
        return None
    listening = set()
    for table in tables:
        try:
            rows = table.read_text(encoding="ascii").splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            # local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is field 9.
            if (
                len(fields) > 9
                and fields[3] == "0A"
                and int(fields[1].rsplit(":", 1)[1], 16) == port
            ):
                listening.add(f"socket:[{fields[9]}]")
    if not listening:
        return False
    try:
        descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False  # gone, or not ours to read
    for descriptor in descriptors:
        with contextlib.suppress(OSError):
            if os.readlink(descriptor) in listening:
                return True
    return False


def terminate(pid: int, home: Path, timeout: float = 60.0) -> None:
    """SIGTERM (Neo4j shuts down cleanly on it), then SIGKILL if it is still there."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not is_server_process(pid, home):
            return
        time.sleep(0.2)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    for _ in range(50):
        if not is_server_process(pid, home):
            return
        time.sleep(0.1)
