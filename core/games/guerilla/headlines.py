"""The public events of Guerilla that concern every seat, whatever seats they name, and those a
crowded summary keeps first and last: the play screen ranks them so (cli/play/screen.py).

The Revolution swaps loyalty markers and turns a group (l.40: "the player who draws the
revolution card may exchange the loyalty markers of any two players"; l.139: "the drawing player
must change the faction of one deployed Government group to Rebel"), and Traitors may turn a
leader's group (l.140: "the leader and his entire group change faction"): after either, every
seat's reckoning of who is on which side changes.

What changed on the table comes first when the bots' turns do not fit: a complex changing
hands (l.75: "it is instead captured by the attacking group"), damaged or repaired (l.74: "Only
air strikes (see the red Airfield card) and demolition attacks using an Arms Cache event card can
damage a complex"; l.92: "Damage to a complex can be repaired"); the cards a battle,
an air strike or an assassination removed (l.68: the loser "must eliminate units"; l.70: "Any
leader left alone after losses are taken is eliminated"); a group formed, a side changed, the sudden-death
roll that may end the game (l.103: "If the number rolled is greater than or equal to the number
beneath the end of round marker, the game ends immediately"); then a battle's totals, then the
points scored. A card laid in a trade, a card drawn unseen and a secret choice change nothing
the table shows: kept last."""
from __future__ import annotations

import re
from collections import Counter

CONCERNS_EVERY_SEAT = re.compile(
    r"\bRevolution\b|\bloyalty markers?\b|\bchange sides\b"
    r"|\bturns? (?:\S+ ){0,2}(?:Rebel|Government)\b")

KEPT_FIRST = (
    re.compile(r"\bcaptures? .+ \(g\d+, now (?:Rebel|Government)\)|\d+ damage to the |\brepairs \d+ damage\b"),
    re.compile(r"\b(?:eliminated|destroyed|is killed)\b|\bback to hand\b"),
    re.compile(r"\(g\d+, now (?:Rebel|Government)\)|\bforms g\d+|\bbecomes g\d+|\bsudden death\b"
               r"|\bRevolution\b|\bchange sides\b|\bturns? (?:\S+ ){0,2}(?:Rebel|Government)\b"
               r"|(?<!take a )(?<!takes a )loyalty markers?(?: is| of|:)"),     # not the deal's markers
    re.compile(r"\btotals\b"),
    re.compile(r"[+-]\d+ points?\b|\bscores? \d+ points?"),
)

# A seat reinforcing another seat's group changes that group with no outcome line to say it
# (l.83: "A player can deploy reinforcements to a group owned by another player, with or without
# his consent."), and an Informant stops an Ambush or lets a Rebel group retreat before combat,
# whoever plays it (l.126: "Any player can play the informant, not just the attacker or the
# defender. [...] If played on a Rebel group, the owner of that group may choose whether to
# accept it."), which no outcome line names: the move, and a retreat refused (one accepted says
# itself: the group goes back to hand), are kept with what changed the table.
MOVES_KEPT_FIRST = re.compile(r"^(P\d+): reinforce (?!\1's)\S+ g\d+ with |^P\d+: play Informant\b"
                              r"|^P\d+: refuse the retreat$")

KEPT_LAST = re.compile(r": no reaction$|\bdraws? a card\b|\blays? (?:a card|.+) face (?:up|down)$"
                       r"|: offer nothing$|: chooses in secret$|: no counter$")


def scoreboard(obs: dict, seat: int) -> dict[str, int]:
    """What the table counts, each seat's points ("you" for `seat`) and each faction's tally,
    named as the table names them: a crowded summary says which moved since the player's last move."""
    return {**{"you" if s == seat else f"P{s + 1}": points for s, points in enumerate(obs["scores"])},
            **{faction[:3]: points for faction, points in obs["faction_scores"].items()}}    # as the table: Gov, Reb


_DEALER = re.compile(r"dealer: (P\d+|you)$")
_OWN_MARKER = re.compile(r"you take a loyalty marker: (\w+)$")
_OWN_CARD = re.compile(r"you draw (.+)$")
_OTHERS_CARD = re.compile(r"P\d+ draws a card$")


def setup(lines: list[str]) -> str | None:
    """The set-up's chance lines before the first move (the dealer, the loyalty markers, the
    deal: l.28-l.32) as one line, the player's own marker and cards named, the cards as the
    compact table names them ("Barrientos/Quiroga"); None when they are not the set-up."""
    dealer = next((m[1] for m in map(_DEALER.match, lines) if m), None)
    marker = next((m[1] for m in map(_OWN_MARKER.match, lines) if m), None)
    cards = [m[1] for m in map(_OWN_CARD.match, lines) if m]
    if dealer is None or marker is None or not cards:
        return None
    named = Counter("/".join(half.split()[-1] for half in card.split(" / ")) if " / " in card else card
                    for card in cards)
    hand = ", ".join(f"{n}× {card}" if n > 1 else card for card, n in sorted(named.items()))
    return (f"Set-up: dealer {dealer}; each player took a loyalty marker and was dealt {len(cards)} cards; "
            f"your loyalty: {marker}; you drew {hand}")
