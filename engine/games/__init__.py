"""One package per game; each registers itself with ``engine.core.registry`` on import."""
