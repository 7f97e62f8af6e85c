"""How each game looks on screen: views/<game>.py, falling back to a generic view."""
