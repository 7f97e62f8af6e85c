from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData

cdef void battle_start(GameState g, JuntaData* d, int defender) noexcept nogil
cdef void next_battle(GameState g, JuntaData* d) noexcept nogil
cdef int legal_cards(JuntaData* d, int* out) noexcept nogil
cdef void apply_cards(GameState g, JuntaData* d, int a) noexcept nogil
cdef void apply_roll(GameState g, JuntaData* d, int a) noexcept nogil
cdef int legal_divert(JuntaData* d, int* out) noexcept nogil
cdef void apply_divert(GameState g, JuntaData* d, int a) noexcept nogil
cdef void apply_tie(GameState g, JuntaData* d, int a) noexcept nogil
cdef void plunder_next(GameState g, JuntaData* d) noexcept nogil
cdef int legal_destroy(JuntaData* d, int* out) noexcept nogil
cdef void apply_destroy(GameState g, JuntaData* d, int a) noexcept nogil
cdef int pcv(JuntaData* d, int s) noexcept nogil
cdef int defense(JuntaData* d) noexcept nogil
