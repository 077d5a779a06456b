"""Every `§` reference in the code, the queries, the tests and the docs resolves to a
heading of docs/BEHAVIOUR.md, every link to a heading of a Markdown file resolves to one,
and the code cites no plan that is not in the repository."""

from __future__ import annotations

import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("elfgraph", "cypher", "tests", "benchmarks", "docs")
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")
# A reference to the ancestor's plans (../shared/seeds), which readers of this repository
# do not have: "seed 001", "seeds 004 and 001", a bare flaw code "F4".
FOREIGN = re.compile(r"\bseeds? 0\d\d\b|(?<![§.\w])F[1-6]\b(?!.*§)")
# A link to a heading: [text](#anchor) or [text](FILE.md#anchor).
ANCHOR_LINK = re.compile(r"\]\(([\w./-]*\.md)?#([^)\s]+)\)")


def headings() -> set[str]:
    text = (ROOT / "docs" / "BEHAVIOUR.md").read_text(encoding="utf-8")
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, flags=re.M))


def files() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "CHANGELOG.md"]
    for folder in SOURCES:
        found += [p for p in (ROOT / folder).rglob("*") if p.suffix in {".py", ".cypher", ".md"}]
    return sorted(p for p in found if p.is_file())


def test_every_section_reference_resolves_to_a_heading() -> None:
    known = headings()
    assert {"1", "4.2", "7.3", "9.6", "11"} <= known
    broken = [
        f"{path.relative_to(ROOT)}:{number}: §{ref}"
        for path in files()
        if path.name != "CHANGELOG.md"  # history may cite sections as they were
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for ref in SECTION.findall(line)
        if ref not in known
    ]
    assert broken == []


def test_code_and_queries_cite_no_plan_outside_the_repository() -> None:
    cited = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files()
        if path.parts[len(ROOT.parts)] in {"elfgraph", "cypher"}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FOREIGN.search(line)
    ]
    assert cited == []


@functools.cache
def anchors(path: Path) -> frozenset[str]:
    """The anchors GitHub gives the headings of a Markdown file: lower case, punctuation
    dropped, each space a hyphen, and -1, -2, ... after a repeated one."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)
    for title in re.findall(r"^#{1,6} (.+?)\s*$", text, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return frozenset(found)


def test_every_link_to_a_heading_resolves() -> None:
    markdown = [p for p in files() if p.suffix == ".md" and p.name != "CHANGELOG.md"]
    broken = [
        f"{path.relative_to(ROOT)}:{number}: {target or path.name}#{anchor}"
        for path in markdown
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for target, anchor in ANCHOR_LINK.findall(line)
        if anchor not in anchors((path.parent / target).resolve() if target else path)
    ]
    assert broken == []
