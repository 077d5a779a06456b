"""status(): counts, clock, health and the one thing to do next."""
