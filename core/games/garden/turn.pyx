# cython: language_level=3
"""A turn (l.27-l.36): the player chooses a card, an aim and an orientation; the card lands
(a sample-only chance node); then it is resolved (attack.pyx) and the turn passes clockwise.
Two rounds of five cards (l.27, l.29).

Aims: a point of an 8 x 8 grid over the table, the centre of a card on the table, or a
mushroom hat's centre. Orientations: 16 steps of 22.5 degrees; 8 for a card whose effect looks
the same turned half a turn; none for a spinning throw (its angle is uniform). The landing is
drawn by core/noise.pxd for the card's placement type and the seat's hand, thrown from the
middle of the seat's edge of the table towards the aim, and rounded to whole mm and half
degrees (data.pxd, C_LAND). A sliding card stays on a hat it touches down on and stops at a
mushroom's stem or a bush.
"""
from libc.math cimport sqrt
from partisan.core.geometry cimport Pose, Disc, disc_set
from partisan.core.noise cimport (NoiseData, Landing, Seat, Surface, noise_land, PLACE_SECURE,
                                  PLACE_THROW)
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState, token
from partisan.core.games.garden.data cimport *
from partisan.core.games.garden cimport attack

cdef enum Edge:                  # the table's edges; y runs upwards
    BOTTOM = 0
    RIGHT = 1
    TOP = 2
    LEFT = 3

# The edge each seat plays from, by player count.
cdef int EDGES[3][MAXP]
EDGES[0][:] = [BOTTOM, TOP, BOTTOM, BOTTOM]     # 2 players: the long edges
EDGES[1][:] = [BOTTOM, TOP, LEFT, BOTTOM]       # 3 players: both long edges and the left
EDGES[2][:] = [BOTTOM, RIGHT, TOP, LEFT]        # 4 players: all four edges


cdef void seat_at(const Garden* d, int seat, Seat* out) noexcept nogil:
    """Where the player stands [I]: the middle of his edge, facing in."""
    cdef int e = EDGES[d.n - 2][seat]
    out.x = 0.0 if e == LEFT else (d.width if e == RIGHT else 0.5 * d.width)
    out.y = 0.0 if e == BOTTOM else (d.height if e == TOP else 0.5 * d.height)
    out.nx = 1.0 if e == LEFT else (-1.0 if e == RIGHT else 0.0)
    out.ny = 1.0 if e == BOTTOM else (-1.0 if e == TOP else 0.0)


cdef int legal_card(const Garden* d, int* out) noexcept nogil:
    cdef int t, n = 0
    for t in range(NTYPES):
        if d.hand_cards[d.seat] >> t & 1:
            out[n] = A_CARD + t
            n += 1
    return n


cdef int legal_aim(const Garden* d, int* out) noexcept nogil:
    cdef int i, n = 0
    for i in range(GRID * GRID):
        out[n] = A_GRID + i
        n += 1
    for i in range(NOBJ):
        if d.obj[i].where == W_TABLE:
            out[n] = A_ON + i
            n += 1
    for i in range(d.n_mush):
        out[n] = A_HAT + i
        n += 1
    return n


cdef int legal_orient(const Garden* d, int* out) noexcept nogil:
    cdef int k, steps = ORIENTS
    if d.placement[d.card] == PLACE_THROW:
        steps = 1
    elif symmetric(d, d.card):
        steps = ORIENTS // 2
    for k in range(steps):
        out[k] = A_ORIENT + k
    return steps


cdef void apply_card(GameState g, Garden* d, int a) noexcept nogil:
    d.card = a - A_CARD
    d.hand_cards[d.seat] &= ~(1 << d.card)      # the card is in play: everyone saw it
    g.observe_all(token(TOK_CARD, d.seat, d.card))
    d.phase = PH_AIM


