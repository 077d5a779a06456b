"""One async function per file of cypher/edges/: the transaction first, keywords after."""
