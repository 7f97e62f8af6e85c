# cython: language_level=3
"""Resolving a card that landed on the table (l.37-l.39, l.49-l.71), readings in RULES.md.

1. Cards already on the table act first, from the one closest to the table up (l.38, l.71):
   a toad the card touches eats it (l.66, into its owner's Bounty); an enemy face-up
   Grasshopper San or Rambee it touches catches it (l.53, l.56). A caught card makes no attack.
2. A face-down card has no effect (l.35). Otherwise its attack: lines from crosshairs (Ladygun,
   Snailper, Rambee, Laserfly, Scrabblezooka's explosion point), covered cards (Skorpio,
   Chemic, Spiderchute), an explosion card (Firefly, Scrabblezooka), touch (Grasshopper San).
3. Never one's own colour (l.38), never a Goodie (l.67); toads only by ranged attacks (l.66):
   lines and Scrabblezooka's explosion. Every candidate hit when it cannot be decided which is
   hit (l.70): ties of lines and every covered or touched card.
4. Caught cards go to the attacker's Bounty; then the Goodies are checked (l.67).

Levels: a card on a mushroom hat lies above every table card. Contact (touch) needs the same
level; a hat card's attacks reach the table below and table cards' lines do not reach the hat
(l.62); mushrooms and bushes block lines (l.62-l.63) except Laserfly's.
"""
from libc.math cimport INFINITY, fabs
from libc.stdint cimport uint64_t
from partisan.core.cards cimport bit, count, lowest
from partisan.core.geometry cimport (Card, Disc, card_to_world, card_normal, card_scaled,
                                     card_covers, covered_by, touching, chain_of, ray_first,
                                     ray_all, discs_block, SIDE_TOP, SIDE_BOTTOM, SIDE_LEFT,
                                     SIDE_RIGHT)
from partisan.core.state cimport GameState, token
from partisan.core.games.garden.data cimport *


cdef inline uint64_t _enemies(const Garden* d, int o) noexcept nogil:
    """Objects on the table o's attacks may catch: not its colour, not a Goodie."""
    return on_table(d) & ~seat_cards(obj_seat(o)) & ~goodies() & ~bit(o)


cdef inline uint64_t _reach(const Garden* d, int o) noexcept nogil:
    """Objects o's attacks reach: everything from a hat (the table below too), the table's
    own level from the table."""
    return on_table(d) if d.obj[o].level else at_level(d, 0)


cdef inline int _blockers(const Garden* d, int o, Disc* discs) noexcept nogil:
    """The elements that stop o's lines: all but the mushroom o rests on."""
    return build_discs(d, discs, d.obj[o].level - 1)


cdef double _to_edge(const Garden* d, double ox, double oy, double dx, double dy) noexcept nogil:
    """How far a line runs from (ox, oy) along (dx, dy) before it leaves the table."""
    cdef double t = INFINITY
    if dx > 1e-12:
        t = min(t, (d.width - ox) / dx)
    elif dx < -1e-12:
        t = min(t, -ox / dx)
    if dy > 1e-12:
        t = min(t, (d.height - oy) / dy)
    elif dy < -1e-12:
        t = min(t, -oy / dy)
    return t if t > 0.0 else 0.0


cdef void _line(const Card* c, int side, double* ox, double* oy, double* dx, double* dy) noexcept nogil:
    """The crosshair at the middle of an edge, and the line's direction: out of that edge."""
    if side == SIDE_TOP:
        card_to_world(c, 0.0, c.hh, ox, oy)
    elif side == SIDE_BOTTOM:
        card_to_world(c, 0.0, -c.hh, ox, oy)
    elif side == SIDE_RIGHT:
        card_to_world(c, c.hw, 0.0, ox, oy)
    else:
        card_to_world(c, -c.hw, 0.0, ox, oy)
    card_normal(c, side, dx, dy)


