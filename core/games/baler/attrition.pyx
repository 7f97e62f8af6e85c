# cython: language_level=3
"""The Attrition phase (l.375-l.494): the Spanish supply roll, beriberi and desertion; the
Filipino supply roll and morale. Spanish losses follow the row/column/scan procedure: (A) one
odd/even die per loss, (B) bag draws first into the infirmary, (C) a detachment unit for each
even die (row die, column die, scanning left and wrapping from 1 to 6; the leaders' row rule),
(D) the units picked in C last (l.405-l.446, digest correction 5)."""
from libc.stdint cimport int8_t, int16_t
from partisan.core.games.baler.table cimport (
    Baler, EMPTY, N_BEDS, PHILIPPINES, SPAIN, T_LEADER, VP_DESERTION, move_unit, occupant, score,
    unit_home, unit_side, unit_type)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler cimport infirmary
from partisan.core.games.baler.spaces cimport bag_count
from partisan.core.games.baler.territory cimport territorial_modifier

cdef enum:
    L_PARITY = 0
    L_B = 1
    L_C = 2
    L_D = 3
    ROWS = 3
    COLUMNS = 6
    MAX_SHARED = 2          # units one detachment space can give: the two priests (l.116)


cdef int sick(int supply) noexcept nogil:
    """Beriberi by the new supply level: 3 → 1, 2 → 2, 1 or 0 → 3 (l.388-l.392)."""
    return 0 if supply >= 4 else (1 if supply == 3 else (2 if supply == 2 else 3))


cdef int deserters(int morale) noexcept nogil:
    """Morale 2 or 1 → one deserter, 0 → two (l.396-l.397)."""
    return 0 if morale >= 3 else (1 if morale >= 1 else 2)


cdef void spanish_supply(Baler* t, int face) noexcept nogil:
    """1-4: supply −2; 5-6: −1 (l.383-l.384)."""
    t.supply[SPAIN] = <int8_t>clamp6(t.supply[SPAIN] - (2 if face <= 4 else 1))


cdef void filipino_supply(Baler* t, int face) noexcept nogil:
    """The modified roll: ≤2 → supply −2, 3-5 → −1, ≥6 → 0; then morale by the new supply:
    3-2 → −1, 1 → −2, 0 → −3 (l.450-l.462)."""
    cdef int r = face + territorial_modifier(t)
    cdef int s
    t.supply[PHILIPPINES] = <int8_t>clamp6(t.supply[PHILIPPINES] - filipino_attrition(r))
    s = t.supply[PHILIPPINES]
    t.morale[PHILIPPINES] = <int8_t>clamp6(t.morale[PHILIPPINES] - (0 if s >= 4 else (1 if s >= 2 else (2 if s == 1 else 3))))


# ---------------------------------------------------------------- losses
cdef void loss_begin(Baler* t, int n, bint desert, int cont) noexcept nogil:
    """Resolve n beriberi losses (or deserters) by the procedure above, then continue at
    `cont`."""
    call(t, N_LOSS, cont)
    t.actor = SPAIN
    t.loss_left = <int8_t>n
    t.loss_odd = 0
    t.loss_even = 0
    t.npicked = 0
    t.picked_novp = 0
    t.loss_desert = desert
    t.loss_stage = L_PARITY


cdef void _lose(Baler* t, int c, bint vp) noexcept nogil:
    """A sick unit to the infirmary; a deserter to the Filipinos, 1 VP unless the column die
    was a 6 (l.444-l.446)."""
    if t.loss_desert:
        move_unit(t, c, t.sd.eliminated[SPAIN])
        if vp:
            score(t, PHILIPPINES, 1, VP_DESERTION)
    else:
        infirmary.admit(t, c)


cdef void loss_step(Baler* t) noexcept nogil:
    cdef int i
    t.actor = SPAIN
    while True:
        if t.loss_stage == L_PARITY:
            if t.loss_left > 0:
                t.node = N_C_DIE
                t.die_for = D4_LOSS_PARITY
                return
            t.loss_stage = L_B
        elif t.loss_stage == L_B or t.loss_stage == L_C:
            if t.loss_stage == L_B and t.loss_odd > 0:
                t.loss_odd -= 1
                if bag_count(t, SPAIN) > 0:     # an empty bag: no loss (RULES.md reading 18)
                    t.node = N_C_BAG
                    t.die_for = BAG_LOSS
                    return
            elif t.loss_stage == L_C and t.loss_even > 0:
                t.loss_even -= 1
                t.node = N_C_DIE
                t.die_for = D4_LOSS_ROW
                return
            else:
                t.loss_stage += 1
        else:
            for i in range(t.npicked):
                _lose(t, t.picked[i], not (t.picked_novp >> i) & 1)
            t.npicked = 0
            finish(t)
            return


