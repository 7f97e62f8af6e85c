# cython: language_level=3
"""Garden's move prior for the search (the state contract's c_action_priors): where a player
at the table would aim, and which way he would turn the card.

Aim: a spot is worth more the likelier the card, landing around it, catches an enemy target
(l.49-l.59, the card kind's reach), guards a card (a hat, l.61-l.62; a Grasshopper San or a
Rambee next to an own card, l.53, l.56) or claims a Goodie (l.67); it is worth less the likelier
the card touches a toad or an enemy Grasshopper San or Rambee there (they act first, l.38, l.71)
or falls off the table (l.36). "Around it": the hand's scatter at that distance (noise.toml),
a Gaussian blur of the card kind's reach. Everything is a sum over the table's objects per aim,
without the card geometry, since it runs at every aim node of the tree.
Orientation, explosion point, target: the card's attack as it would resolve landing exactly
as aimed (attack.pyx on a copy of the table).
"""
from libc.math cimport sqrt, exp, erfc, M_PI
from libc.stdint cimport uint64_t
from partisan.core.cards cimport bit, lowest
from partisan.core.geometry cimport Card, Pose
from partisan.core.noise cimport NoiseData, PlacementNoise, Seat, PLACE_SECURE, PLACE_THROW
from partisan.core.games.garden.data cimport *
from partisan.core.games.garden cimport attack, turn

cdef extern from *:
    """
    #define GARDEN_PRIOR_GAIN 3.0
    #define GARDEN_PRIOR_GAIN_CAP 3.0
    #define GARDEN_PRIOR_MISS 0.2
    """
    # an aim or orientation that catches a point's worth weighs 1 + GAIN times a neutral one
    const double GAIN "GARDEN_PRIOR_GAIN"
    const double GAIN_CAP "GARDEN_PRIOR_GAIN_CAP"   # what an aim's catches may add up to
    const double MISS "GARDEN_PRIOR_MISS"           # weight of a move that loses its own card

ctypedef struct Spot:
    double x, y                  # mm
    double value                 # points (negative: a danger's share of the card lost)
    int level


cdef double _value(const Garden* d, int o) noexcept nogil:
    """The points catching object o scores (l.42-l.46)."""
    if o < O_ANT:
        return d.score[S_TOAD]
    if o < O_GOODIE:
        return d.score[S_ANT]
    if o < O_INSECT:
        return d.score[S_GOODIE]
    return d.score[S_FOREIGN]


cdef void priors(const Garden* d, const NoiseData* nd, const int* actions, int n,
                 double* out) noexcept nogil:
    """A weight for each of the n legal actions of the seat to move, summing to 1."""
    cdef int i
    cdef double total = 0.0
    if d.phase == PH_AIM:
        _aims(d, nd, actions, n, out)
    elif d.phase == PH_ORIENT or d.phase == PH_BLAST or d.phase == PH_TARGET:
        _resolved(d, actions, n, out)
    else:
        for i in range(n):
            out[i] = 1.0
    for i in range(n):
        total += out[i]
    for i in range(n):
        out[i] /= total


# ------------------------------------------------------------------ the aim
cdef bint _ranged(int e) noexcept nogil:
    return (e == E_LADYGUN or e == E_SNAILPER or e == E_RAMBEE or e == E_LASERFLY
            or e == E_SCRABBLEZOOKA)


cdef double _reach(const Garden* d, int e) noexcept nogil:
    """How far from a target's centre the card's centre may land and still catch it or touch
    it, mm (a card's mean half size each; Firefly's explosion card is `blast` times a card)."""
    cdef double half = 0.25 * (d.card_w + d.card_h)
    if e == E_FIREFLY:
        return half * (d.blast + 1.0)
    return 2.0 * half


cdef inline double _blur(double dist2, double reach, double var) noexcept nogil:
    """The chance-like weight that a card aimed sqrt(dist2) mm from a spot lands within `reach`
    of it, with scatter variance var (mm^2): 1 on the spot with no scatter, 0 beyond 3.5 sigma
    (under 0.3%: not worth an exp)."""
    cdef double s2 = 0.5 * reach * reach + var
    return exp(-dist2 / (2.0 * s2)) if dist2 < 12.0 * s2 else 0.0


cdef bint _seen(const Garden* d, double x0, double y0, double x1, double y1, int skip) noexcept nogil:
    """Whether no garden element (but `skip`, the mushroom the card rests on) stands between
    the two points: a line passes (l.62-l.63)."""
    cdef int e
    cdef double dx = x1 - x0, dy = y1 - y0, ex, ey, t, len2 = dx * dx + dy * dy, r
    for e in range(d.n_mush + d.n_bush):
        if e == skip:
            continue
        ex = d.elem[e].x * 0.1 - x0
        ey = d.elem[e].y * 0.1 - y0
        t = (ex * dx + ey * dy) / len2 if len2 > 0.0 else 0.0
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        ex -= t * dx
        ey -= t * dy
        r = d.r_mushroom if e < d.n_mush else d.r_bush
        if ex * ex + ey * ey < r * r:
            return False
    return True


