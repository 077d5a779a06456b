"""CHANGELOG.md keeps the Keep a Changelog form: an Unreleased section first, then each
release with its date, each holding only Added / Changed / Deprecated / Removed / Fixed /
Security; the newest release is the version the package says it is."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import elfgraph

ROOT = Path(__file__).resolve().parents[2]
KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
RELEASE = re.compile(r"^\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$")


def sections() -> list[tuple[str, list[str]]]:
    """Each `## ` heading of the changelog with the `### ` headings under it."""
    found: list[tuple[str, list[str]]] = []
    for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            found.append((line[3:].strip(), []))
        elif line.startswith("### "):
            assert found, f"{line!r} comes before any release"
            found[-1][1].append(line[4:].strip())
    return found


def test_the_changelog_is_unreleased_then_dated_releases_of_the_usual_kinds() -> None:
    found = sections()
    assert found[0][0] == "[Unreleased]"
    releases = [RELEASE.match(title) for title, _ in found[1:]]
    assert all(releases), [title for title, _ in found[1:]]
    versions = [tuple(int(n) for n in m.group(1).split(".")) for m in releases if m]
    assert versions == sorted(versions, reverse=True)
    for title, kinds in found:
        assert set(kinds) <= KINDS, title
        assert len(kinds) == len(set(kinds)), title


def test_the_newest_release_is_the_package_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    newest = RELEASE.match(sections()[1][0])
    assert newest is not None
    assert newest.group(1) == project["version"] == elfgraph.__version__