cdef void apply_loss_bag(Baler* t, int c) noexcept nogil:
    """A unit drawn from the bag is lost at once (step B; in step C too, so that it cannot be
    drawn twice)."""
    _lose(t, c, True)
    t.node = N_LOSS


cdef bint _picked(const Baler* t, int c) noexcept nogil:
    cdef int i
    for i in range(t.npicked):
        if t.picked[i] == c:
            return True
    return False


cdef int candidates(const Baler* t, int row, int col, int* out) noexcept nogil:
    """The units a detachment space gives (0, 1, or the two priests of space 6), written to
    out[]. In the leaders' row a space gives its leaders wherever they are on the map or in
    a command post; one eliminated or in the infirmary gives nobody (l.425)."""
    cdef int s = t.sd.rows[row][col]
    cdef int c, at, n = 0
    if row > 0:
        c = occupant(t, s)
        if c == EMPTY or _picked(t, c):
            return 0
        out[0] = c
        return 1
    for c in range(t.sd.n_units):
        if unit_side(t, c) != SPAIN or unit_type(t, c) != T_LEADER or unit_home(t, c) != s:
            continue
        at = t.at[c]
        if at == t.sd.eliminated[SPAIN] or _picked(t, c) or _in_bed(t, at):
            continue
        if n < MAX_SHARED:
            out[n] = c
            n += 1
    return n


cdef bint _in_bed(const Baler* t, int space) noexcept nogil:
    cdef int b
    for b in range(N_BEDS):
        if t.sd.bed[b] == space:
            return True
    return False


cdef int row_units(const Baler* t, int row, int* last) noexcept nogil:
    cdef int here[MAX_SHARED]
    cdef int k, m, n = 0
    for k in range(COLUMNS):
        m = candidates(t, row, k, here)
        if m > 0:
            n += m
            last[0] = here[0]
    return n


cdef void _pick(Baler* t, int c, bint vp) noexcept nogil:
    if t.npicked < 4:
        t.picked[t.npicked] = <int16_t>c
        if not vp:
            t.picked_novp |= 1 << t.npicked
        t.npicked += 1


cdef void _from_bag(Baler* t) noexcept nogil:
    if bag_count(t, SPAIN) > 0:
        t.node = N_C_BAG
        t.die_for = BAG_LOSS
    else:
        t.node = N_LOSS


cdef void loss_die(Baler* t, int face) noexcept nogil:
    cdef int here[MAX_SHARED]
    cdef int row, k, m, col, lone = EMPTY
    t.node = N_LOSS
    if t.die_for == D4_LOSS_PARITY:
        t.loss_left -= 1
        if face % 2:
            t.loss_odd += 1
        else:
            t.loss_even += 1
    elif t.die_for == D4_LOSS_ROW:
        row = (face - 1) // 2
        t.loss_row = <int8_t>row
        if row == 0 and t.loss_desert:      # "Leaders do not desert" (l.443)
            _from_bag(t)
            return
        k = row_units(t, row, &lone)
        if k == 0:                          # an empty row: from the bag (l.421)
            _from_bag(t)
        elif k == 1:
            _pick(t, lone, True)
        else:
            t.node = N_C_DIE
            t.die_for = D4_LOSS_COLUMN
    else:
        for k in range(COLUMNS):            # scan left, wrapping from 1 to 6 (l.419)
            col = (face - 1 - k + COLUMNS) % COLUMNS
            m = candidates(t, t.loss_row, col, here)
            if m == 1:
                _pick(t, here[0], face != 6)
                return
            if m > 1:                       # both priests: Spain chooses (l.427)
                t.loss_col = <int8_t>col
                t.node = N_LOSS_PICK
                return


cdef int legal_loss_pick(const Baler* t, int* out) noexcept nogil:
    """The leaders the selected space gives: Spain sends one of them (RULES.md reading 21)."""
    cdef int here[MAX_SHARED]
    cdef int i, n = candidates(t, t.loss_row, t.loss_col, here)
    for i in range(n):
        out[i] = A_UNIT + here[i]
    return n


cdef void apply_loss_pick(Baler* t, int a) noexcept nogil:
    _pick(t, a - A_UNIT, True)      # leaders only: never a deserter (l.443)
    t.node = N_LOSS
