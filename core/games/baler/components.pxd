from partisan.core.components cimport CompiledBoard
from partisan.core.games.baler.table cimport Baler, BalerStatic


cdef class BalerComponents:
    cdef readonly object board          # the checked Python model (names)
    cdef readonly CompiledBoard compiled
    cdef readonly tuple setup           # start space per counter
    cdef readonly object deck           # the cards (cards.py Deck)
    cdef BalerStatic sd
    cdef Baler start

    cdef void reset(self, Baler* t) noexcept nogil


cdef void apply_options(Baler* t, object options) except *
