from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef void start_turn(GameState st, Guerilla* d, int seat) noexcept nogil
cdef int legal_turn(Guerilla* d, int* out) noexcept nogil
cdef void apply_turn(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_pick(Guerilla* d, int* out) noexcept nogil
cdef void apply_pick(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_faction(Guerilla* d, int* out) noexcept nogil
cdef void apply_faction(GameState st, Guerilla* d, int a) noexcept nogil
cdef void start_pick(Guerilla* d, int kind, int gi) noexcept nogil
cdef void withdraw(GameState st, Guerilla* d, int gi) noexcept nogil
cdef void apply_draw(GameState st, Guerilla* d, int card) noexcept nogil
cdef int legal_complex(Guerilla* d, int* out) noexcept nogil
cdef void apply_complex(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_swap(Guerilla* d, int* out) noexcept nogil
cdef void apply_swap(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_turncoat(Guerilla* d, int* out) noexcept nogil
cdef void apply_turncoat(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_traitor(Guerilla* d, int* out) noexcept nogil
cdef void apply_traitor(GameState st, Guerilla* d, int a) noexcept nogil
cdef void apply_roll(GameState st, Guerilla* d, int face) noexcept nogil
cdef int capacity_outcomes(Guerilla* d, int* out, double* probs) noexcept nogil
cdef void apply_capacity(GameState st, Guerilla* d, int card) noexcept nogil
cdef void end_turn(GameState st, Guerilla* d) noexcept nogil
cdef void returns(Guerilla* d, double* out) noexcept nogil
cdef int pair_seats(int pair, int* b) noexcept nogil
cdef int legal_ability_target(Guerilla* d, int* out) noexcept nogil
cdef void apply_ability_target(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_part(Guerilla* d, int* out) noexcept nogil
cdef void apply_part(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_arrange(Guerilla* d, int* out) noexcept nogil
cdef bint arrange_twin(Guerilla* d, int a) noexcept nogil
cdef void apply_arrange(GameState st, Guerilla* d, int a) noexcept nogil
cdef void ask_rearrange(Guerilla* d) noexcept nogil
cdef int legal_regroup(Guerilla* d, int* out) noexcept nogil
cdef void apply_regroup(Guerilla* d, int a) noexcept nogil
