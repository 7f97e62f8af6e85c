"""The events of Garden Guerrilla a crowded summary keeps last, and the scores it names when it
leaves out a line that scored: the play screen ranks them so (cli/play/screen.py).

A turn is a card chosen and played (l.28: "During their turn, a player must choose one card from
their hand and play it"), thrown, dropped or placed as its card says (l.31-l.34); what it landed
on and caught says what it did. The card's orientation and the throw's style say only how it
was played, so they give way first: a newcomer read "Blue: turned 90°" where Blue's card and aim
had been left out. The scores are the Bounty's (l.41-l.47), counted as the table counts them."""
from __future__ import annotations

import re

KEPT_LAST = re.compile(r": turned [\d.]+°$|: throw it spinning\b")


def scoreboard(obs: dict, seat: int) -> dict[str, int]:
    """Each seat's points as the table names them ("you" for `seat`, the others by colour): a
    crowded summary says which moved since the player's last move."""
    return {"you" if s == seat else entry["colour"]: entry["points"] for s, entry in enumerate(obs["seats"])}
