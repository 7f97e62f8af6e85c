"""One package per game; each registers itself with partisan.core.game."""
