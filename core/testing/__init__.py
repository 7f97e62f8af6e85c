"""Python wrappers over the inline blocks for tests, and games registered for tests only."""
