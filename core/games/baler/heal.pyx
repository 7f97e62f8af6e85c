# cython: language_level=3
"""The Heal procedure (l.1105-l.1113): the two lowest beds or one wounded of the player's
choice (the medical leader: one of choice, l.963), and the space a healed soldier takes."""
from libc.stdint cimport int8_t
from partisan.core.games.baler.table cimport (
    Baler, EMPTY, N_BEDS, SPAIN, T_LEADER, T_SOLDIER, occupant, unit_type)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler.spaces cimport first_free_soldier_space
from partisan.core.games.baler cimport infirmary


cdef int wounded(const Baler* t) noexcept nogil:
    cdef int b, n = 0
    for b in range(1, N_BEDS + 1):
        if infirmary.bed_occupant(t, b) != EMPTY:
            n += 1
    return n


cdef int legal_heal(const Baler* t, int* out) noexcept nogil:
    """The two lowest beds, or one wounded of the player's choice (l.1107-l.1113); the
    medical leader heals one of choice (l.963)."""
    cdef int b, n = 0
    if t.proc == P_HEAL and t.proc_arg != 2:
        out[n] = A_ACT + ACT_HEAL_TWO
        n += 1
    if t.proc == P_MEDIC or t.proc_arg != 1:
        for b in range(1, N_BEDS + 1):
            if infirmary.bed_occupant(t, b) != EMPTY:
                out[n] = A_BED + b - 1
                n += 1
    sort_ints(out, n)
    return n


cdef void apply_heal(Baler* t, int a) noexcept nogil:
    """A healed leader goes home; a healed soldier to a free detachment space of Spain's
    choice (the bag if none, the space itself if only one is free; l.1113)."""
    cdef int bed = a - A_BED + 1
    cdef int c
    if a == A_ACT + ACT_HEAL_TWO:
        infirmary.heal_two(t)
    else:
        c = infirmary.bed_occupant(t, bed)
        if unit_type(t, c) == T_SOLDIER and legal_heal_dest(t, NULL) > 1:
            t.heal_bed = <int8_t>bed
            t.node = N_HEAL_DEST
            return
        infirmary.heal_one(t, bed, EMPTY if unit_type(t, c) == T_LEADER
                           else first_free_soldier_space(t, SPAIN))
    finish(t)


cdef int legal_heal_dest(const Baler* t, int* out) noexcept nogil:
    """The free Spanish detachment soldier spaces (out may be NULL: only count them)."""
    cdef int s, n = 0
    for s in range(t.sd.detachment_first, t.sd.detachment_last + 1):
        if occupant(t, s) == EMPTY:
            if out != NULL:
                out[n] = A_SPACE + s
            n += 1
    return n


cdef void apply_heal_dest(Baler* t, int a) noexcept nogil:
    infirmary.heal_one(t, t.heal_bed, a - A_SPACE)
    finish(t)