cdef double _off(const Garden* d, const PlacementNoise* p, double k, double x, double y,
                 double hx, double hy, double along, double lateral) noexcept nogil:
    """The chance that a card aimed at (x, y), flying along (hx, hy), falls off the table: the
    four edges' normal tails (the slide's mean added along the flight), summed."""
    cdef double margin[4]
    cdef double nx[4]
    cdef double ny[4]
    cdef double off = 0.0, a, l, s, shift, sigma
    cdef int i
    margin[0], margin[1], margin[2], margin[3] = x, d.width - x, y, d.height - y
    nx[0], nx[1], nx[2], nx[3] = -1.0, 1.0, 0.0, 0.0
    ny[0], ny[1], ny[2], ny[3] = 0.0, 0.0, -1.0, 1.0
    for i in range(4):
        a = hx * nx[i] + hy * ny[i]             # the flight's share towards that edge
        l = -hy * nx[i] + hx * ny[i]
        s = p.slide * k * a if a > 0.0 else 0.0
        shift = s
        sigma = sqrt((along * a) ** 2 + (lateral * l) ** 2 + s * s)
        if sigma <= 0.0 or margin[i] - shift > 5.0 * sigma:
            continue
        off += 0.5 * erfc((margin[i] - shift) / (sigma * sqrt(2.0)))
    return off if off < 1.0 else 1.0


cdef void _aims(const Garden* d, const NoiseData* nd, const int* actions, int n,
                double* out) noexcept nogil:
    cdef Spot targets[NOBJ]
    cdef Spot dangers[NOBJ]
    cdef Spot guarded[NOBJ]
    cdef int n_t = 0, n_d = 0, n_g = 0, i, j, o, m, level, e = d.effect[d.card]
    cdef int place = d.placement[d.card], seat = d.seat, lines
    cdef const PlacementNoise* p = &nd.placement[place]
    cdef double k = nd.hand[d.hand[seat]], reach = _reach(d, e), touch = _reach(d, E_SKORPIO)
    cdef double x, y, hx, hy, dist, along, lateral, var, gain, safe, dx, dy, r, c, hat
    cdef double r_t = 0.25 * (d.card_w + d.card_h), cone
    cdef bint guard = e == E_GRASSHOPPER or e == E_RAMBEE
    cdef Seat at
    cdef Pose aim
    for o in range(NOBJ):
        if d.obj[o].where != W_TABLE or O_GOODIE <= o < O_INSECT:
            continue
        x = d.obj[o].pose.x * 0.1
        y = d.obj[o].pose.y * 0.1
        if obj_seat(o) == seat:
            guarded[n_g] = Spot(x, y, 1.0, d.obj[o].level)
            n_g += 1
            continue
        if o < O_ANT or (not d.obj[o].face_down and obj_seat(o) >= 0 and (
                d.effect[obj_type(o)] == E_GRASSHOPPER or d.effect[obj_type(o)] == E_RAMBEE)):
            dangers[n_d] = Spot(x, y, 1.0, d.obj[o].level)
            n_d += 1
        if o >= O_ANT or _ranged(e):        # toads: only by ranged attacks (l.66)
            targets[n_t] = Spot(x, y, _value(d, o), d.obj[o].level)
            n_t += 1
    lines = 0
    for j in range(4):
        lines += d.cross[d.card] >> j & 1
    turn.seat_at(d, seat, &at)
    for i in range(n):
        turn.aim_point(d, actions[i], &aim)
        x = aim.x * 0.1
        y = aim.y * 0.1
        level = 0
        for m in range(d.n_mush):
            dx = x - d.elem[m].x * 0.1
            dy = y - d.elem[m].y * 0.1
            if dx * dx + dy * dy <= d.r_mushroom * d.r_mushroom:
                level = 1 + m
        hx = x - (at.x - nd.release * at.nx)
        hy = y - (at.y - nd.release * at.ny)
        dist = sqrt(hx * hx + hy * hy)
        hx /= dist
        hy /= dist
        along = (p.along + p.along_per_m * dist * 0.001) * k
        lateral = (p.lateral + p.lateral_per_m * dist * 0.001) * k
        var = along * lateral
        gain = 0.0
        for j in range(n_t):
            # a hat card reaches the table below; a table card never reaches a hat (l.62)
            if targets[j].level != level and (level == 0 or e == E_GRASSHOPPER):
                continue
            dx = targets[j].x - x
            dy = targets[j].y - y
            r = dx * dx + dy * dy
            if e == E_FIREFLY or e == E_SKORPIO or e == E_CHEMIC or e == E_SPIDERCHUTE \
                    or e == E_GRASSHOPPER:
                c = _blur(r, reach, var)
            elif not _seen(d, x, y, targets[j].x, targets[j].y, level - 1):
                continue
            else:
                # a line (or Scrabblezooka's explosion) catches a target filling the angle
                # between two orientations (22.5 degrees), or by the spin's chance
                cone = 2.0 * r_t / sqrt(r + 1.0)
                if e == E_SCRABBLEZOOKA:
                    cone *= d.blast + 1.0
                if place == PLACE_THROW:
                    c = lines * cone / (2.0 * M_PI)
                else:
                    c = cone * ORIENTS / (2.0 * M_PI)
                c = c if c < 1.0 else 1.0
            gain += targets[j].value * c
            if gain >= GAIN_CAP:
                break
        if level:                           # a hat guards the card and may win the mushroom
            c = 1.0 if place == PLACE_SECURE else 1.0 - exp(-d.r_mushroom ** 2 / (2.0 * var))
            hat = d.score[S_MUSHROOM]
            for j in range(O_GOODIE, O_GOODIE + 2):
                if d.obj[j].where == W_TABLE and d.obj[j].level == level:
                    hat += d.score[S_GOODIE] * 0.5
            gain += hat * c
        if guard:
            for j in range(n_g):
                if guarded[j].level == level:
                    dx = guarded[j].x - x
                    dy = guarded[j].y - y
                    gain += 0.5 * _blur(dx * dx + dy * dy, touch, var)
        safe = 1.0
        for j in range(n_d):
            if dangers[j].level == level:
                dx = dangers[j].x - x
                dy = dangers[j].y - y
                safe *= 1.0 - 0.95 * _blur(dx * dx + dy * dy, touch, var)
        c = 1.0 - _off(d, p, k, x, y, hx, hy, along, lateral) if place != PLACE_SECURE else 1.0
        out[i] = (1.0 + GAIN * (gain if gain < GAIN_CAP else GAIN_CAP)) * safe * c * c


