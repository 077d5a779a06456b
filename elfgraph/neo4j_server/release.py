"""What differs between the Neo4j releases `elfgraph neo4j start` can run: the class that
starts the server, the Java versions it supports and the JVM flags its own distribution sets.

5.26 (the default) runs on Java 17 or 21. The calendar releases (2025.01 on) need Java 21 or
25; on them the vector index computes its distances with SIMD when the JVM is given Java's
vector module, which cuts the server's CPU in a dream by about a third (docs/DECISIONS.md,
"Neo4j 2026.08 on Java 25 is an option, not the default").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from elfgraph.errors import Neo4jServerError

DEFAULT_VERSION = "5.26.30"
# The newest calendar release measured here (docs/DECISIONS.md), for `--neo4j-version`.
CALENDAR_VERSION = "2026.08.1"
_VERSION = re.compile(r"(?P<major>\d+)\.(?P<minor>\d+)\.(?P<patch>\d+)")

# The flags of each release's own neo4j.conf that elfgraph's command line adds to the
# common ones (server.py): 2026.08's `server.jvm.additional` lines, and Java's vector module,
# which Lucene asks for to compute vector distances with SIMD.
_CALENDAR_FLAGS = (
    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
    "--add-modules=jdk.incubator.vector",
    "-Dorg.neo4j.shaded.lucene9.vectorization.upperJavaFeatureVersion=25",
)


@dataclass(frozen=True)
class Release:
    version: str
    entry_point: str  # the main class
    java: tuple[int, ...]  # the Java feature versions it runs on
    jvm_flags: tuple[str, ...]  # beyond the flags every release gets


FIVE_ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
CALENDAR_ENTRY_POINT = "org.neo4j.server.Neo4jCommunity"
ENTRY_POINTS = (FIVE_ENTRY_POINT, CALENDAR_ENTRY_POINT)


def release(version: str) -> Release:
    """The release of a Neo4j version number: 5.26.x or a calendar version (2025.01.0 on)."""
    number = version.strip()
    match = _VERSION.fullmatch(number)
    major, minor = (int(match["major"]), int(match["minor"])) if match else (0, 0)
    if major == 5 and minor >= 26:
        return Release(number, FIVE_ENTRY_POINT, (17, 21), ())
    if major >= 2025:
        return Release(number, CALENDAR_ENTRY_POINT, (21, 25), _CALENDAR_FLAGS)
    raise Neo4jServerError(
        f"Neo4j {version!r} cannot be run by elfgraph: it needs 5.26.x or a calendar "
        "release (2025.01.0 or later), written as three numbers.",
        recovery=f"Leave --neo4j-version out for {DEFAULT_VERSION}, or ask for "
        f"{CALENDAR_VERSION} (Java 21 or 25).",
    )


def instance_release(home: Path, recorded: str | None, asked: str | None) -> Release:
    """The release an instance runs: the one that wrote its data, else the one asked for (a
    store is read only by the release that wrote it, or after a migration)."""
    kept = release(recorded or DEFAULT_VERSION)
    if asked is None or release(asked).version == kept.version:
        return kept
    if any((home / "data" / "databases").glob("*")):
        raise Neo4jServerError(
            f"The instance at {home} holds a Neo4j {kept.version} database; Neo4j "
            f"{asked} cannot be started on it.",
            recovery="Start a new instance for that release (another ELFGRAPH_NEO4J_HOME or "
            "--home) and move your spaces with `elfgraph export` / `elfgraph import`, or "
            "leave --neo4j-version out to keep this one.",
        )
    return release(asked)
