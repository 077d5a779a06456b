"""Shared CLI plumbing: consoles, the error boundary, running async library calls."""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

import anyio
import typer
from rich.console import Console

from elfgraph.errors import ElfgraphError

P = ParamSpec("P")
T = TypeVar("T")

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def errors_as_exit(command: Callable[P, T]) -> Callable[P, T]:
    """Turn an ElfgraphError into one red line, the recovery, and exit code 1."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return command(*args, **kwargs)
        except ElfgraphError as exc:
            err.print(f"[red]error:[/red] {exc.message}", markup=True)
            err.print(f"[yellow]recovery:[/yellow] {exc.recovery}", markup=True)
            raise typer.Exit(1) from exc

    return wrapper


def run(function: Callable[[], Awaitable[T]]) -> T:
    return anyio.run(function)


def print_json(payload: Any) -> None:
    # Plain print, not rich: scripts parse this.
    typer.echo(json.dumps(payload, indent=2, sort_keys=True, default=str))
