"""recall and frame: candidates in one read, pure ranking, rendering, reinforcement."""
