"""One async function per file of cypher/curation/: the transaction first, keywords after."""
