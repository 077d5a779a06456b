"""One async function per file of cypher/consolidation/: the transaction first, keywords after."""
