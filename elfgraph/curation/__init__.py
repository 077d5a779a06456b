"""curate(): set-based maintenance of one space under a per-space lock."""
