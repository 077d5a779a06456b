"""Finds a Java runtime that the Neo4j release to run supports (5.26: 17 or 21; the calendar
releases: 21 or 25, elfgraph.neo4j_server.release)."""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from elfgraph.errors import Neo4jServerError
from elfgraph.neo4j_server.release import DEFAULT_VERSION, release

SUPPORTED_JAVA = release(DEFAULT_VERSION).java  # the default release's
_VERSION = re.compile(r'version "(\d+)(?:\.(\d+))?')


@dataclass(frozen=True)
class Java:
    executable: Path
    major: int


def java_major_version(executable: Path) -> int | None:
    """The feature version of a `java` binary (8, 11, 17, 21, …), or None if it does not run."""
    try:
        probe = subprocess.run(
            [str(executable), "-version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = _VERSION.search(probe.stderr + probe.stdout)
    if not match:
        return None
    first = int(match.group(1))
    # Java 8 and older report "1.8.0_…".
    return int(match.group(2) or 0) if first == 1 else first


def _candidates() -> list[Path]:
    found: list[Path] = []
    for variable in ("ELFGRAPH_JAVA_HOME", "JAVA_HOME"):
        home = os.environ.get(variable)
        if home:
            found.append(Path(home) / "bin" / "java")
    on_path = shutil.which("java")
    if on_path:
        found.append(Path(on_path))
    patterns = (
        "/usr/lib/jvm/*/bin/java",
        "/Library/Java/JavaVirtualMachines/*/Contents/Home/bin/java",
        "/opt/homebrew/opt/openjdk@*/bin/java",
    )
    for pattern in patterns:
        found.extend(Path(p) for p in sorted(glob.glob(pattern)))
    unique: list[Path] = []
    for path in found:
        if path.is_file() and path not in unique:
            unique.append(path)
    return unique


def find_java(supported: tuple[int, ...] = SUPPORTED_JAVA) -> Java:
    """The first supported Java: $ELFGRAPH_JAVA_HOME, $JAVA_HOME, PATH, then usual places."""
    seen: list[str] = []
    for executable in _candidates():
        major = java_major_version(executable)
        if major in supported:
            return Java(executable=executable, major=major)
        seen.append(f"{executable} ({major or 'unknown'})")
    wanted = " or ".join(str(v) for v in supported)
    detail = f"; found {', '.join(seen)}" if seen else ""
    raise Neo4jServerError(
        f"No Java {wanted} runtime found for the local Neo4j server{detail}.",
        recovery=f"Install OpenJDK {supported[0]} (e.g. `apt-get install "
        f"openjdk-{supported[0]}-jre-headless`) and/or point ELFGRAPH_JAVA_HOME at it; or run "
        "Neo4j with Docker (`docker compose up -d`) and set NEO4J_URI.",
    )
