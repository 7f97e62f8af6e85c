"""A played game: one human seat against bots, for `partisan play` and `partisan solo`.

start.py sets a game up from the command line (new or resumed), session.py runs its loop;
the loop's other jobs each have a module: prompt.py (what the player types), screen.py (what
fits on the screen), advice.py (the hint) and saving.py (writing the record)."""
