"""The maintained benchmarks: what `python -m benchmarks` runs, and nothing else.

    python -m benchmarks --list            # each one: what it measures, how long it takes here
    python -m benchmarks NAME [OPTIONS]    # run it: its result JSON and its doc section
    python -m benchmarks NAME --help       # its options
    python -m benchmarks NAME --render     # its doc section again, from the saved result

Each benchmark keeps one result, `benchmarks/results/<result>` (the latest run; older ones
are in git), and one generated section of docs/BENCHMARKS.md, between the markers
`<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`. A run rewrites both; `--render`
rewrites the section from the result alone, so a table can be regenerated without rerunning
an hour-long benchmark.

Adding one (e.g. `fresh`, `service`) is one entry in BENCHMARKS below and one module:

1. `benchmarks/<module>.py` with two functions:
   - `main(argv: list[str]) -> None`: parse its own options (argparse with
     `prog="python -m benchmarks NAME"`; take `--out` and `--no-doc` for publish), run, and
     end with `publish("NAME", report, argv, out=args.out, doc=not args.no_doc)`
     (benchmarks/publish.py: it records the command line, saves the JSON, renders the doc);
   - `render(report: dict[str, Any], images: Path) -> str`: the markdown of its doc section,
     from the report alone; a plot goes into `images` (docs/img) and is linked as
     `img/<file>`. Start it with `header(report)` (the command and the machine).
2. An entry below: its name, module, a line on what it measures, how long it takes on the
   2-core machine of docs/BENCHMARKS.md (measured, not guessed), and its result file.
3. Its section in docs/BENCHMARKS.md with the two markers (a first run appends them at the
   end of the file when they are missing), and a smoke test at a tiny size in
   tests/benchmarks/ (tests/benchmarks/test_registry.py checks the rest: that the module
   has both functions, that its kept result renders, and that the doc has its markers).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Benchmark:
    name: str
    module: str  # importable; has main(argv) and render(report, images)
    measures: str  # one line: what it measures
    takes: str  # how long it takes on the machine of docs/BENCHMARKS.md, by its options
    result: str  # its one kept result, in benchmarks/results/

    @property
    def markers(self) -> tuple[str, str]:
        """The comments around its generated section of docs/BENCHMARKS.md."""
        return f"<!-- bench:{self.name}:start -->", f"<!-- bench:{self.name}:end -->"


BENCHMARKS: dict[str, Benchmark] = {
    b.name: b
    for b in (
        Benchmark(
            "scale",
            "benchmarks.scale",
            "learn, dream, recall (each leg), frames, curate, 30 % archived, memory and disk, "
            "by space size, one session, mock embedder",
            "~2 min at 1k,10k; ~4 min for 100k; ~45 min for 1m (heap 4g, page cache 6g)",
            "scale.json",
        ),
        Benchmark(
            "locomo",
            "benchmarks.locomo.layouts",
            "retrieval quality: R@1/5/10/20 on LoCoMo and a synthetic set, each learned in three "
            "layouts (metadata, inline, header), cross-validated over both sets' conversations",
            "~10 min for the three layouts on an idle machine (5969d43); several times that "
            "on a loaded one (its dreams take the cores)",
            "locomo.json",
        ),
        Benchmark(
            "write",
            "benchmarks.write_path",
            "learn_many and dream blocks/s, mock and MiniLM embedders",
            "~4 min at 1,000 and 10,000 blocks, 3 repeats",
            "write.json",
        ),
        Benchmark(
            "read",
            "benchmarks.read_path",
            "recall and frame latency and round trips; the query embedding apart",
            "~1 min at 1,000 and 10,000 blocks; ~6 min more for 100,000",
            "read.json",
        ),
        Benchmark(
            "curate",
            "benchmarks.curate",
            "curate's catch-up run and the scheduled run 40 active hours later, by phase",
            "~2 min at 1,000 and 10,000 blocks, 3 repeats; ~5 min a run at 100,000",
            "curate.json",
        ),
        Benchmark(
            "tenants",
            "benchmarks.tenants",
            "a small space among many big ones against the same space alone (two servers)",
            "~15 min at 20 × 10k (writing the crowd); ~75 min at 100 × 10k",
            "tenants.json",
        ),
        Benchmark(
            "portability",
            "benchmarks.portability",
            "export and import: seconds, blocks/s, file size, peak memory",
            "~1 min at 10,000 blocks, 3 repeats; ~6 min more for one at 100,000",
            "portability.json",
        ),
        Benchmark(
            "forget",
            "benchmarks.forget",
            "forget 1,000 blocks of a 100k space, twice: its time, recall right before and "
            "after in the forgetting process and in another one",
            "~20 min at 100,000 (building the space ~15 min); ~1 min at 10,000",
            "forget.json",
        ),
        Benchmark(
            "fresh",
            "benchmarks.fresh_server",
            "a new user's first 10k space on a fresh server and empty database, without and "
            "after the start's warm-up, against the same space on a warm server: learn, "
            "dream, recall, frame",
            "~5 min at 10k (two servers of its own); ~10 min with 100k",
            "fresh.json",
        ),
        Benchmark(
            "service",
            "benchmarks.service",
            "agents through `elfgraph serve` against agents with a MemorySystem each: recall "
            "and learn p50/p95, calls/s, total memory, at 1, 8 and 32 agents; a soak",
            "~12 min at 10k blocks and 1, 8, 32 agents; + --soak-minutes",
            "service.json",
        ),
        Benchmark(
            "soak",
            "benchmarks.soak",
            "an hour of mixed operations: latency and memory per 30 s window",
            "60 min (--minutes)",
            "soak.json",
        ),
    )
}
