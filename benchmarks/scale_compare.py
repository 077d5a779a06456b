"""Write-path runs of `python -m benchmarks scale --no-recall` side by side (issue 18).

    python -m benchmarks.scale_compare BEFORE.json AFTER.json [...] [--image PATH]

Prints a markdown table (per run and size: learn_many and dream blocks/s overall, the
median of the batches / chunks, and the first → last chunk of the dream) and draws the
blocks/s of every learn batch and dream chunk against the blocks done: a flat line is a
step that does not grow with the space or the session.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from benchmarks.suite import IMAGES


def rows(reports: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| run | blocks | in a session | learn_many blocks/s (median batch) "
        "| dream blocks/s (median chunk) | dream first → last chunk |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for report in reports:
        for r in report["results"]:
            learn = [rate for _, rate in r.get("learn_batch_rates", [])] or [0.0]
            dream = [rate for _, rate in r["dream_chunk_rates"]] or [r["dream_blocks_per_s"]]
            lines.append(
                f"| {report.get('label') or '?'} | {r['size']:,} | "
                f"{'yes' if r['in_session'] else 'no'} | {r['learn_blocks_per_s']:,.0f} "
                f"({statistics.median(learn):,.0f}) | {r['dream_blocks_per_s']:,.0f} "
                f"({statistics.median(dream):,.0f}) | {dream[0]:,.0f} → {dream[-1]:,.0f} |"
            )
    return lines


def plot(reports: list[dict[str, Any]], path: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path.parent.mkdir(parents=True, exist_ok=True)
    figure, (learn, dream) = plt.subplots(1, 2, figsize=(11, 4.2))
    for report in reports:
        for r in report["results"]:
            where = "session" if r["in_session"] else "no session"
            label = f"{report.get('label') or '?'} {r['size']:,}, {where}"
            points = r.get("learn_batch_rates", [])
            learn.plot([d for d, _ in points], [v for _, v in points], "o-", label=label)
            points = r["dream_chunk_rates"]
            dream.plot([d for d, _ in points], [v for _, v in points], label=label, lw=0.8)
    learn.set(xlabel="blocks learned", ylabel="blocks/s (batch of 5,000)", title="learn_many")
    dream.set(xlabel="blocks dreamed", ylabel="blocks/s (chunk of 500)", title="dream")
    dream.set_yscale("log")
    learn.legend(fontsize=7)
    dream.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scale_compare", description=__doc__)
    parser.add_argument("reports", type=Path, nargs="+")
    parser.add_argument("--image", type=Path, default=IMAGES / "scale_write.png")
    args = parser.parse_args(argv)
    reports = [json.loads(p.read_text(encoding="utf-8")) for p in args.reports]
    print("\n".join(rows(reports)))
    print(f"\nplot: {plot(reports, args.image)}")


if __name__ == "__main__":
    main()
