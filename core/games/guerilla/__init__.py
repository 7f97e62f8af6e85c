"""Guerilla: component data, rule readings and options. Not registered yet: the engine comes
with issue 16 (see DESIGN.md)."""