cdef inline uint64_t _stoppers(const Garden* d, int o) noexcept nogil:
    """The cards whose first one o's line reaches: Ladygun's (l.50) the enemy cards; Snailper's
    and Rambee's (l.51, l.56) every card, an own card stopping it with no hit (option
    own_cards_block), but never a Goodie (l.67: attacks pass it)."""
    if d.effect[obj_type(o)] != E_LADYGUN and d.own_block:
        return _reach(d, o) & ~goodies() & ~bit(o)
    return _enemies(d, o) & _reach(d, o)


cdef uint64_t _shoot(const Garden* d, int o, int side, const Card* cards, double* seg) noexcept nogil:
    """The line from o's crosshair on `side`: what it catches, by o's effect, and where it runs
    (seg: x0, y0, x1, y1 in mm): to the table's edge, an element or the first card it
    reaches; Laserfly's to the edge, through every card (l.55: elements do not stop it)."""
    cdef Disc discs[MAXE]
    cdef double dx, dy, reach, length
    cdef int nb
    cdef uint64_t hits, enemies = _enemies(d, o) & _reach(d, o)
    _line(&cards[o], side, &seg[0], &seg[1], &dx, &dy)
    length = _to_edge(d, seg[0], seg[1], dx, dy)
    if d.effect[obj_type(o)] == E_LASERFLY:
        hits = ray_all(cards, NOBJ, enemies, seg[0], seg[1], dx, dy, length)
    else:
        nb = _blockers(d, o, discs)
        length = discs_block(discs, nb, seg[0], seg[1], dx, dy, length)
        hits = ray_first(cards, NOBJ, _stoppers(d, o), discs, nb, seg[0], seg[1], dx, dy, length, &reach)
        if hits:                        # the first card stops it, an own card with no hit
            length = reach
        hits &= enemies
    seg[2] = seg[0] + length * dx
    seg[3] = seg[1] + length * dy
    return hits


cdef void line_segment(const Garden* d, int o, int side, double* seg) noexcept nogil:
    """Where the line from o's crosshair on `side` would run now (seg: x0, y0, x1, y1 in mm)."""
    cdef Card cards[NOBJ]
    build_cards(d, cards)
    _shoot(d, o, side, cards, seg)


cdef void _catch_all(Garden* d, uint64_t hits, int by, int how) noexcept nogil:
    """Every object of `hits` goes to the Bounty of the attacker `by`'s owner."""
    cdef int i, seat = obj_seat(by)
    while hits:
        i = lowest(hits)
        hits &= hits - 1
        catch(d, i, seat, by, how)


cdef int _priority(const Garden* d, int o, const Card* cards) noexcept nogil:
    """The card on the table that catches o as it arrives, or -1: among the toads and enemy
    face-up Grasshoppers and Rambees o touches at its level, the lowest (l.38, l.71)."""
    cdef uint64_t actors = toads() & on_table(d)
    cdef uint64_t m
    cdef int i, best = -1, e, s = obj_seat(o)
    for i in range(O_INSECT, NOBJ):
        if d.obj[i].where == W_TABLE and not d.obj[i].face_down and obj_seat(i) != s:
            e = d.effect[obj_type(i)]
            if e == E_GRASSHOPPER or e == E_RAMBEE:
                actors |= bit(i)
    actors &= at_level(d, d.obj[o].level) & ~bit(o)
    m = touching(cards, NOBJ, actors, &cards[o])
    while m:
        i = lowest(m)
        m &= m - 1
        if best < 0 or d.obj[i].layer < d.obj[best].layer:
            best = i
    return best


