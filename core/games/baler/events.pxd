from libc.stdint cimport uint8_t
from partisan.core.games.baler.table cimport Baler

cdef enum:
    E_ATTACK = 0            # EFFECT_CODES order (cards.py)
    E_TAKEOVER = 1
    E_REPAIR = 2
    E_DESTROY_TRENCH = 3
    E_MORALE = 4
    E_SUPPLY = 5
    E_SUPPLY_ROLL = 6
    E_MOVE = 7
    E_SURVEILLANCE = 8
    E_HEAL = 9
    E_EXPAND = 10
    E_TRENCH = 11
    E_PERSISTENCE = 12
    E_US_ADVANCE = 13
    E_PLACE_ARTILLERY = 14
    E_MAN_POSTS = 15
    E_VP = 16
    E_BERIBERI = 17
    E_DESERTION = 18


cdef bint playable(const Baler* t, int card, int side) noexcept nogil
cdef void discard_played(Baler* t, int card, int side) noexcept nogil
cdef void events_begin(Baler* t, int side) noexcept nogil
cdef void fow_event_begin(Baler* t, int side, int card) noexcept nogil
cdef int legal_card(const Baler* t, int* out) noexcept nogil
cdef void apply_card(Baler* t, int a) noexcept nogil
cdef int legal_support(const Baler* t, int* out) noexcept nogil
cdef uint8_t boost_icons(const Baler* t, int slot, int support) noexcept nogil
cdef void apply_support(Baler* t, int a) noexcept nogil
cdef int legal_boost(const Baler* t, int* out) noexcept nogil
cdef void apply_boost(Baler* t, int a) noexcept nogil
cdef int legal_next(const Baler* t, int* out) noexcept nogil
cdef void apply_next(Baler* t, int a) noexcept nogil
cdef void effect_step(Baler* t) noexcept nogil
cdef bint attack_ok(const Baler* t, int side, int kind, int area) noexcept nogil
cdef int legal_attack(const Baler* t, int* out) noexcept nogil
cdef void apply_attack(Baler* t, int a) noexcept nogil
