# cython: language_level=3
"""Set up a position for tests, rulebook examples and puzzles, and show the card counts
and knowledge bounds as plain lists for tests that check invariants."""
from partisan.core.state cimport GameState, token as tok
from partisan.core.turns cimport seat_queue
from partisan.core.games.junta.data cimport *
from partisan.core.knowledge cimport Counted, OWNER, move_kind
from partisan.core.games.junta.bookkeeping cimport places

from itertools import islice

from partisan.core.errors import IllegalActionError


cdef int arrange(GameState g, JuntaData* d, pres, buildings, militia, hands) except -1:
    """Before the first card is drawn: the Presidente, each estate's buildings and militia,
    and named cards dealt from the Deck into hands. Each owner observes its own cards.
    Every argument is checked before anything changes (a refused call leaves the state)."""
    cdef int q, t
    cdef Counted kn
    cards = g.game.data.cards
    if d.phase != PH_DRAW or d.round != 1 or d.tot[L_DECK] != sum(c.count for c in cards):
        raise IllegalActionError("arrange() works only right after the first Presidente is chosen")
    n = d.n
    seat = None if pres is None else g._check_seat(pres)
    bld = _per_seat(buildings, n, 1, 1 + d.spots, "buildings")
    mil = _per_seat(militia, n, 0, d.mil_max, "militia")
    dealt = _dealt(g, d, hands, [c.name for c in cards])
    if seat is not None:
        d.pres = seat
        g.observe_all(tok(T_ARRANGE, seat, 0))
    for q, v in enumerate(bld):
        d.bld[q] = v
        g.observe_all(tok(T_ARRANGE, q, 10 + v))
    for q, v in enumerate(mil):
        d.mil[q] = v
        g.observe_all(tok(T_ARRANGE, q, 20 + v))
    for q, t in dealt:
        kn = places(d)
        move_kind(g, &kn, t, L_DECK, L_HAND + q, OWNER, q, -1, tok(T_DRAW, q, t), tok(T_DRAW, q, RED))
    seat_queue(&d.turn, all_seats(d), 0, d.pres, n)
    d.cur = d.pres
    return 0


def _per_seat(values, int n, int low, int high, str what) -> list:
    """`values` (None: unchanged) as at most one whole number per seat, each in low..high."""
    if values is None:
        return []
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__") or hasattr(values, "items"):
        raise TypeError(f"{what} is a list of whole numbers, one per seat, not {type(values).__name__}")
    values = list(islice(values, n + 1))       # an endless iterable is read no further than needed
    if len(values) > n:
        raise ValueError(f"{what}: more values than the {n} seats")
    for q, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise ValueError(f"seat {q}: {what} must be a whole number from {low} to {high}")
    return values


cdef list _dealt(GameState g, JuntaData* d, hands, list names):
    """[(seat, card type)] of `hands` (seat -> card names), each card left in the Deck."""
    if hands is None:
        return []
    if not hasattr(hands, "items"):
        raise TypeError(f"hands maps a seat to card names, not {type(hands).__name__}")
    dealt, wanted = [], {}
    for q, hand in hands.items():
        seat = g._check_seat(q)
        if isinstance(hand, (str, bytes)) or not hasattr(hand, "__iter__"):
            raise TypeError(f"seat {seat}: a hand is a list of card names")
        for name in hand:
            if not isinstance(name, str) or name not in names:
                raise ValueError(f"unknown card {str(name)[:40]!r}")
            t = names.index(name)
            wanted[t] = wanted.get(t, 0) + 1
            if wanted[t] > d.cnt[L_DECK][t]:
                raise ValueError(f"no {name!r} left in the Deck")
            dealt.append((seat, t))
    return dealt


cdef dict fields(JuntaData* d):
    """Card counts, knowledge bounds and the table as plain lists."""
    cdef int n = d.n, nt = d.ntypes, L, t, x, q, k, f
    return {
        "cnt": [[d.cnt[L][t] for t in range(nt)] for L in range(NLOC)],
        "tot": [d.tot[L] for L in range(NLOC)],
        "lb": [[[d.lb[x][L][t] for t in range(nt)] for L in range(NLOC)] for x in range(n)],
        "mil": [d.mil[q] for q in range(n)],
        "bld": [d.bld[q] for q in range(n)],
        "ords": [[d.ords[q][k] for k in range(NCODE)] for q in range(n)],
        "loanp": [[d.loanp[q][f] for f in range(n)] for q in range(n)],
        "loana": [[d.loana[q][f] for f in range(n)] for q in range(n)],
        "pres": d.pres,
        "round": d.round,
    }
