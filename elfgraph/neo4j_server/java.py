"""Finds a Java runtime that Neo4j 5.26 supports (17 or 21)."""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from elfgraph.errors import Neo4jServerError

SUPPORTED_JAVA = (17, 21)
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


def find_java() -> Java:
    """The first supported Java: $ELFGRAPH_JAVA_HOME, $JAVA_HOME, PATH, then usual places."""
    seen: list[str] = []
    for executable in _candidates():
        major = java_major_version(executable)
        if major in SUPPORTED_JAVA:
            return Java(executable=executable, major=major)
        seen.append(f"{executable} ({major or 'unknown'})")
    wanted = " or ".join(str(v) for v in SUPPORTED_JAVA)
    detail = f"; found {', '.join(seen)}" if seen else ""
    raise Neo4jServerError(
        f"No Java {wanted} runtime found for the local Neo4j server{detail}.",
        recovery="Install OpenJDK 17 (e.g. `apt-get install openjdk-17-jre-headless`) and/or "
        "point ELFGRAPH_JAVA_HOME at it; or run Neo4j with Docker "
        "(`docker compose up -d`) and set NEO4J_URI.",
    )
