"""Helpers for tests, soaks and benchmarks: random play and Python wrappers over the inline
building blocks. Nothing here is used by the engine, the bots or the front end."""
