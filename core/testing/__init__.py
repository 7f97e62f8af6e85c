"""Helpers for tests, soaks and benchmarks: random play, Python wrappers over the inline
building blocks, and games registered for tests only. Nothing here is used by the engine,
the bots or the front end."""
