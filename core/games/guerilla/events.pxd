from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef int legal_plays(Guerilla* d, int* out) noexcept nogil
cdef void apply_play(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_un(Guerilla* d, int* out) noexcept nogil
cdef void apply_un(GameState st, Guerilla* d, int a) noexcept nogil
cdef int assassin_targets(Guerilla* d, int* out) noexcept nogil
cdef void start_bodyguards(Guerilla* d) noexcept nogil
cdef void start_battle_window(Guerilla* d) noexcept nogil
cdef void start_after_window(Guerilla* d) noexcept nogil
cdef int legal_window(Guerilla* d, int* out) noexcept nogil
cdef void apply_window(GameState st, Guerilla* d, int a) noexcept nogil
cdef void apply_marker_roll(GameState st, Guerilla* d, int face) noexcept nogil
cdef int legal_ambush(Guerilla* d, int* out) noexcept nogil
cdef void apply_ambush(GameState st, Guerilla* d, int a) noexcept nogil
cdef void apply_assassin_roll(GameState st, Guerilla* d, int face) noexcept nogil
cdef int legal_retreat(Guerilla* d, int* out) noexcept nogil
cdef void apply_retreat(GameState st, Guerilla* d, int a) noexcept nogil
cdef int demolition_targets(Guerilla* d, int* out) noexcept nogil
