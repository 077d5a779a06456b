"""`python -m benchmarks`: the maintained benchmarks (benchmarks/registry.py).

    python -m benchmarks                      # the list: what each measures, how long it takes
    python -m benchmarks NAME [OPTIONS]       # run one; NAME --help for its options
    python -m benchmarks NAME --render [FILE] # its docs/BENCHMARKS.md section from its result

Run them against a Neo4j of their own, freshly started (docs/BENCHMARKS.md says why).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from benchmarks.publish import DOC, benchmark, load, render, result_path
from benchmarks.registry import BENCHMARKS


def listing() -> str:
    """Each maintained benchmark: what it measures, how long it takes, its kept result."""
    width = max(len(name) for name in BENCHMARKS) + 2
    lines = ["python -m benchmarks NAME …", ""]
    for b in BENCHMARKS.values():
        lines += textwrap.wrap(
            b.measures, 100, initial_indent=f"{b.name:<{width}}", subsequent_indent=" " * width
        )
        lines += [f"{'':<{width}}takes {b.takes}", f"{'':<{width}}kept: {kept(b.name)}", ""]
    return "\n".join(lines).rstrip()


def kept(name: str) -> str:
    """The kept result's file, and when and at which commit it was measured."""
    path = result_path(name)
    if not path.is_file():
        return "none yet"
    machine = json.loads(path.read_text(encoding="utf-8")).get("machine", {})
    when, commit = machine.get("when", "?")[:10], machine.get("commit", "?")
    return f"benchmarks/results/{path.name} ({when}, commit {commit})"


def rendered(name: str, argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog=f"python -m benchmarks {name} --render")
    parser.add_argument("--render", nargs="?", type=Path, metavar="RESULT", help="not the kept one")
    parser.add_argument("--doc", type=Path, default=DOC)
    args = parser.parse_args(argv)
    render(name, load(name, args.render), args.doc)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in {"--list", "list"}:
        print(listing())
        return
    if argv[0] in {"-h", "--help"}:
        print(f"{__doc__}\n{listing()}")
        return
    name, rest = argv[0], argv[1:]
    chosen = benchmark(name)
    if "--render" in rest:
        rendered(name, rest)
        return
    run: Callable[[list[str]], None] = importlib.import_module(chosen.module).main
    run(rest)


if __name__ == "__main__":
    main()
