"""Pure rules and math of the memory model: scoring, fusion, decay, text, sketches.

No I/O here: nothing imports Neo4j, the network or the clock."""
