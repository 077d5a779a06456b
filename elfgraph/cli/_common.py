"""Shared CLI plumbing: consoles, the error boundary, running async library calls, opening
a space, a progress bar for long steps.

Everything heavy (the Neo4j driver, numpy, the embedding model) is imported inside the
functions that need it, so `elfgraph --help`, `--version` and `guide` start fast.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar

import anyio
import typer
from rich.console import Console
from rich.text import Text

from elfgraph.errors import ElfgraphError
from elfgraph.faces import use_face

if TYPE_CHECKING:
    from elfgraph.client import ServiceAdmin
    from elfgraph.embedding.base import EmbeddingService
    from elfgraph.protocol import Memory

P = ParamSpec("P")
T = TypeVar("T")

# Markup off: stored text such as "[1] see [docs]" prints as it is. Soft wrap: a long
# sentence stays one line for whoever reads the output after us (tables still fit).
out = Console(highlight=False, markup=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, markup=False, soft_wrap=True)

SpaceOption = Annotated[
    str, typer.Option("--space", "-s", envvar="ELFGRAPH_SPACE", help="The memory space.")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]

PROGRESS_AFTER_SECONDS = 0.5  # a bar appears only for steps longer than this


def errors_as_exit(command: Callable[P, T]) -> Callable[P, T]:
    """Run a command for the CLI face (recoveries name commands, not methods); turn an
    ElfgraphError into one red line and the recovery on stderr — or, with --json, a JSON
    object on stdout — and exit code 1."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        with use_face("cli"):
            try:
                return command(*args, **kwargs)
            except ElfgraphError as exc:
                if kwargs.get("json_output"):
                    print_json(exc.to_dict())
                else:
                    show_error(exc)
                raise typer.Exit(1) from exc

    return wrapper


def show_error(exc: ElfgraphError, prefix: str = "error") -> None:
    err.print(Text(f"{prefix}: ", style="red") + Text(exc.message))
    err.print(Text("recovery: ", style="yellow") + Text(exc.recovery))


def run(function: Callable[[], Awaitable[T]]) -> T:
    return anyio.run(function)


def print_json(payload: Any) -> None:
    # Plain print, not rich: scripts parse this.
    typer.echo(json.dumps(payload, indent=2, sort_keys=True, default=str, ensure_ascii=False))


def model_notice() -> EmbeddingService:
    """The local embedder chosen by ELFGRAPH_EMBEDDER, saying on a terminal's stderr when
    the model loads (the first embedding of a command takes a moment)."""
    from elfgraph.config.connection import load_settings
    from elfgraph.embedding.choice import DESCRIPTIONS, local_embedder

    name = load_settings().embedder  # ELFGRAPH_EMBEDDER

    def notice() -> None:
        if err.is_terminal:
            err.print(Text(f"Loading the embedding model ({DESCRIPTIONS[name]}) …", style="dim"))

    return local_embedder(name, on_load=notice)


def service_url() -> str | None:
    """ELFGRAPH_URL: when set, the memory commands talk to that service (with
    ELFGRAPH_API_KEY) instead of Neo4j."""
    return os.environ.get("ELFGRAPH_URL") or None


def with_memory(
    space: str,
    work: Callable[[Memory], Awaitable[T]],
    *,
    create: bool = False,
    embeds: bool = False,
) -> T:
    """Open the space, do `work`, close. `create` False: an unknown space is an error
    naming the known ones (only writes create spaces). `embeds`: the command embeds text,
    so the model's loading is announced. With ELFGRAPH_URL set, the space is the service's
    (its key decides what the command may do)."""
    if service_url() is not None:
        return run(lambda: _through_service(space, work))
    from elfgraph.memory import MemorySystem

    async def call() -> T:
        embedder = model_notice() if embeds else None
        # warm=False: a command runs one operation, which plans its own query; warming the
        # retrieval plans first would only add two reads to every command
        async with MemorySystem.managed(
            space, create=create, embedding_service=embedder, warm=False
        ) as memory:
            return await work(memory)

    return run(call)


async def _through_service(space: str, work: Callable[[Memory], Awaitable[T]]) -> T:
    from elfgraph.client import connect

    async with await connect(space=space, check=False) as memory:
        return await work(memory)


def with_admin(work: Callable[[ServiceAdmin], Awaitable[T]]) -> T:
    """`work` on the service's spaces (ELFGRAPH_URL, with a key of --all-spaces)."""
    from elfgraph.client import connect_admin

    async def call() -> T:
        async with await connect_admin() as admin:
            return await work(admin)

    return run(call)


@contextmanager
def progress_bar(
    label: str, *, enabled: bool, in_bytes: bool = False
) -> Iterator[Callable[[int, int | None], None]]:
    """A callback `(done, total)` for a bar on stderr (counting items, or bytes read), shown
    once the step has run for more than a moment; nothing when disabled (--json) or when
    stderr is not a terminal. A total of None draws a bar without an end."""
    if not enabled or not err.is_terminal:
        yield lambda done, total: None
        return
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    count = DownloadColumn() if in_bytes else MofNCompleteColumn()
    columns = (TextColumn(label, markup=False), BarColumn(), count)
    bar = Progress(*columns, TimeElapsedColumn(), console=err)
    task = bar.add_task(label, total=None)
    timer = threading.Timer(PROGRESS_AFTER_SECONDS, bar.start)  # rich draws from a thread
    timer.daemon = True
    timer.start()

    def update(done: int, total: int | None) -> None:
        bar.update(task, completed=done, total=total)

    try:
        yield update
    finally:
        timer.cancel()
        bar.stop()


def show_logs(level: int) -> None:
    """Send the `elfgraph.*` loggers to stderr (stdout stays for results and MCP)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name("elfgraph-cli")
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logger = logging.getLogger("elfgraph")
    logger.handlers = [h for h in logger.handlers if h.get_name() != "elfgraph-cli"]
    logger.addHandler(handler)
    logger.setLevel(level)