# ------------------------------------------------------------------ the follow-ups
cdef double _caught(const Garden* before, const Garden* after, int o) noexcept nogil:
    """What the play of card o won between the two tables: the points of what it caught, less
    two when the card itself was lost (its owner's point and the catcher's)."""
    cdef double v = 0.0
    cdef int i
    for i in range(NOBJ):
        if before.obj[i].where == W_TABLE and after.obj[i].where == W_BOUNTY and i != o:
            v += _value(before, i)
    if after.obj[o].where == W_BOUNTY:
        v -= 2.0
    return v


cdef double _follow_up(const Garden* d, int a) noexcept nogil:
    """What explosion point or target `a` of the pending card catches, in points."""
    cdef Card cards[NOBJ]
    cdef uint64_t hits
    cdef double v = 0.0
    cdef int i
    build_cards(d, cards)
    if d.phase == PH_BLAST:
        hits = attack.blast_hits(d, a, cards)
    else:
        hits = bit(a - A_TARGET) | attack.target_chain(d, d.pending, a - A_TARGET, cards)
    while hits:
        i = lowest(hits)
        hits &= hits - 1
        v += _value(d, i)
    return v


cdef double _best_follow_up(const Garden* d) noexcept nogil:
    cdef int buf[NUM_ACTIONS]
    cdef int i, n
    cdef double v, best = 0.0
    n = attack.legal_blast(d, buf) if d.phase == PH_BLAST else attack.legal_target(d, buf)
    for i in range(n):
        v = _follow_up(d, buf[i])
        best = v if v > best else best
    return best


cdef double _oriented(const Garden* d, int a) noexcept nogil:
    """What the card catches landing exactly on its aim, face up, turned as `a` says."""
    cdef Garden t = d[0]
    cdef Pose p = d.aim
    cdef int o = insect(d.seat, d.card)
    p.angle = (a - A_ORIENT) * 225
    if not turn.place(&t, o, p, 0):
        return -2.0
    if attack.resolve(&t, o):
        return _caught(d, &t, o) + _best_follow_up(&t)
    return _caught(d, &t, o)


cdef void _resolved(const Garden* d, const int* actions, int n, double* out) noexcept nogil:
    cdef int i
    cdef double v
    for i in range(n):
        v = _oriented(d, actions[i]) if d.phase == PH_ORIENT else _follow_up(d, actions[i])
        out[i] = MISS if v < 0.0 else 1.0 + GAIN * v
