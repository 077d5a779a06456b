// name: resample_outdated_indexes
// mode: read
// returns: none
// params:
// Asks the server to sample again every index that changed by more than
// db.index_sampling.update_percentage (5 %) since its last sample, as its background
// sampler does every 10 s: the planner's estimates come from these samples, and a plan
// made while an index's sample is still that of an empty index scans where it should seek
// (elfgraph/schema/statistics.py, issue 64). A READ procedure any user may call, needing no
// setting; it returns once every sample is scheduled (small ones are done by then, large
// ones a few hundred ms later), and costs a round trip when nothing is outdated.
CALL db.resampleOutdatedIndexes()
