# Decision steps: how a game splits one rule's choice into small actions.
#  - Canonical choices: a subset or multiset is chosen one item at a time in
#    non-decreasing item order and ended by "done", so every subset has exactly one
#    action sequence; choice_redraw is the resample rule for a partial hidden choice.
#  - Secrets: a seat's choice made now and revealed later, hidden from the others'
#    keys and redrawn by resample among the legal options.
from libc.stdint cimport int8_t, int16_t, uint8_t
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState, MAX_PLAYERS, token

cdef enum:
    FRAME_PARAMS = 4
    NO_ITEM = -1
    NO_SECRET = -1
    CHOICE_FULL = 0x8000        # choice_floor of a full choice: above every int16 item

ctypedef struct Frame:
    int16_t kind                # the game's own sub-decision code
    int8_t owner                # seat that answers it
    int8_t multi                # a multiset: an item may be chosen again
    int16_t count               # items chosen so far
    int16_t last                # last item chosen (NO_ITEM before the first)
    int16_t lo                  # "done" is legal from lo items on
    int16_t hi                  # at most hi items
    int16_t param[FRAME_PARAMS]

# ---------------------------------------------------------------- a frame
cdef inline void frame_reset(Frame* f, int kind, int owner) noexcept nogil:
    cdef int j
    f.kind = <int16_t>kind
    f.owner = <int8_t>owner
    f.multi = 0
    f.count = 0
    f.last = NO_ITEM
    f.lo = 0
    f.hi = 0
    for j in range(FRAME_PARAMS):
        f.param[j] = 0


# ---------------------------------------------------------------- canonical choices
cdef inline void choice_begin(Frame* f, int lo, int hi, bint multi) noexcept nogil:
    """Choose between lo and hi items (a multiset if `multi`), one action per item."""
    f.lo = <int16_t>lo
    f.hi = <int16_t>hi
    f.multi = multi
    f.count = 0
    f.last = NO_ITEM


cdef inline bint choice_allows(const Frame* f, int item) noexcept nogil:
    """Items come in non-decreasing order (strictly increasing for a subset)."""
    return f.count < f.hi and item >= 0 and (item > f.last or (f.multi and item == f.last))


cdef inline int choice_floor(const Frame* f) noexcept nogil:
    """The smallest item choice_allows accepts now; it accepts every larger item too, so a
    hot legal-move loop over ascending items tests one bound. CHOICE_FULL once full."""
    if f.count >= f.hi:
        return CHOICE_FULL
    if f.multi:
        return f.last if f.last > 0 else 0
    return f.last + 1


cdef inline bint choice_take(Frame* f, int item) noexcept nogil:
    if not choice_allows(f, item):
        return False
    f.last = <int16_t>item
    f.count += 1
    return True


cdef inline bint choice_redraw(Frame* f, const int* options, int n, int count, Rng* rng,
                               int* out) noexcept nogil:
    """Resample rule for a choice under way that the resampling seat cannot see: redraw
    its `count` items as a uniformly random subset (multiset) of the ascending `options`
    the owner had, write them ascending to `out` and move the frame's bound to them, so
    the world continues as the one sequence of its new items. Uniform over subsets by
    selection sampling (a multiset is a subset of n + count - 1 positions, stars and bars).
    False (frame unchanged) if no such choice exists."""
    cdef int i, m, picked = 0
    cdef int span = n + count - 1 if f.multi else n
    if count < 0 or count > f.hi or n < 0 or (count > 0 and (n == 0 or count > span)):
        return False
    for i in range(span):
        if picked == count:
            break
        m = span - i
        if <int>rng_below(rng, <unsigned int>m) < count - picked:
            out[picked] = options[i - picked] if f.multi else options[i]
            picked += 1
    f.count = <int16_t>count
    f.last = <int16_t>(out[count - 1] if count > 0 else NO_ITEM)
    return True


cdef inline void choice_rebound(Frame* f, const int* items, int count) noexcept nogil:
    """Set the frame to `count` items already chosen (ascending), e.g. after a resample
    redealt what those items were."""
    f.count = <int16_t>count
    f.last = <int16_t>(items[count - 1] if count > 0 else NO_ITEM)


# ---------------------------------------------------------------- secret choices
ctypedef struct Secrets:
    int16_t value[MAX_PLAYERS]  # chosen and not yet revealed; NO_SECRET when none (values >= 0)
    uint8_t known[MAX_PLAYERS]  # seats that know it: the owner, and e.g. a spy


cdef inline void secrets_clear(Secrets* s) noexcept nogil:
    cdef int q
    for q in range(MAX_PLAYERS):
        s.value[q] = NO_SECRET
        s.known[q] = 0


cdef inline bint secret_pending(const Secrets* s, int seat) noexcept nogil:
    return s.value[seat] != NO_SECRET


cdef inline bint secret_hidden_from(const Secrets* s, int seat, int viewer) noexcept nogil:
    """Whether `viewer` must not know seat's pending choice (resample redraws it)."""
    return s.value[seat] != NO_SECRET and not (s.known[seat] >> viewer) & 1


cdef inline void secret_show(Secrets* s, int seat, int viewer) noexcept nogil:
    """`viewer` learns seat's pending choice (a spy); the game adds the observation."""
    s.known[seat] |= <uint8_t>(1 << viewer)


cdef inline void secret_redraw(Secrets* s, int seat, const int* options, int n, Rng* rng) noexcept nogil:
    """Resample: seat's pending choice becomes a uniformly chosen legal option."""
    if n > 0:
        s.value[seat] = <int16_t>options[rng_below(rng, <unsigned int>n)]


cdef inline void secret_commit(GameState g, Secrets* s, int seat, int value, int kind) noexcept nogil:
    """seat chooses `value` in secret: its key sees the value, the others' keys only that
    a choice was made."""
    s.value[seat] = <int16_t>value
    s.known[seat] = <uint8_t>(1 << seat)
    g.observe_split(seat, token(kind, seat, value), token(kind, seat, -1))


cdef inline int secret_reveal(GameState g, Secrets* s, int seat, int kind) noexcept nogil:
    """Turn seat's choice over for everyone; returns it (NO_SECRET if none was pending)."""
    cdef int v = s.value[seat]
    if v == NO_SECRET:
        return NO_SECRET
    s.value[seat] = NO_SECRET
    s.known[seat] = 0
    g.observe_all(token(kind, seat, v))
    return v


# ---------------------------------------------------------------- a bot's moves
cdef inline int without(int* actions, int n, int a) noexcept nogil:
    """The moves less `a`, compacted in place (kept when it is the only one): a game's
    c_bot_actions leaving out a move no player would make there."""
    cdef int i, m = 0
    if n == 1:
        return n
    for i in range(n):
        if actions[i] != a:
            actions[m] = actions[i]
            m += 1
    return m
