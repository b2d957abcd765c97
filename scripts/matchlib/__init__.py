"""The engine-vs-engine match runner behind scripts/match (Python 3 standard library only)."""
