"""`elfgraph curate`: the maintenance batch job, for cron.

    */30 * * * * elfgraph curate --all-spaces --if-due --json >> ~/elfgraph-curate.log 2>&1

Each space ends as `done`, `not_due`, `busy` (another curate of it holds the lock, which
the report names with its holder and lease end) or `failed`. Exit code 0 when every space
was curated or not due, 1 when one failed (the others are still curated) or Neo4j is
unreachable, 2 on bad usage, 3 when none failed but one was busy (nothing done for it).
Safe next to an agent using the same space: curate runs never overlap, and each of their
writes waits its turn on the space node like the agent's own. No embedding model is
loaded.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from elfgraph.cli._common import err, errors_as_exit, out, run, service_url, show_error
from elfgraph.errors import ConfigError, ElfgraphError
from elfgraph.spaces.names import validate_space_name

if TYPE_CHECKING:
    from rich.progress import Progress

    from elfgraph.config.memory import MemoryConfig
    from elfgraph.curation.models import CurateResult
    from elfgraph.store.database import Database


@dataclass
class SpaceReport:
    """How one space's curate ended, as the JSON line of `--json`."""

    space: str
    status: str  # done | not_due | busy | failed
    seconds: float
    result: CurateResult | None = None
    error: ElfgraphError | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "space": self.space,
            "status": self.status,
            "seconds": round(self.seconds, 3),
            "summary": self.result.summary if self.result else None,
            "result": self.result.to_dict() if self.result else None,
            "error": self.error.to_dict() if self.error else None,
        }


@dataclass
class Reporter:
    """Where progress and reports go: JSON lines, a progress bar on a terminal, or plain
    lines (cron logs)."""

    json_lines: bool
    console: Console = field(default_factory=lambda: out)
    bar_console: Console = field(default_factory=lambda: err)  # the bar goes to stderr
    _bar: Progress | None = None
    _task: Any = None
    _phases_shown: int = 0  # of the current space
    _phases: int = 0  # how many a run has (elfgraph.curation.models.PHASES)

    def start(self, spaces: int) -> None:
        if self.json_lines or not self.bar_console.is_terminal:
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._bar = Progress(
            TextColumn("{task.description}", markup=False),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self.bar_console,
        )
        from elfgraph.curation.models import PHASES

        self._phases = len(PHASES)
        self._bar.start()
        self._task = self._bar.add_task("curate", total=spaces * self._phases)

    def phase(self, space: str, phase: str) -> None:
        if self._bar is not None:
            self._bar.update(self._task, description=f"{space}: {phase}", advance=1)
            self._phases_shown += 1

    def report(self, report: SpaceReport) -> None:
        if self.json_lines:
            typer.echo(json.dumps(report.to_dict(), sort_keys=True, ensure_ascii=False))
            return
        if report.error is not None:
            show_error(report.error, prefix=f"{report.space}: failed")
        else:
            assert report.result is not None
            line = f"{report.space}: {report.result.summary} ({report.seconds:.2f} s)"
            self.console.print(Text(line))
        if self._bar is not None:  # a skipped or failed space moves the bar on as well
            self._bar.update(self._task, advance=self._phases - self._phases_shown)
            self._phases_shown = 0

    def stop(self, reports: list[SpaceReport]) -> None:
        if self._bar is not None:
            self._bar.stop()
        if self.json_lines:
            return
        counts = {s: sum(1 for r in reports if r.status == s) for s in STATUSES}
        self.console.print(
            f"Curated {len(reports)} space(s): "
            + ", ".join(f"{n} {s.replace('_', ' ')}" for s, n in counts.items() if n),
        )


STATUSES = ("done", "not_due", "busy", "failed")
BUSY_EXIT = 3  # nothing failed, but a space was left to the curate that holds its lock


