from libc.stdint cimport uint64_t
from partisan.core.state cimport GameState
from partisan.core.games.baler.table cimport Baler

cdef void run(GameState g, Baler* t) noexcept nogil
cdef int card_outcomes(uint64_t pile, int* out, double* probs) noexcept nogil
cdef uint64_t chance_pile(const Baler* t) noexcept nogil
cdef void apply_card_draw(GameState g, Baler* t, int c) noexcept nogil
cdef int legal_init(const Baler* t, int* out) noexcept nogil
cdef void apply_init(GameState g, Baler* t, int a) noexcept nogil
cdef int legal_shoot(const Baler* t, int* out) noexcept nogil
cdef void apply_shoot(Baler* t, int a) noexcept nogil
cdef int legal_act(const Baler* t, int* out) noexcept nogil
cdef void apply_act(Baler* t, int a) noexcept nogil
cdef int legal_fow_keep(const Baler* t, int* out) noexcept nogil
cdef void apply_fow_keep(GameState g, Baler* t, int a) noexcept nogil
cdef int legal_fow_shared(const Baler* t, int* out) noexcept nogil
cdef void apply_fow_shared(Baler* t, int a) noexcept nogil
cdef void leader_die(Baler* t, int face) noexcept nogil
cdef void apply_leader(Baler* t, int a) noexcept nogil
cdef void victory(Baler* t) noexcept nogil
cdef int automa_outcomes(const Baler* t, int* out, double* probs) noexcept nogil
cdef void apply_automa_draw(Baler* t, int k) noexcept nogil
