"""One async function per file of cypher/portability/: the transaction first, keywords after."""
