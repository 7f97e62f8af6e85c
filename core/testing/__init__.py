"""Helpers for tests, soaks and benchmarks: random play, Python wrappers over the inline
building blocks, and games registered for tests only. Nothing here is used by the engine,
the bots or the front end."""
import os

# The compiled shims live outside this folder, built for the tests only (shims.py); the test
# session names their folder, for its subprocesses too.
SHIMS_ENV = "PARTISAN_TEST_SHIMS_DIR"
if os.environ.get(SHIMS_ENV):
    __path__.insert(0, os.environ[SHIMS_ENV])
