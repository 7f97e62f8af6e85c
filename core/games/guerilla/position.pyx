# cython: language_level=3
"""Test and puzzle set-ups: a position in the middle of a round, built from named cards, so
a rule can be tried with the rulebook's own numbers (tests/games/guerilla)."""
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_add, ws_remove, ws_clear, ws_has
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.turn cimport start_turn

from partisan.core.errors import PartisanError


class PositionError(PartisanError):
    """A set-up asked for something the rules or the engine cannot hold."""


cdef void _take(Guerilla* d, int card, int place) noexcept nogil:
    cdef int i
    for i in range(NPLACES):
        ws_remove(d.cards[i], NW, card)
    ws_add(d.cards[place], NW, card)


cdef void arrange(GameState st, Guerilla* d, loyalties, hands, groups, int active, deck,
                  discard, scores, int sudden) except *:
    """Start `active`'s turn with the given loyalties (markers per seat), hands (seat -> card
    ids), groups ((owner, faction, [card ids], damage)), the deck (card ids; None: every card
    not placed but the Revolution), `discard` (card ids, bottom first) face up, the scores
    ((per seat), (Government, Rebel)) and sudden death (its marker; 0: not begun). Every
    other card is set aside. Each seat sees its own hand; the rest is public."""
    cdef int c, q, gi, i
    cdef Group* g
    used = set()
    for q, cards in hands.items():
        used.update(cards)
    for owner, faction, cards, damage in groups:
        used.update(cards)
    used.update(discard)
    if len(loyalties) != d.n:
        raise PositionError(f"{d.n} loyalties needed, not {len(loyalties)}")
    for q in range(d.n):
        d.loyalty[q] = loyalties[q]
        d.known[q] = marker_seen_by(d, q)
    for i in range(NPLACES):
        ws_clear(d.cards[i], NW)
        for q in range(GMAXP):
            ws_clear(d.seen[q][i], NW)
            ws_clear(d.barred[q][i], NW)
    for c in range(NCARDS):
        _take(d, c, P_ASIDE)
    for q, cards in hands.items():
        for c in cards:
            _take(d, c, P_HAND + q)
            ws_add(d.seen[q][P_HAND + q], NW, c)
    for gi in range(NGROUPS):
        group_clear(&d.grp[gi])
    d.nlinks = 0                                       # no event under way on the new table
    d.ar_group = -1
    d.b_att2 = -1
    d.aa_stage = 0
    d.rc_stage = 0
    for gi, (owner, faction, cards, damage) in enumerate(groups):
        g = &d.grp[gi]
        g.owner = owner
        g.faction = faction
        g.damage = damage
        for c in cards:
            group_add(d, g, c)
            _take(d, c, P_TABLE)
    d.disc.n = 0
    for c in discard:
        _take(d, c, P_DISC)
        d.disc.slot[d.disc.n] = c
        d.disc.n += 1
        for q in range(d.n):
            ws_add(d.seen[q][P_DISC], NW, c)
    if deck is None:
        deck = [c for c in range(NCARDS) if c not in used and c != d.revolution]
    elif used & set(deck):
        raise PositionError("a card is placed twice")
    for c in deck:
        _take(d, c, P_DECK)
    if scores is not None:
        for q in range(d.n):
            d.score[q] = scores[0][q]
        d.fscore[F_GOV] = scores[1][0]
        d.fscore[F_REB] = scores[1][1]
    d.sudden = sudden > 0
    d.sudden_marker = sudden
    for c in range(NCARDS):
        if in_place(d, P_ASIDE, c):
            for q in range(d.n):
                ws_add(d.seen[q][P_ASIDE], NW, c)
    deck_rebuild(d, -1)
    d.dealer = active
    start_turn(st, d, active)
