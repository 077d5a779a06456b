// name: 0002_space_name_unique
// mode: write
// returns: none
// params:
// One Space node per name: it holds the space's active-hours clock and its embedding lock.
CREATE CONSTRAINT space_name_unique IF NOT EXISTS
FOR (s:Space) REQUIRE s.name IS UNIQUE