cdef bint resolve(Garden* d, int o) noexcept nogil:
    """Resolve card o that just landed on the table; True when a follow-up decision (an
    explosion point, a target) is needed first, with d.phase set to it."""
    cdef Card cards[NOBJ]
    cdef Card blast
    cdef double seg[4]
    cdef int s = obj_seat(o), actor, side, e, how = HOW_NONE
    cdef uint64_t hits = 0, enemies, contact
    build_cards(d, cards)
    actor = _priority(d, o, cards)
    if actor >= 0:
        if actor < O_INSECT:
            catch(d, o, s, actor, HOW_EATEN)
        else:
            catch(d, o, obj_seat(actor), actor, HOW_ARRIVAL)
        return False
    if d.obj[o].face_down:
        return False
    e = d.effect[obj_type(o)]
    enemies = _enemies(d, o) & _reach(d, o)
    contact = enemies & ~toads()            # toads: only by ranged attacks (l.66)
    if e == E_LADYGUN or e == E_SNAILPER or e == E_RAMBEE or e == E_LASERFLY:
        for side in range(4):
            if d.cross[obj_type(o)] >> side & 1:
                hits |= _shoot(d, o, side, cards, seg)
                remember_line(d, o, seg)
        how = HOW_LINE
    elif e == E_SCRABBLEZOOKA:
        d.pending = o
        d.phase = PH_BLAST
        return True
    elif e == E_FIREFLY:                    # l.52 the explosion card around it, same orientation
        card_scaled(&blast, &cards[o], d.blast, cards[o].layer)
        remember_blast(d, &blast, o)
        hits = covered_by(cards, NOBJ, enemies if d.firefly_toads else contact, &blast)
        how = HOW_BLAST
    elif e == E_SKORPIO or e == E_CHEMIC:   # l.58, l.54 one covered enemy card (the player's pick)
        d.choices = covered_by(cards, NOBJ, contact, &cards[o])
        if count(d.choices) > 1:
            d.pending = o
            d.phase = PH_TARGET
            return True
        if d.choices:
            _catch_target(d, o, lowest(d.choices), cards)
    elif e == E_SPIDERCHUTE:                # l.59 all covered enemy cards
        hits = covered_by(cards, NOBJ, contact, &cards[o])
        how = HOW_COVER
    elif e == E_GRASSHOPPER:                # l.53 all enemy cards it touches
        hits = touching(cards, NOBJ, contact & at_level(d, d.obj[o].level), &cards[o])
        how = HOW_TOUCH
    _catch_all(d, hits, o, how)
    return False


cdef uint64_t target_chain(const Garden* d, int o, int target, const Card* cards) noexcept nogil:
    """Chemic (l.54): the enemy cards joined to its target by a chain of touching enemy cards
    at the target's level (the target left out); none for Skorpio."""
    if d.effect[obj_type(o)] != E_CHEMIC:
        return 0
    return chain_of(cards, NOBJ, _enemies(d, o) & ~toads() & at_level(d, d.obj[target].level),
                    target) & ~bit(target)


cdef void _catch_target(Garden* d, int o, int target, const Card* cards) noexcept nogil:
    """Skorpio: the target. Chemic (l.54): the target and its chain."""
    cdef uint64_t chain = target_chain(d, o, target, cards)
    _catch_all(d, bit(target), o, HOW_COVER)
    _catch_all(d, chain, o, HOW_CHAIN)


cdef int _targets(uint64_t m, int* out, int n) noexcept nogil:
    """Appends "target object i" for each object of m after out[0 .. n - 1]; the new count."""
    while m:
        out[n] = A_TARGET + lowest(m)
        m &= m - 1
        n += 1
    return n


cdef int legal_target(const Garden* d, int* out) noexcept nogil:
    return _targets(d.choices, out, 0)


cdef void apply_target(GameState g, Garden* d, int a) noexcept nogil:
    cdef Card cards[NOBJ]
    build_cards(d, cards)
    g.observe_all(token(TOK_TARGET, d.seat, a))
    _catch_target(d, d.pending, a - A_TARGET, cards)


cdef double _blast_line(const Garden* d, int o, const Card* cards, double* seg, double* dx,
                        double* dy) noexcept nogil:
    """Scrabblezooka's line (l.57): from its crosshair to the table edge or the first element
    (seg: x0, y0, x1, y1 in mm; dx, dy its direction); its length."""
    cdef Disc discs[MAXE]
    cdef int nb = _blockers(d, o, discs)
    cdef double length
    _line(&cards[o], SIDE_TOP, &seg[0], &seg[1], dx, dy)
    length = discs_block(discs, nb, seg[0], seg[1], dx[0], dy[0], _to_edge(d, seg[0], seg[1], dx[0], dy[0]))
    seg[2] = seg[0] + length * dx[0]
    seg[3] = seg[1] + length * dy[0]
    return length


