"""Where a maintained benchmark's result goes: its one JSON in benchmarks/results/ and its
generated section of docs/BENCHMARKS.md (benchmarks/registry.py says how to add one)."""

from __future__ import annotations

import importlib
import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.doc_sections import write_doc_section
from benchmarks.machine import ROOT, machine_line
from benchmarks.registry import BENCHMARKS, Benchmark

RESULTS = ROOT / "benchmarks" / "results"
DOC = ROOT / "docs" / "BENCHMARKS.md"

Render = Callable[[dict[str, Any], Path], str]


def benchmark(name: str) -> Benchmark:
    found = BENCHMARKS.get(name)
    if found is None:
        raise SystemExit(f"no benchmark {name!r}: choose among {', '.join(BENCHMARKS)}")
    return found


def result_path(name: str) -> Path:
    return RESULTS / benchmark(name).result


def command_line(name: str, argv: list[str]) -> str:
    return shlex.join(["python", "-m", "benchmarks", name, *argv])


def header(report: dict[str, Any]) -> str:
    """The line every generated section starts with: what made it, and where it ran."""
    command = report.get("command")
    made = f"`{command}` on " if command else ""
    return f"{made}{machine_line(report['machine'])}."


def save(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


def load(name: str, path: Path | None = None) -> dict[str, Any]:
    source = path or result_path(name)
    if not source.is_file():
        raise SystemExit(f"no result to render: {source} (run `python -m benchmarks {name}`)")
    report: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return report


def render(name: str, report: dict[str, Any], doc: Path | None = None) -> None:
    """Rewrite the benchmark's section of `doc` (docs/BENCHMARKS.md unless told another) and
    its plot, from `report`."""
    doc = doc or DOC
    chosen = benchmark(name)
    drawn: Render = importlib.import_module(chosen.module).render
    body = drawn(report, doc.parent / "img")
    write_doc_section(doc, *chosen.markers, body)
    print(f"updated {doc}")


def publish(
    name: str,
    report: dict[str, Any],
    argv: list[str],
    *,
    out: Path | None = None,
    doc: bool = True,
) -> dict[str, Any]:
    """Record the command line in the report and save it as the benchmark's kept result,
    then render its doc section unless told not to. With `out` elsewhere (an A/B run, a
    probe) only that file is written: the kept result and the doc stay as they were."""
    measured = {key: value for key, value in report.items() if key != "command"}
    report = {"command": command_line(name, argv), **measured}  # first: what made it
    path = out or result_path(name)
    save(report, path)
    print(f"result: {path}")
    if doc and path.resolve() == result_path(name).resolve():
        render(name, report)
    return report
