"""When curate is due, and how long ago it ran, in active hours. Pure."""

from __future__ import annotations


def curate_due(last_curate_at: float | None, now: float, interval_hours: float) -> bool:
    """Due when never run, or `interval_hours` active hours after the last run."""
    return last_curate_at is None or now - last_curate_at >= interval_hours


def hours_since(last_curate_at: float | None, now: float) -> float | None:
    """Active hours since the last run (never negative); None when never run
    (docs/BEHAVIOUR.md §10.4)."""
    return None if last_curate_at is None else max(0.0, now - last_curate_at)
