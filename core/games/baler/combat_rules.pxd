from libc.stdint cimport int8_t
from partisan.core.games.baler.table cimport Baler, CB_ARTILLERY

cdef enum:
    CAS_CANCEL = -2         # a location roll of 1 behind standing walls: no casualty
    CAS_REROLL = -3         # the roll picks an empty post: roll again


cdef inline int hit_face(int kind) noexcept nogil:
    """The least face that harms the enemy in a combat of `kind`: a shooting's 5 injures
    (l.666), an incursion's 5 succeeds (l.788), artillery's 4 (l.864)."""
    return 4 if kind == CB_ARTILLERY else 5


cdef int strength(const Baler* t, int area, int side, bint artillery) noexcept nogil
cdef int units_in(const Baler* t, int area, int side) noexcept nogil
cdef int firepower(const Baler* t, int area, bint artillery) noexcept nogil
cdef bint combat_begin(Baler* t, int kind, int area, int attacker) noexcept nogil
cdef bint combat_bonus(Baler* t, int side, int cf, int dice, int rerolls) noexcept nogil
cdef bint surveillance_roll(Baler* t, int side, int die) noexcept nogil
cdef int dice_count(const Baler* t, int side) noexcept nogil
cdef bint combat_roll(Baler* t, int side, const int8_t* values, int n) noexcept nogil
cdef bint modifier_ready(const Baler* t, int side, int source) noexcept nogil
cdef bint modify_add(Baler* t, int side, int source, int value) noexcept nogil
cdef bint modify_reroll(Baler* t, int side, int source, int value) noexcept nogil
cdef bint reroll_result(Baler* t, int side, int value) noexcept nogil
cdef void combat_worths(const Baler* t, int side, int8_t* worth) noexcept nogil
cdef bint worth_gains(const int8_t* worth, int face, bint reroll) noexcept nogil
cdef int useful_modifiers(const int8_t* worth, int* actions, int n) noexcept nogil
cdef int no_losing_rerolls(const int8_t* worth, int hit, int* actions, int n) noexcept nogil
cdef bint combat_score(Baler* t) noexcept nogil
cdef int casualty_due(Baler* t) noexcept nogil
cdef int casualty_face(const Baler* t, int side, int face) noexcept nogil
cdef int casualty_lone(const Baler* t, int side) noexcept nogil
cdef int casualty_roll(Baler* t, int face) noexcept nogil
cdef int casualty_auto(Baler* t) noexcept nogil
cdef bint target_ok(const Baler* t, int target) noexcept nogil
cdef int targets_due(Baler* t) noexcept nogil
cdef bint sabotage(Baler* t, int target) noexcept nogil
cdef bint incursion_injure(Baler* t, int c) noexcept nogil
cdef bint redeploy(Baler* t, int src, int dst) noexcept nogil
cdef void combat_end(Baler* t) noexcept nogil
cdef void lower_walls(Baler* t, int area, int levels, bint artillery) noexcept nogil
cdef bint walls_fall(Baler* t) noexcept nogil
