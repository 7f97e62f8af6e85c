# cython: language_level=3
"""Set-up (l.15-l.22): the garden elements and the natural enemies at random places, a Goodie
on every mushroom, and each player's round-1 hand.

"Place at random" is read as uniform over the table: an element's disc lies wholly on the
table and clear of the elements before it; an enemy card's centre lies at least half a card
from the edges, at any angle, clear of the elements (redrawn until it is, up to a bound).
Every placement is a sample-only chance node whose outcome is a landing id (whole mm, half
degrees), so a record replays the set-up exactly. The hand is a listed chance node: one of the
252 five-card subsets of the colour's ten, uniformly.
"""
from libc.math cimport ceil
from libc.stdint cimport int16_t
from partisan.core.cards cimport count
from partisan.core.geometry cimport Pose, Card, Disc, card_set, card_disc_overlap, disc_set
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState, token
from partisan.core.games.garden.data cimport *

cdef enum:
    REDRAWS = 1000               # a placement is redrawn at most this often to clear the elements

cdef int16_t SUBSET[SUBSETS]     # the five-card subsets of ten, in increasing order


cdef void _fill_subsets():
    cdef int m, k = 0
    for m in range(1 << NTYPES):
        if count(m) == 5:
            SUBSET[k] = m
            k += 1


_fill_subsets()


cdef int16_t subset_cards(int rank) noexcept nogil:
    return SUBSET[rank]


cdef inline int _elements(const Garden* d) noexcept nogil:
    return d.n_mush + d.n_bush


cdef inline double _radius(const Garden* d, int e) noexcept nogil:
    return d.r_mushroom if e < d.n_mush else d.r_bush


cdef inline int _margin(const Garden* d, int i) noexcept nogil:
    """Least distance (mm) from the table edge to the centre of set-up placement i."""
    if i < _elements(d):
        return <int>ceil(_radius(d, i))
    return <int>ceil(0.5 * d.card_h)


cdef inline bint _clear(const Garden* d, int i, Pose p) noexcept nogil:
    """Placement i at p keeps clear of the elements placed before it."""
    cdef Disc a, b
    cdef Card c
    cdef int e
    if i < _elements(d):
        disc_set(&a, p.x, p.y, _radius(d, i))
        for e in range(i):
            disc_set(&b, d.elem[e].x, d.elem[e].y, _radius(d, e))
            if (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < (a.r + b.r) ** 2:
                return False
        return True
    card_set(&c, p, d.card_w, d.card_h, 0)
    for e in range(_elements(d)):
        disc_set(&b, d.elem[e].x, d.elem[e].y, _radius(d, e))
        if card_disc_overlap(&c, &b):
            return False
    return True


cdef int setup_sample(const Garden* d, Rng* rng) noexcept nogil:
    cdef int i = d.setup_i, m = _margin(d, i), tries
    cdef int x = 0, y = 0, a = 0
    cdef Pose p
    for tries in range(REDRAWS):
        x = m + <int>rng_below(rng, d.width - 2 * m + 1)
        y = m + <int>rng_below(rng, d.height - 2 * m + 1)
        a = 0 if i < _elements(d) else <int>rng_below(rng, LAND_ANGLES)
        p.x = x * 10
        p.y = y * 10
        p.angle = a * 5
        if _clear(d, i, p):
            break
    return landing_id(x, y, a, False)


cdef bint setup_possible(const Garden* d, int outcome) noexcept nogil:
    cdef Pose p
    cdef int face, m = _margin(d, d.setup_i)
    if not landing_decode(outcome, &p, &face) or face:
        return False
    if d.setup_i < _elements(d) and p.angle != 0:
        return False
    return m * 10 <= p.x <= (d.width - m) * 10 and m * 10 <= p.y <= (d.height - m) * 10


cdef void setup_apply(GameState g, Garden* d, int outcome) noexcept nogil:
    cdef Pose p
    cdef int face, i = d.setup_i, k, o
    landing_decode(outcome, &p, &face)
    g.observe_all(token(TOK_SETUP, i, p.x // 10 * LAND_MM + p.y // 10))
    g.observe_all(token(TOK_SETUP_ANGLE, i, p.angle // 5))
    d.setup_i += 1
    if i < _elements(d):
        d.elem[i].x = p.x
        d.elem[i].y = p.y
        if d.setup_i == _elements(d):
            for k in range(d.n_goodie):          # l.21 "1 Goodies card on top of every Mushroom"
                o = O_GOODIE + k
                d.obj[o].pose.x = d.elem[k].x
                d.obj[o].pose.y = d.elem[k].y
                d.obj[o].where = W_TABLE
                d.obj[o].level = 1 + k
                d.obj[o].layer = HAT_LAYER
            d.phase = PH_ENEMY
        return
    k = i - _elements(d)
    o = O_TOAD + k if k < d.n_toad else O_ANT + k - d.n_toad
    d.obj[o].pose = p
    d.obj[o].where = W_TABLE
    d.obj[o].layer = d.next_layer
    d.next_layer += 1
    if k + 1 == d.n_toad + d.n_ant:
        d.phase = PH_DEAL
        d.seat = 0


cdef int deal_outcomes(const Garden* d, int* out, double* probs) noexcept nogil:
    cdef int r
    for r in range(SUBSETS):
        out[r] = C_DEAL + r
        probs[r] = 1.0 / SUBSETS
    return SUBSETS


cdef int deal_sample(const Garden* d, Rng* rng) noexcept nogil:
    return C_DEAL + <int>rng_below(rng, SUBSETS)


cdef void deal_apply(GameState g, Garden* d, int outcome) noexcept nogil:
    """l.22: the seat draws five of its ten cards; the other five wait for round 2."""
    cdef int q = d.seat
    d.hand_cards[q] = SUBSET[outcome - C_DEAL]
    d.deck_cards[q] = ((1 << NTYPES) - 1) ^ d.hand_cards[q]
    g.observe_split(q, token(TOK_DEAL, q, outcome - C_DEAL), token(TOK_DEAL, q, -1))
    d.seat += 1
    if d.seat == d.n:
        start_play(d)


cdef void start_play(Garden* d) noexcept nogil:
    d.phase = PH_CARD
    d.round = 0
    d.turn = 0
    d.seat = d.first