async def curate_one(
    database: Database,
    space: str,
    config: MemoryConfig,
    *,
    if_due: bool,
    reporter: Reporter,
    must_exist: bool = True,
) -> SpaceReport | None:
    """Curate one space; an ElfgraphError becomes a `failed` report, not an exit. None
    for a space dropped since it was listed (`must_exist` False)."""
    from elfgraph.curation.models import CurateResult
    from elfgraph.curation.run import curate_space, should_curate
    from elfgraph.spaces.registry import find_space, unknown_space

    started = time.perf_counter()
    try:
        if await find_space(database, space) is None:
            if not must_exist:
                return None
            raise await unknown_space(database, space)
        if if_due and not await should_curate(database, space, config, None):
            result = CurateResult(skipped_reason="not_due")
        else:
            result = await curate_space(
                database,
                space,
                config=config,
                if_due=if_due,
                progress=lambda phase: reporter.phase(space, phase),
            )
    except ElfgraphError as exc:
        return SpaceReport(space, "failed", time.perf_counter() - started, error=exc)
    status = result.skipped_reason or "done"
    return SpaceReport(space, status, time.perf_counter() - started, result=result)


def _names(space: str | None, all_spaces: bool) -> str | None:
    """The one space asked for (None: all of them); bad usage exits with code 2."""
    if (space is None) == (not all_spaces):
        raise typer.BadParameter("give exactly one of --space NAME or --all-spaces")
    if space is not None:
        try:
            validate_space_name(space)
        except ConfigError as exc:
            raise typer.BadParameter(f"{exc.message} {exc.recovery}", param_hint="--space") from exc
    return space


@errors_as_exit
def curate(
    space: Annotated[str | None, typer.Option(help="The space to curate.")] = None,
    all_spaces: Annotated[
        bool, typer.Option("--all-spaces", help="Curate every space of the database.")
    ] = False,
    if_due: Annotated[
        bool,
        typer.Option(
            "--if-due", help="Only spaces due (never curated, or curate_interval_hours since)."
        ),
    ] = False,
    json_output: Annotated[
        bool, typer.Option("--json", help="One JSON report per space, one per line.")
    ] = False,
) -> None:
    """Archive decayed blocks, prune and decay stale edges, reinforce the top blocks."""
    from elfgraph.config.connection import load_settings
    from elfgraph.config.loading import ElfgraphConfig
    from elfgraph.schema.migrations import open_database
    from elfgraph.spaces.registry import list_spaces

    only = _names(space, all_spaces)
    config = ElfgraphConfig.load().memory
    reporter = Reporter(json_lines=json_output)

    async def work() -> list[SpaceReport]:
        database = await open_database(load_settings())
        async with database:
            names = [only] if only else [s.name for s in await list_spaces(database)]
            reporter.start(len(names))
            reports: list[SpaceReport] = []
            try:
                for name in names:
                    report = await curate_one(
                        database,
                        name,
                        config,
                        if_due=if_due,
                        reporter=reporter,
                        must_exist=only is not None,
                    )
                    if report is not None:
                        reports.append(report)
                        reporter.report(report)
            finally:
                reporter.stop(reports)
            return reports

    reports = run(work) if service_url() is None else run(lambda: _curate_through_service(
        only, if_due=if_due, reporter=reporter
    ))  # fmt: skip
    if any(r.status == "failed" for r in reports):
        raise typer.Exit(1)
    if any(r.status == "busy" for r in reports):
        raise typer.Exit(BUSY_EXIT)


async def _curate_through_service(
    only: str | None, *, if_due: bool, reporter: Reporter
) -> list[SpaceReport]:
    """The same run through the service of ELFGRAPH_URL (every space: a key of
    --all-spaces)."""
    from elfgraph.client import connect, connect_admin

    if only is None:
        async with await connect_admin() as admin:
            names = [s.name for s in await admin.list_spaces()]
    else:
        names = [only]
    reporter.start(len(names))
    reports: list[SpaceReport] = []
    try:
        for name in names:
            started = time.perf_counter()
            try:
                async with await connect(space=name, check=False) as memory:
                    result = await memory.curate(if_due=if_due)
            except ElfgraphError as exc:
                report = SpaceReport(name, "failed", time.perf_counter() - started, error=exc)
            else:
                status = result.skipped_reason or "done"
                report = SpaceReport(name, status, time.perf_counter() - started, result=result)
            reports.append(report)
            reporter.report(report)
    finally:
        reporter.stop(reports)
    return reports
