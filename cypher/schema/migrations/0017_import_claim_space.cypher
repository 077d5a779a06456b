// name: 0017_import_claim_space
// mode: write
// returns: none
// params:
// An import writes into a space name it has claimed with an ImportClaim node; one claim per
// name, so two imports never write into the same space at once.
CREATE CONSTRAINT import_claim_space IF NOT EXISTS
FOR (c:ImportClaim) REQUIRE c.space IS UNIQUE
