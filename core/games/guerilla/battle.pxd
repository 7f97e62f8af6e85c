from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef bint can_attack(Guerilla* d, int gi) noexcept nogil
cdef void begin_attack(GameState st, Guerilla* d, int gi) noexcept nogil
cdef int legal_attacker(Guerilla* d, int* out) noexcept nogil
cdef void apply_attacker(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_target(Guerilla* d, int* out) noexcept nogil
cdef void apply_target(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_mode(Guerilla* d, int* out) noexcept nogil
cdef void apply_mode(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_defender(Guerilla* d, int* out) noexcept nogil
cdef void apply_defender(GameState st, Guerilla* d, int a) noexcept nogil
cdef void apply_roll(GameState st, Guerilla* d, int face) noexcept nogil
cdef int loss_candidates(Guerilla* d, int* out) noexcept nogil
cdef bint loss_allowed(Guerilla* d, const int* cards, int m, int mask) noexcept nogil
cdef int loss_picked(Guerilla* d, const int* cards, int m) noexcept nogil
cdef int legal_loss(Guerilla* d, int* out) noexcept nogil
cdef void apply_loss(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_garrison(Guerilla* d, int* out) noexcept nogil
cdef void apply_garrison(GameState st, Guerilla* d, int a) noexcept nogil
cdef int attack_strength(Guerilla* d, int gi, int unit) noexcept nogil
cdef int defence_strength(Guerilla* d, int ti, int mode, int named) noexcept nogil
cdef double best_odds(Guerilla* d, int gi) noexcept nogil
cdef double relief_odds(Guerilla* d, int gi, int seat) noexcept nogil
cdef double un_chance(Guerilla* d, int gi) noexcept nogil
cdef double target_odds(Guerilla* d, int ti) noexcept nogil
cdef double un_target_odds(Guerilla* d) noexcept nogil
cdef bint un_only(Guerilla* d, int gi) noexcept nogil
cdef double mode_odds(Guerilla* d, int mode) noexcept nogil
cdef int named_strength(Guerilla* d) noexcept nogil
cdef int defender_strength(Guerilla* d, int c) noexcept nogil
cdef double naming_odds(Guerilla* d, int c) noexcept nogil
cdef int legal_order(Guerilla* d, int* out) noexcept nogil
cdef void apply_order(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_sortie(Guerilla* d, int* out) noexcept nogil
cdef void apply_sortie(GameState st, Guerilla* d, int a) noexcept nogil
cdef bint can_sortie(Guerilla* d, int gi) noexcept nogil
cdef bint sortie_hopes(Guerilla* d, int gi, int mask, double hope, double fair) noexcept nogil
cdef void begin_sortie(GameState st, Guerilla* d, int gi) noexcept nogil
cdef int split_off(Guerilla* d, int gi, int mask) noexcept nogil
cdef bint can_combine(Guerilla* d, int gi, int gj) noexcept nogil
cdef void begin_combined(GameState st, Guerilla* d, int gi, int gj) noexcept nogil
