# Garden Guerrilla's state struct, its numbering and the small helpers every module uses.
# The modules (setup, turn, attack, score) work on `Garden*`; state.pyx dispatches to them.
from libc.math cimport lround
from libc.stdint cimport int8_t, int16_t, int32_t, uint64_t
from partisan.core.cards cimport bit
from partisan.core.geometry cimport Pose, Card, Disc, card_set, disc_set

cdef enum:
    NTYPES = 10                  # insects per colour, one of each (GAPS reconstruction)
    MAXP = 4
    NOBJ = 48                    # objects: toads, ants, goodies, then 4 x 10 insects
    O_TOAD = 0                   # 2 toads
    O_ANT = 2                    # 4 ants
    O_GOODIE = 6                 # 2 goodies
    O_INSECT = 8                 # insect of seat q, type t: O_INSECT + q * NTYPES + t
    MAXE = 4                     # garden elements: mushrooms first, then bushes
    GRID = 8                     # aim points per row and column
    ORIENTS = 16                 # aimed orientations, 22.5 degrees apart
    BLAST_POINTS = 8             # Scrabblezooka's explosion points along its line
    HAT_LAYER = 100000           # a card on a hat lies above every table card
    MAXLINES = 4                 # lines a card shoots: one per crosshair, at most one per edge
    SUBSETS = 252                # C(10, 5): the round-1 hands

# Decision ids (ACTIONS in state.pyx declares the same sizes in the same order).
cdef enum:
    A_CARD = 0                           # + insect type
    A_GRID = A_CARD + NTYPES             # + column * GRID + row
    A_ON = A_GRID + GRID * GRID          # + object: aim at the centre of a card on the table
    A_HAT = A_ON + NOBJ                  # + mushroom
    A_ORIENT = A_HAT + 2                 # + k: angle k * 22.5 degrees
    A_BLAST = A_ORIENT + ORIENTS         # + k: the explosion at (k + 1/2) / 8 of the line
    A_TARGET = A_BLAST + BLAST_POINTS    # + object: Skorpio's / Chemic's target, or the
                                         #   explosion centred on that card's point of the line
    NUM_ACTIONS = A_TARGET + NOBJ

# Chance ids (CHANCE in state.pyx): the round-1 hand, then a landing at whole mm and half
# degrees on a 1000 mm square, face up or down, then "off the table".
cdef enum:
    LAND_MM = 1001                       # x and y, 0 .. 1000 mm
    LAND_ANGLES = 720                    # 0.5 degree steps
    C_DEAL = 0
    C_LAND = C_DEAL + SUBSETS            # + ((x * LAND_MM + y) * LAND_ANGLES + a) * 2 + face_down
    C_OFF = C_LAND + LAND_MM * LAND_MM * LAND_ANGLES * 2
    NUM_CHANCE = C_OFF + 1

cdef enum Phase:
    PH_ELEMENT = 0               # chance: where the next garden element stands
    PH_ENEMY = 1                 # chance: where the next natural enemy lies
    PH_DEAL = 2                  # chance: a seat's round-1 hand
    PH_CARD = 3                  # decision: which card
    PH_AIM = 4
    PH_ORIENT = 5
    PH_LAND = 6                  # chance, sample-only: where the card lands
    PH_BLAST = 7                 # decision: Scrabblezooka's explosion point
    PH_TARGET = 8                # decision: Skorpio's or Chemic's target
    PH_END = 9

cdef enum Where:
    W_OUT = 0                    # not in play (box, deck, hand)
    W_TABLE = 1
    W_BOUNTY = 2

cdef enum Effect:                # components.EFFECTS order
    E_LADYGUN = 0
    E_SNAILPER = 1
    E_SCRABBLEZOOKA = 2
    E_FIREFLY = 3
    E_CHEMIC = 4
    E_SKORPIO = 5
    E_SPIDERCHUTE = 6
    E_GRASSHOPPER = 7
    E_RAMBEE = 8
    E_LASERFLY = 9

cdef enum:                       # score rows (components.SCORE_KEYS order)
    S_FOREIGN = 0
    S_OWN = 1
    S_ANT = 2
    S_TOAD = 3
    S_GOODIE = 4
    S_MUSHROOM = 5

cdef enum How:                   # why an object went to a Bounty (Obj.how), for the narration
    HOW_NONE = 0
    HOW_LINE = 1                 # a line from the attacker's crosshair
    HOW_BLAST = 2                # the attacker's explosion card
    HOW_COVER = 3                # covered by the attacker
    HOW_CHAIN = 4                # joined to Chemic's target by touching enemy cards
    HOW_TOUCH = 5                # touched by the attacker (Grasshopper San)
    HOW_ARRIVAL = 6              # it landed touching an enemy Grasshopper San or Rambee
    HOW_EATEN = 7                # it landed touching a toad
    HOW_OFF = 8                  # it fell off the table
    HOW_GOODIE = 9               # two or more cards of one player cover it

