from libc.stdint cimport uint8_t
from partisan.core.games.baler.table cimport Baler

cdef bint playable(const Baler* t, int card, int side) noexcept nogil
cdef void discard_played(Baler* t, int card, int side) noexcept nogil
cdef void events_begin(Baler* t, int side) noexcept nogil
cdef void fow_event_begin(Baler* t, int side, int card) noexcept nogil
cdef int legal_card(const Baler* t, int* out) noexcept nogil
cdef void apply_card(Baler* t, int a) noexcept nogil
cdef int legal_support(const Baler* t, int* out) noexcept nogil
cdef void apply_support(Baler* t, int a) noexcept nogil
cdef int legal_boost(const Baler* t, int* out) noexcept nogil
cdef void apply_boost(Baler* t, int a) noexcept nogil
cdef int legal_next(const Baler* t, int* out) noexcept nogil
cdef void apply_next(Baler* t, int a) noexcept nogil
cdef void effect_step(Baler* t) noexcept nogil
cdef bint attack_ok(const Baler* t, int side, int kind, int area) noexcept nogil
cdef int legal_attack(const Baler* t, int* out) noexcept nogil
cdef void apply_attack(Baler* t, int a) noexcept nogil
