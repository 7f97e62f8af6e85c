from libc.stdint cimport uint64_t
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState
from partisan.core.games.war.data cimport WarData

cdef class WarState(GameState):
    cdef WarData d
    cdef void _begin_skirmish(self) noexcept nogil
    cdef void _begin_draw(self) noexcept nogil
    cdef void _eliminate(self, int p) noexcept nogil
    cdef void _advance_draw(self) noexcept nogil
    cdef void _begin_select(self) noexcept nogil
    cdef void _reveal_pending(self, int kind) noexcept nogil
    cdef int _best_other(self, int p) noexcept nogil
    cdef bint _support_improves(self, int p, int c) noexcept nogil
    cdef void _begin_support(self) noexcept nogil
    cdef void _resolve(self) noexcept nogil
    cdef void _begin_loss(self, int w) noexcept nogil
    cdef void _spoils(self) noexcept nogil
    cdef void _end_skirmish(self) noexcept nogil
    cdef void _game_over(self) noexcept nogil
    cdef uint64_t _chance_pile(self) noexcept nogil
    cdef void _apply_draw(self, int c) noexcept nogil
    cdef void _apply_recruit(self, int c) noexcept nogil
    cdef void _apply_loss(self, int c) noexcept nogil
    cdef void _apply_propose(self, int a) noexcept nogil
    cdef void _apply_cancel(self, int a) noexcept nogil
    cdef void _apply_select(self, int c) noexcept nogil
    cdef void _apply_support(self, int a) noexcept nogil
    cdef void _apply_tie_play(self, int c) noexcept nogil
    cdef void _redraw_support(self, int q, Rng* rng) noexcept nogil
