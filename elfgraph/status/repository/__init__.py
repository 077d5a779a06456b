"""One async function per file of cypher/status/: the transaction first, keywords after."""
