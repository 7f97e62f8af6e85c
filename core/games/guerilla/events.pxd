from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef int legal_plays(Guerilla* d, int* out) noexcept
cdef void apply_play(GameState st, Guerilla* d, int a) noexcept
cdef int assassin_targets(Guerilla* d, int* out) noexcept
cdef void start_bodyguards(Guerilla* d) noexcept
cdef int legal_window(Guerilla* d, int* out) noexcept
cdef void apply_window(GameState st, Guerilla* d, int a) noexcept
cdef void apply_assassin_roll(GameState st, Guerilla* d, int face) noexcept
