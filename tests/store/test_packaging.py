"""The wheel ships `cypher/` and the installed package finds it outside the repository."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=300,
    )
    (built,) = out.glob("elfgraph-*.whl")
    return built


def test_wheel_contains_every_cypher_file_and_the_pom(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "cypher").rglob("*.cypher"):
        assert f"elfgraph/_cypher/{path.relative_to(ROOT / 'cypher').as_posix()}" in names
    assert "elfgraph/neo4j_server/pom.xml" in names


def test_installed_package_loads_its_cypher_outside_the_checkout(
    wheel: Path, tmp_path: Path
) -> None:
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    probe = (
        "from elfgraph.store.cypher import catalog, cypher_root;"
        "print(cypher_root()); print(len(catalog()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    root, count = done.stdout.split()
    assert Path(root) == target / "elfgraph" / "_cypher"
    assert int(count) == len(list((ROOT / "cypher").rglob("*.cypher")))
