// name: 0014_block_text_by_space
// mode: write
// returns: none
// params:
// The keyword leg of retrieval, per space: Lucene full text over content and summary with
// the English analyser (stemming, stop words), plus the block's text_key and status, so
// a query names its space and status as required terms and a big space can never crowd a
// small one out of the answer (the index is shared by every space).
CREATE FULLTEXT INDEX block_text_by_space IF NOT EXISTS
FOR (b:Block) ON EACH [b.content, b.summary, b.text_key, b.status]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
