from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData

cdef void battle_start(GameState g, JuntaData* d, int defender) noexcept
cdef void next_battle(GameState g, JuntaData* d) noexcept
cdef int legal_cards(JuntaData* d, int* out) noexcept
cdef void apply_cards(GameState g, JuntaData* d, int a) noexcept
cdef void apply_roll(GameState g, JuntaData* d, int a) noexcept
cdef int legal_divert(JuntaData* d, int* out) noexcept
cdef void apply_divert(GameState g, JuntaData* d, int a) noexcept
cdef void apply_tie(GameState g, JuntaData* d, int a) noexcept
cdef void plunder_next(GameState g, JuntaData* d) noexcept
cdef int legal_destroy(JuntaData* d, int* out) noexcept
cdef void apply_destroy(GameState g, JuntaData* d, int a) noexcept
cdef int pcv(JuntaData* d, int s) noexcept
cdef int defense(JuntaData* d) noexcept
