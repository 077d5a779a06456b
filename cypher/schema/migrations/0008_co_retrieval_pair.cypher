// name: 0008_co_retrieval_pair
// mode: write
// returns: none
// params:
// Co-retrieval staging (Hebbian learning): one CoRetrieval node per pair of blocks of a
// space that frames returned together without an edge between them.
CREATE CONSTRAINT co_retrieval_pair IF NOT EXISTS
FOR (c:CoRetrieval) REQUIRE (c.space, c.a, c.b) IS UNIQUE
