"""The scale benchmark's report (benchmarks/scale.py): its table and its plot, its section
of docs/BENCHMARKS.md."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from benchmarks.machine import machine_line


def cpu_line(cpu: dict[str, float | None]) -> str:
    """The dream's CPU per block, this process's and the server's when known."""
    server = cpu["server_cpu_ms_per_block"]
    return f"CPU {cpu['python_cpu_ms_per_block']:.2f} ms a block in Python, " + (
        "the server's unknown" if server is None else f"{server:.2f} in the server"
    )


def deleted(r: dict[str, Any]) -> str:
    if "recall_after_delete" not in r:
        return "–"
    now, idle = r["recall_after_delete"], r["recall_after_delete_settled"]
    return (
        f"{r['deleted']:,} archived: {now['p50_ms']:.1f} / {now['p95_ms']:.1f} → "
        f"{idle['p50_ms']:.1f} / {idle['p95_ms']:.1f}"
    )


def megabytes(r: dict[str, Any], key: str) -> str:
    return f"{r[key]:,.0f}" if key in r else "–"


def server_line(server: dict[str, Any]) -> str:
    if {"heap", "page_cache"} <= server.keys():
        return f", server heap {server['heap']} / page cache {server['page_cache']}"
    return ""


def source_line(r: dict[str, Any]) -> str:
    """Where an earlier row comes from: its run's command, machine and server."""
    made = f"`{r['from_command']}` on " if r.get("from_command") else ""
    return f"{made}{machine_line(r['from'])}{server_line(r.get('from_server') or {})}"


def markdown(report: dict[str, Any]) -> str:
    command = report.get("command")
    made = f"`{command}` on " if command else ""
    marks: dict[str, str] = {}  # each earlier run's description, and the mark of its rows
    for r in report["results"]:
        if "from" in r:
            marks.setdefault(source_line(r), f"({string.ascii_lowercase[len(marks)]})")
    lines = [
        f"{made}{machine_line(report['machine'])}{server_line(report.get('server') or {})}; "
        "mock embedder, one session per build.",
        *(part for line, mark in marks.items() for part in ("", f"Rows marked {mark}: {line}.")),
        "",
        "| blocks | learn_many blocks/s | dream blocks/s (first → last chunk) "
        "| recall p50 / p95 ms | queryless p50 / p95 ms | SELF p50 / p95 ms "
        "| first / second recall ms | curate s "
        "| recall p50 / p95 ms after archiving 30 % (at once → server idle) "
        "| Python RSS / database files MB |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    busy = any(r.get("server_busy_at_reads") for r in report["results"])
    for r in report["results"]:
        if "stopped" in r:  # a run stopped before its reads (scale_log.report_from_log)
            lines.append(
                f"| {r['size']:,} † | {r['learn_blocks_per_s']:,.0f} | {r['stopped']} "
                f"| – | – | – | – | – | – | {megabytes(r, 'python_rss_mb')} / "
                f"{megabytes(r, 'disk_mb')} |"
            )
            continue
        rates = [rate for _, rate in r["dream_chunk_rates"]] or [r["dream_blocks_per_s"]]
        lines.append(
            f"| {r['size']:,}{' ' + marks[source_line(r)] if 'from' in r else ''} "
            f"| {r['learn_blocks_per_s']:,.0f} "
            f"| {r['dream_blocks_per_s']:,.0f} "
            f"({rates[0]:,.0f} → {rates[-1]:,.0f}) | {r['recall']['p50_ms']:.1f} / "
            f"{r['recall']['p95_ms']:.1f}{' ‡' if r.get('server_busy_at_reads') else ''} "
            f"| {r['queryless']['p50_ms']:.1f} / "
            f"{r['queryless']['p95_ms']:.1f} | {r['self']['p50_ms']:.1f} / "
            f"{r['self']['p95_ms']:.1f} | {r['first_recall_ms']:,.0f} / "
            f"{r['second_recall_ms']:,.0f} | {r['curate_seconds']:.2f} | {deleted(r)} "
            f"| {megabytes(r, 'python_rss_mb')} / {megabytes(r, 'disk_mb')} |"
        )
    lines += ["", *legs_and_cpu(report, marks)]
    if busy:
        lines += [
            "",
            "‡ The server was still busy when the reads began (its vector index merging what "
            "the dream wrote): it had not gone idle within --settle-max.",
        ]
    return "\n".join(lines)


def legs_and_cpu(report: dict[str, Any], marks: dict[str, str]) -> list[str]:
    """Which leg a slow recall pays for, and the dream's CPU a block in this process and in
    the server: on two cores their sum bounds the dream's rate."""
    lines = [
        "| blocks | vector leg alone p50 / p95 ms | keyword leg alone p50 / p95 ms "
        "| dream CPU ms a block, Python / server |",
        "|---:|---:|---:|---:|",
    ]
    for r in report["results"]:
        if "recall_vector_only" not in r:
            continue
        cpu = r.get("dream_cpu")
        server = cpu and cpu["server_cpu_ms_per_block"]
        burnt = (
            f"{cpu['python_cpu_ms_per_block']:.2f} / "
            + ("–" if server is None else f"{server:.2f}")
            if cpu
            else "–"
        )
        vector, keyword = r["recall_vector_only"], r["recall_keyword_only"]
        lines.append(
            f"| {r['size']:,}{' ' + marks[source_line(r)] if 'from' in r else ''} "
            f"| {vector['p50_ms']:.1f} / {vector['p95_ms']:.1f} "
            f"| {keyword['p50_ms']:.1f} / {keyword['p95_ms']:.1f} | {burnt} |"
        )
    return lines


def binned(chunk_rates: list[list[float]], every: int) -> list[tuple[float, float]]:
    """Per-chunk rates pooled into bins of about `every` blocks (blocks / seconds of the
    bin): a 1M run has 2,000 chunks, too noisy to read one by one."""
    points, blocks, seconds, before = [], 0.0, 0.0, 0.0
    for done, rate in chunk_rates:
        blocks += done - before
        seconds += (done - before) / max(rate, 1e-9)
        before = done
        if blocks >= every:
            points.append((done, blocks / seconds))
            blocks, seconds = 0.0, 0.0
    if blocks:
        points.append((before, blocks / seconds))
    return points


def plot(report: dict[str, Any], folder: Path) -> Path:
    """Dream blocks/s over the share of the space dreamed (one line per size, binned by a
    hundredth of it: flat means linear) and the read latencies against size."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    figure, (rates, reads) = plt.subplots(1, 2, figsize=(11, 4.2))
    for r in report["results"]:
        points = binned(r["dream_chunk_rates"], max(1, r["size"] // 100))
        share = [d / r["size"] for d, _ in points]  # every size spans the same width
        rates.plot(share, [v for _, v in points], label=f"{r['size']:,}")
    rates.set(
        xlim=(0, 1), xlabel="share of the space dreamed", ylabel="dream blocks/s", title="dream"
    )
    rates.legend(title="space size")
    measured = [r for r in report["results"] if "recall" in r]  # a stopped run has none
    sizes = [r["size"] for r in measured]
    for key in ("recall", "queryless", "self"):
        reads.plot(sizes, [r[key]["p50_ms"] for r in measured], "o-", label=f"{key} p50")
    reads.set(xscale="log", yscale="log", xlabel="blocks", ylabel="ms", title="reads")
    reads.legend()
    path = folder / "scale.png"
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def render(report: dict[str, Any], images: Path) -> str:
    image = plot(report, images)
    link = f"![dream rate and read latency by size]({images.name}/{image.name})"
    return f"{markdown(report)}\n\n{link}"
