"""Assembles a Neo4j Community server from Maven Central jars, once, into a user cache dir."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from elfgraph.errors import Neo4jServerError
from elfgraph.neo4j_server.release import DEFAULT_VERSION

NEO4J_VERSION = DEFAULT_VERSION
BROWSER_VERSION = "5.24.0"
_COMPLETE_MARKER = ".complete"


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "elfgraph"


def distribution_dir(version: str = NEO4J_VERSION) -> Path:
    """Where the jars of one Neo4j version live: shared by every local instance."""
    override = os.environ.get("ELFGRAPH_NEO4J_DIST")
    return Path(override) if override else cache_root() / f"neo4j-{version}"


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive advisory lock, so two processes never assemble or start at once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def is_assembled(version: str = NEO4J_VERSION) -> bool:
    return (distribution_dir(version) / "lib" / _COMPLETE_MARKER).exists()


def ensure_distribution(
    version: str = NEO4J_VERSION, progress: Callable[[str], None] | None = None
) -> Path:
    """The `lib/` folder with every jar of the server and the Browser; built on first use
    (`progress` hears one line per step: the download takes minutes)."""
    tell = progress or (lambda line: None)
    root = distribution_dir(version)
    lib = root / "lib"
    if (lib / _COMPLETE_MARKER).exists():
        return lib
    with file_lock(root / ".assemble.lock"):
        if (lib / _COMPLETE_MARKER).exists():
            return lib
        tell(
            f"First start: fetching the Neo4j {version} jars from Maven Central into {root} "
            "(~140 MB, once; a few minutes) …"
        )
        maven = os.environ.get("ELFGRAPH_MVN") or shutil.which("mvn")
        if not maven:
            raise Neo4jServerError(
                "Maven (mvn) is needed once to fetch the Neo4j jars, and it is not installed.",
                recovery="Install Maven (`apt-get install maven`, `brew install maven`), or run "
                "Neo4j with Docker (`docker compose up -d`) and set NEO4J_URI.",
            )
        pom = root / "pom.xml"
        template = resources.files("elfgraph.neo4j_server").joinpath("pom.xml").read_text("utf-8")
        pom.write_text(
            template.replace("@NEO4J_VERSION@", version).replace(
                "@BROWSER_VERSION@", BROWSER_VERSION
            ),
            encoding="utf-8",
        )
        staging = root / "lib.partial"
        shutil.rmtree(staging, ignore_errors=True)
        command = [
            maven,
            "-B",
            "-q",
            "-f",
            str(pom),
            "dependency:copy-dependencies",
            f"-DoutputDirectory={staging}",
            "-DincludeScope=runtime",
        ]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=1800, check=False
            )
        except subprocess.TimeoutExpired as exc:
            raise Neo4jServerError(
                "Fetching the Neo4j jars with Maven took more than 30 minutes.",
                recovery="Check that Maven Central is reachable, then run the command again.",
            ) from exc
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise Neo4jServerError(
                f"Maven could not fetch Neo4j {version}:\n{tail}",
                recovery="Check that Maven Central is reachable (proxy settings in "
                "~/.m2/settings.xml), then run the command again.",
            )
        shutil.rmtree(lib, ignore_errors=True)
        staging.rename(lib)
        (lib / _COMPLETE_MARKER).write_text(version, encoding="utf-8")
        tell(f"Jars ready in {lib}.")
        return lib