# Observation tokens.
cdef enum:
    TOK_SETUP = 1
    TOK_SETUP_ANGLE = 2
    TOK_DEAL = 3
    TOK_CARD = 4
    TOK_AIM = 5
    TOK_ORIENT = 6
    TOK_LAND = 7
    TOK_LAND_ANGLE = 8
    TOK_BLAST = 9
    TOK_TARGET = 10


ctypedef struct Obj:
    Pose pose                    # 0.1 mm, 0.1 degree (whole mm and half degrees in play)
    int32_t layer                # z-order: arrival order, + HAT_LAYER on a hat
    int8_t where
    int8_t level                 # 0 the table, 1 + m on mushroom m's hat
    int8_t face_down
    int8_t holder                # seat whose Bounty holds it, else -1
    int8_t by                    # the object that caught it, else -1 (for the narration)
    int8_t how                   # why it went to the Bounty (How)


ctypedef struct Seg:
    int32_t x0, y0, x1, y1       # a line's ends, 0.1 mm (as poses)


ctypedef struct Shot:            # the lines a seat's latest card shot (for the views)
    Seg line[MAXLINES]
    int16_t play                 # the play that shot them (play_number)
    int8_t n                     # lines kept: none for a card caught as it landed, face down,
                                 #   off the table or with no line effect
    int8_t by                    # the card that shot them


ctypedef struct Elem:
    int32_t x, y                 # centre, 0.1 mm


ctypedef struct Garden:
    # fixed for the game (options and data)
    int8_t n                     # players
    int8_t first                 # seat that plays first
    int32_t width, height        # table, mm
    double card_w, card_h, blast, r_mushroom, r_bush, r_stem
    int8_t effect[NTYPES]
    int8_t placement[NTYPES]     # noise.pxd Placement
    int8_t cross[NTYPES]         # crosshair edges: bit per geometry.pxd Side
    int8_t hand[MAXP]            # noise hand per seat
    int8_t score[6]
    int8_t n_mush, n_bush, n_toad, n_ant, n_goodie
    int8_t own_block             # Snailper's and Rambee's "first card" may be an own card
    int8_t hat_face_up           # only face-up insects control a mushroom
    int8_t firefly_toads         # Firefly's explosion catches toads
    # the play
    int8_t phase
    int8_t setup_i               # set-up placements made
    int8_t round                 # 0 or 1
    int8_t turn                  # plays made this round
    int8_t seat                  # seat to move, or being dealt
    int16_t hand_cards[MAXP]     # insect types in hand (bit per type)
    int16_t deck_cards[MAXP]     # the round-2 cards
    int8_t card                  # the card being played (type)
    int16_t aim_id               # the aim chosen (action id)
    Pose aim                     # aimed centre and orientation
    int8_t pending               # the object awaiting a follow-up, or -1
    uint64_t choices             # objects a follow-up may name
    int32_t next_layer
    int32_t last_landing         # chance id of the last landing, -1 none
    int8_t last_seat, last_card
    Pose last_aim
    int16_t played[MAXP]         # each seat's last play (play_number), -1 none (for the views)
    Pose blast_at[MAXP]          # each seat's last explosion card (Firefly, Scrabblezooka)
    int16_t blast_play[MAXP]     # the play that placed it, -1 none
    Shot shot[MAXP]              # the lines of each seat's latest card, as they ran
    Elem elem[MAXE]
    Obj obj[NOBJ]


# ---------------------------------------------------------------- objects
cdef inline int insect(int seat, int t) noexcept nogil:
    return O_INSECT + seat * NTYPES + t


cdef inline int obj_seat(int o) noexcept nogil:
    return (o - O_INSECT) // NTYPES if o >= O_INSECT else -1


cdef inline int obj_type(int o) noexcept nogil:
    return (o - O_INSECT) % NTYPES if o >= O_INSECT else -1


cdef inline uint64_t seat_cards(int seat) noexcept nogil:
    return ((bit(NTYPES) - 1) << (O_INSECT + seat * NTYPES)) if seat >= 0 else 0


cdef inline uint64_t toads() noexcept nogil:
    return bit(O_TOAD) | bit(O_TOAD + 1)


cdef inline uint64_t goodies() noexcept nogil:
    return bit(O_GOODIE) | bit(O_GOODIE + 1)


cdef inline uint64_t on_table(const Garden* d) noexcept nogil:
    cdef uint64_t m = 0
    cdef int o
    for o in range(NOBJ):
        if d.obj[o].where == W_TABLE:
            m |= bit(o)
    return m


