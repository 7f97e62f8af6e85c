# cython: language_level=3
"""Set up a position for tests, rulebook examples and puzzles, and show the card counts
and knowledge bounds as plain lists for tests that check invariants."""
from partisan.core.state cimport GameState, token as tok
from partisan.core.turns cimport seat_queue
from partisan.core.games.junta.data cimport *
from partisan.core.knowledge cimport Counted, OWNER, move_kind
from partisan.core.games.junta.bookkeeping cimport places

from partisan.core.errors import IllegalActionError


cdef int arrange(GameState g, JuntaData* d, pres, buildings, militia, hands) except -1:
    """Before the first card is drawn: the Presidente, each estate's buildings and militia,
    and named cards dealt from the Deck into hands. Each owner observes its own cards."""
    cdef int q, t
    cdef Counted kn
    cards = g.game.data.cards
    if d.phase != PH_DRAW or d.round != 1 or d.tot[L_DECK] != sum(c.count for c in cards):
        raise IllegalActionError("arrange() works only right after the first Presidente is chosen")
    n = d.n
    names = [c.name for c in cards]
    if pres is not None:
        g._check_seat(pres)
        d.pres = pres
        g.observe_all(tok(T_ARRANGE, pres, 0))
    for q, v in enumerate(buildings or []):
        if not 1 <= v <= 1 + d.spots:
            raise ValueError(f"seat {q}: {v} buildings is outside 1..{1 + d.spots}")
        d.bld[q] = v
        g.observe_all(tok(T_ARRANGE, q, 10 + v))
    for q, v in enumerate(militia or []):
        if not 0 <= v <= d.mil_max:
            raise ValueError(f"seat {q}: {v} militia is outside 0..{d.mil_max}")
        d.mil[q] = v
        g.observe_all(tok(T_ARRANGE, q, 20 + v))
    for q, hand in (hands or {}).items():
        g._check_seat(q)
        for name in hand:
            if name not in names:
                raise ValueError(f"unknown card {name!r}")
            t = names.index(name)
            if d.cnt[L_DECK][t] == 0:
                raise ValueError(f"no {name!r} left in the Deck")
            kn = places(d)
            move_kind(g, &kn, t, L_DECK, L_HAND + q, OWNER, q, -1, tok(T_DRAW, q, t), tok(T_DRAW, q, RED))
    seat_queue(&d.turn, all_seats(d), 0, d.pres, n)
    d.cur = d.pres
    return 0


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