cdef void aim_point(const Garden* d, int a, Pose* p) noexcept nogil:
    """The point aim `a` names (0.1 mm): a grid point, a card's centre or a hat's centre."""
    cdef int i
    if a < A_ON:
        i = a - A_GRID
        p.x = 10 * (((2 * (i // GRID) + 1) * d.width + GRID) // (2 * GRID))
        p.y = 10 * (((2 * (i % GRID) + 1) * d.height + GRID) // (2 * GRID))
    elif a < A_HAT:
        p.x = d.obj[a - A_ON].pose.x
        p.y = d.obj[a - A_ON].pose.y
    else:
        p.x = d.elem[a - A_HAT].x
        p.y = d.elem[a - A_HAT].y


cdef void apply_aim(GameState g, Garden* d, int a) noexcept nogil:
    d.aim_id = a
    aim_point(d, a, &d.aim)
    g.observe_all(token(TOK_AIM, d.seat, a))
    d.phase = PH_ORIENT


cdef void apply_orient(GameState g, Garden* d, int a) noexcept nogil:
    d.aim.angle = (a - A_ORIENT) * 225
    g.observe_all(token(TOK_ORIENT, d.seat, a))
    d.phase = PH_LAND


cdef void _surface(const Garden* d, Surface* table, Disc* hats, Disc* stops) noexcept nogil:
    """The table as a landing meets it: cards rest on the hats and stop at the mushrooms'
    stems and the bushes (hats and stops: MAXE discs each, filled here)."""
    cdef int e
    for e in range(d.n_mush + d.n_bush):
        disc_set(&stops[e], d.elem[e].x, d.elem[e].y, d.r_stem if e < d.n_mush else d.r_bush)
    for e in range(d.n_mush):
        disc_set(&hats[e], d.elem[e].x, d.elem[e].y, d.r_mushroom)
    table.width = d.width * 10
    table.height = d.height * 10
    table.card_w = d.card_w
    table.card_h = d.card_h
    table.stops = stops
    table.n_stops = d.n_mush + d.n_bush
    table.rests = hats
    table.n_rests = d.n_mush


cdef int land_sample(const Garden* d, const NoiseData* nd, Rng* rng) noexcept nogil:
    cdef Landing l
    cdef Seat seat
    cdef Surface table
    cdef Disc hats[MAXE]
    cdef Disc stops[MAXE]
    _surface(d, &table, hats, stops)
    seat_at(d, d.seat, &seat)
    if not noise_land(nd, d.placement[d.card], d.hand[d.seat], d.aim, &seat, &table, rng, &l):
        return landing_of(d, d.aim, False)      # unreachable: placement and hand are checked
    return landing_of(d, l.pose, l.face_down)


cdef bint land_possible(const Garden* d, int outcome) noexcept nogil:
    """Secure placement is exact: the aim, face up. A drop or a throw may land anywhere (its
    noise is unbounded), face up or down, or off the table."""
    if d.placement[d.card] == PLACE_SECURE:
        return outcome == landing_of(d, d.aim, False)
    return C_LAND <= outcome <= C_OFF


cdef void _push_out_of_bushes(const Garden* d, Pose* p) noexcept nogil:
    """A card cannot rest inside a bush: its centre is pushed out radially to the bush's edge
    (whole mm), the way the bush deflects it [I]."""
    cdef Disc b
    cdef double dx, dy, r
    cdef int e
    for e in range(d.n_mush, d.n_mush + d.n_bush):
        disc_set(&b, d.elem[e].x, d.elem[e].y, d.r_bush)
        dx = p.x * 0.1 - b.x
        dy = p.y * 0.1 - b.y
        r = sqrt(dx * dx + dy * dy)
        if r < b.r:
            if r < 1e-9:
                dx, dy, r = 1.0, 0.0, 1.0
            p.x = 10 * <int>(b.x + dx * (b.r + 1.0) / r + 0.5)
            p.y = 10 * <int>(b.y + dy * (b.r + 1.0) / r + 0.5)


cdef bint place(Garden* d, int o, Pose p, int face) noexcept nogil:
    """Card o comes to rest at p (pushed out of a bush; on a hat when its centre is over one);
    False, and nothing changed, when its centre is then off the table."""
    cdef int m
    cdef Disc hat
    _push_out_of_bushes(d, &p)
    if p.x < 0 or p.x > d.width * 10 or p.y < 0 or p.y > d.height * 10:
        return False
    d.obj[o].pose = p
    d.obj[o].where = W_TABLE
    d.obj[o].face_down = face
    d.obj[o].level = 0
    d.obj[o].layer = d.next_layer
    d.next_layer += 1
    for m in range(d.n_mush):               # its centre over a hat: it rests on the mushroom
        disc_set(&hat, d.elem[m].x, d.elem[m].y, d.r_mushroom)
        if (p.x * 0.1 - hat.x) ** 2 + (p.y * 0.1 - hat.y) ** 2 <= hat.r * hat.r:
            d.obj[o].level = 1 + m
            d.obj[o].layer += HAT_LAYER
            break
    return True


cdef void land_apply(GameState g, Garden* d, int outcome) noexcept nogil:
    cdef int o = insect(d.seat, d.card), face = 0
    cdef Pose p
    g.observe_all(token(TOK_LAND, d.seat, (outcome - C_LAND) // (2 * LAND_ANGLES)
                        if outcome < C_OFF else -1))
    g.observe_all(token(TOK_LAND_ANGLE, d.seat, (outcome - C_LAND) % (2 * LAND_ANGLES)
                        if outcome < C_OFF else -1))
    d.last_landing = outcome
    d.last_seat = d.seat
    d.last_card = d.card
    d.last_aim = d.aim
    d.played[d.seat] = play_number(d)
    d.shot[d.seat].n = 0                    # the seat's lines are its latest card's, if any
    d.pending = -1
    if not landing_decode(outcome, &p, &face) or not place(d, o, p, face):
        catch(d, o, d.seat, -1, HOW_OFF)    # l.36 off the table: into its owner's Bounty
        finish_play(d)
        return
    if attack.resolve(d, o):
        return                              # a follow-up decision comes first
    finish_play(d)


cdef void finish_play(Garden* d) noexcept nogil:
    """After a play: the Goodies are checked, then the next seat plays, or round 2 starts
    (l.29), or the game ends."""
    cdef int q
    attack.claim_goodies(d, d.last_seat)
    d.pending = -1
    d.turn += 1
    if d.turn < 5 * d.n:
        d.seat = (d.first + d.turn) % d.n
        d.phase = PH_CARD
        return
    if d.round == 0:
        d.round = 1
        d.turn = 0
        d.seat = d.first
        for q in range(d.n):
            d.hand_cards[q] = d.deck_cards[q]
            d.deck_cards[q] = 0
        d.phase = PH_CARD
        return
    d.phase = PH_END
