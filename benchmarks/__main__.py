"""`python -m benchmarks`: the whole suite (see benchmarks/suite.py).

    python -m benchmarks                                # 1k and 10k, all parts
    python -m benchmarks --sizes 1000 10000 100000      # 100k too (~40 min more here)
    python -m benchmarks --only read --sizes 10000 --no-doc
    python -m benchmarks soak [--minutes 60]             # mixed operations for an hour
    python -m benchmarks scale --sizes 1k,10k,100k       # how each figure grows (issue 18)
    python -m benchmarks tenants --tenants 20            # a small space among big ones
    python -m benchmarks fresh_server [--sizes 10k,100k] # a new server's first space (issue 64)

Run it against a Neo4j of its own, freshly started (docs/BENCHMARKS.md says why).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import anyio

from benchmarks.doc_sections import write_doc_section
from benchmarks.plots import plot
from benchmarks.suite import (
    DEFAULT_SIZES,
    DOC,
    END,
    IMAGES,
    PARTS,
    RESULTS,
    START,
    markdown,
    run_suite,
    save,
)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=DEFAULT_SIZES)
    parser.add_argument("--only", nargs="+", choices=PARTS, default=list(PARTS))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--queries", type=int, default=200, help="read path: per size")
    parser.add_argument("--embedders", nargs="+", default=["mock", "local"])
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--doc", type=Path, default=DOC)
    parser.add_argument("--images", type=Path, default=IMAGES)
    parser.add_argument("--no-doc", action="store_true", help="write only the JSON")
    args = parser.parse_args()
    if min(args.sizes) < 100 or args.repeats < 1 or args.queries < 1:
        parser.error("sizes must be at least 100, repeats and queries at least 1")
    return args


def main() -> None:
    if sys.argv[1:2] == ["soak"]:
        from benchmarks.soak import main as soak

        soak(sys.argv[2:])
        return
    if sys.argv[1:2] == ["scale"]:
        from benchmarks.scale import main as scale

        scale(sys.argv[2:])
        return
    if sys.argv[1:2] == ["tenants"]:
        from benchmarks.tenants import main as tenants

        tenants(sys.argv[2:])
        return
    if sys.argv[1:2] == ["fresh_server"]:
        from benchmarks.fresh_server import main as fresh_server

        fresh_server(sys.argv[2:])
        return
    args = arguments()
    report = anyio.run(
        lambda: run_suite(
            args.sizes,
            args.only,
            repeats=args.repeats,
            queries=args.queries,
            embedders=args.embedders,
        )
    )
    save(report, args.out)
    print(f"raw results: {args.out}")
    if args.no_doc:
        return
    images = plot(report, args.images)
    relative = {
        title: os.path.relpath(path.resolve(), args.doc.resolve().parent)
        for title, path in images.items()
    }
    write_doc_section(args.doc, START, END, markdown(report, relative))
    print(f"updated {args.doc} and {', '.join(str(p) for p in images.values())}")


if __name__ == "__main__":
    main()
