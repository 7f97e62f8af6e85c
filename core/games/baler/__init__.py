"""Heroes of Baler: component data and the rule modules of its engine. Not registered yet:
the game's state class and registration come with the phases (see DESIGN.md)."""
