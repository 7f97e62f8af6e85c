"""Python wrappers over the inline building blocks for tests (one compiled module per block)."""
