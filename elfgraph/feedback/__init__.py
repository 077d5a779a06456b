"""outcome(): what helped and what did not, fed back into the graph."""
