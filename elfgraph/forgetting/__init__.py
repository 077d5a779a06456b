"""forget, forget_matching and correct (docs/BEHAVIOUR.md §12)."""
