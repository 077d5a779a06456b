"""Knowledge edges: their rules, the connect family, and the degree-capped edge writer."""