cdef inline uint64_t at_level(const Garden* d, int level) noexcept nogil:
    cdef uint64_t m = 0
    cdef int o
    for o in range(NOBJ):
        if d.obj[o].where == W_TABLE and d.obj[o].level == level:
            m |= bit(o)
    return m


cdef inline void build_cards(const Garden* d, Card* cards) noexcept nogil:
    """Every object as a card (those off the table too: masks say which count)."""
    cdef int o
    for o in range(NOBJ):
        card_set(&cards[o], d.obj[o].pose, d.card_w, d.card_h, d.obj[o].layer)


cdef inline int build_discs(const Garden* d, Disc* discs, int skip) noexcept nogil:
    """The garden elements as discs (mushroom hats, then bushes), but element `skip`."""
    cdef int e, k = 0
    for e in range(d.n_mush + d.n_bush):
        if e != skip:
            disc_set(&discs[k], d.elem[e].x, d.elem[e].y,
                     d.r_mushroom if e < d.n_mush else d.r_bush)
            k += 1
    return k


cdef inline int play_number(const Garden* d) noexcept nogil:
    """The play under way, counted over both rounds from 0."""
    return d.round * 5 * d.n + d.turn


cdef inline int32_t tenths(double mm) noexcept nogil:
    """mm as the state keeps positions: whole tenths of a mm, to the nearest."""
    return <int32_t>lround(mm * 10.0)


cdef inline void remember_blast(Garden* d, const Card* blast, int o) noexcept nogil:
    """Keep where o's explosion card lay: the views draw it on the first screen each seat
    sees after it (core/games/garden/view.py)."""
    cdef int q = obj_seat(o)
    d.blast_at[q].x = tenths(blast.x)
    d.blast_at[q].y = tenths(blast.y)
    d.blast_at[q].angle = d.obj[o].pose.angle
    d.blast_play[q] = play_number(d)


cdef inline void remember_line(Garden* d, int o, const double* seg) noexcept nogil:
    """Keep a line card o shot (seg: x0, y0, x1, y1 mm) as the rules ran it, with the others
    of its play: the views draw them, as the explosions, on the first screen each seat sees
    after it. A seat's next card clears them as it lands (turn.pyx land_apply)."""
    cdef Shot* s = &d.shot[obj_seat(o)]
    cdef Seg* line = &s.line[s.n]
    line.x0 = tenths(seg[0])
    line.y0 = tenths(seg[1])
    line.x1 = tenths(seg[2])
    line.y1 = tenths(seg[3])
    s.n += 1
    s.play = play_number(d)
    s.by = o


cdef inline void catch(Garden* d, int o, int seat, int by, int how) noexcept nogil:
    """Object o goes to seat's Bounty, caught by object `by` (-1: none) for reason `how`."""
    d.obj[o].where = W_BOUNTY
    d.obj[o].holder = seat
    d.obj[o].by = by
    d.obj[o].how = how


cdef inline bint symmetric(const Garden* d, int t) noexcept nogil:
    """The card's effect looks the same turned half a turn (crosshairs on opposite edges)."""
    cdef int c = d.cross[t]
    return c == (((c << 2) | (c >> 2)) & 15)


# ---------------------------------------------------------------- landing ids
cdef inline int landing_id(int x_mm, int y_mm, int half_degrees, bint face_down) noexcept nogil:
    """The chance id of a pose at whole mm and half degrees (the caller checks the ranges)."""
    return C_LAND + ((x_mm * LAND_MM + y_mm) * LAND_ANGLES + half_degrees) * 2 + face_down


cdef inline bint landing_decode(int outcome, Pose* pose, int* face_down) noexcept nogil:
    """The pose and face of a landing id; False for "off the table" or a non-landing id."""
    cdef int k
    if outcome < C_LAND or outcome >= C_OFF:
        return False
    k = outcome - C_LAND
    face_down[0] = k % 2
    k //= 2
    pose.angle = (k % LAND_ANGLES) * 5
    k //= LAND_ANGLES
    pose.y = (k % LAND_MM) * 10
    pose.x = (k // LAND_MM) * 10
    return True


cdef inline int landing_of(const Garden* d, Pose p, bint face_down) noexcept nogil:
    """A pose in 0.1 units rounded to a landing id: whole mm, half degrees; centre outside
    the table: off."""
    cdef int x = (p.x + 5) // 10 if p.x >= 0 else -((-p.x + 5) // 10)
    cdef int y = (p.y + 5) // 10 if p.y >= 0 else -((-p.y + 5) // 10)
    cdef int a = ((p.angle % 3600 + 3600) % 3600 + 2) // 5 % LAND_ANGLES
    if x < 0 or x > d.width or y < 0 or y > d.height:
        return C_OFF
    return landing_id(x, y, a, face_down)
