"""SystemStatus in words: when the space was last curated."""

from __future__ import annotations

from elfgraph.status.models import SystemStatus


def test_status_reports_hours_since_curate() -> None:
    base = {
        "space": "s",
        "session_active": False,
        "session_hours": 0.0,
        "inbox_count": 0,
        "inbox_threshold": 10,
        "active_count": 1,
        "archived_count": 0,
        "total_active_hours": 50.0,
        "last_consolidated": None,
        "edge_count": 0,
    }
    assert "never curated." in str(SystemStatus(**base))
    assert "curated 12.5 h ago." in str(SystemStatus(**base, hours_since_curate=12.5))