cdef void blast_segment(const Garden* d, int o, double* seg) noexcept nogil:
    """Scrabblezooka o's line, where its explosion may be centred (seg: x0, y0, x1, y1 in mm)."""
    cdef Card cards[NOBJ]
    cdef double dx, dy
    build_cards(d, cards)
    _blast_line(d, o, cards, seg, &dx, &dy)


cdef uint64_t _blast_cards(const Garden* d, int o, const Card* cards) noexcept nogil:
    """Enemy cards the line crosses: the explosion may be centred on each."""
    cdef double seg[4]
    cdef double dx, dy
    cdef double length = _blast_line(d, o, cards, seg, &dx, &dy)
    return ray_all(cards, NOBJ, _enemies(d, o) & _reach(d, o), seg[0], seg[1], dx, dy, length)


cdef int legal_blast(const Garden* d, int* out) noexcept nogil:
    cdef Card cards[NOBJ]
    cdef int k
    build_cards(d, cards)
    for k in range(BLAST_POINTS):
        out[k] = A_BLAST + k
    return _targets(_blast_cards(d, d.pending, cards), out, BLAST_POINTS)


cdef void apply_blast(GameState g, Garden* d, int a) noexcept nogil:
    """The explosion card (the Scrabblezooka's orientation) centred on its line: at a point
    (k + 1/2) / 8 of the way, or where the line passes nearest a card's centre."""
    cdef Card cards[NOBJ]
    cdef Card blast
    cdef double seg[4]
    cdef int o = d.pending
    build_cards(d, cards)
    g.observe_all(token(TOK_BLAST, d.seat, a))
    _blast_at(d, a, cards, &blast, seg)
    remember_blast(d, &blast, o)
    remember_line(d, o, seg)
    _catch_all(d, covered_by(cards, NOBJ, _enemies(d, o) & _reach(d, o), &blast), o, HOW_BLAST)


cdef uint64_t blast_hits(const Garden* d, int a, const Card* cards) noexcept nogil:
    """What the pending Scrabblezooka's explosion at blast action `a` would catch."""
    cdef Card blast
    cdef double seg[4]
    _blast_at(d, a, cards, &blast, seg)
    return covered_by(cards, NOBJ, _enemies(d, d.pending) & _reach(d, d.pending), &blast)


cdef void _blast_at(const Garden* d, int a, const Card* cards, Card* blast, double* seg) noexcept nogil:
    """The pending Scrabblezooka's explosion card for blast action `a`, and in seg the line it
    is centred on (x0, y0, x1, y1 in mm)."""
    cdef double ox, oy, dx, dy, t, length
    cdef int o = d.pending, j
    length = _blast_line(d, o, cards, seg, &dx, &dy)
    ox = seg[0]
    oy = seg[1]
    if a < A_TARGET:
        t = (a - A_BLAST + 0.5) * length / BLAST_POINTS
    else:
        j = a - A_TARGET
        t = (cards[j].x - ox) * dx + (cards[j].y - oy) * dy
        t = 0.0 if t < 0.0 else (length if t > length else t)
    card_scaled(blast, &cards[o], d.blast, cards[o].layer)
    blast.x = ox + t * dx
    blast.y = oy + t * dy


cdef void claim_goodies(Garden* d, int seat) noexcept nogil:
    """l.67: two or more cards of one player covering a Goodie claim it (face down too);
    checked after every play, the player who just played first."""
    cdef Card cards[NOBJ]
    cdef int g, k, q, t, c
    build_cards(d, cards)
    for g in range(O_GOODIE, O_GOODIE + 2):
        if d.obj[g].where != W_TABLE:
            continue
        for k in range(d.n):
            q = (seat + k) % d.n
            c = 0
            for t in range(NTYPES):
                if d.obj[insect(q, t)].where == W_TABLE and card_covers(&cards[insect(q, t)], &cards[g]):
                    c += 1
            if c >= 2:
                catch(d, g, q, -1, HOW_GOODIE)
                break
