# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/turns.pxd."""
from partisan.core.turns cimport (
    SeatQueue, seat_queue, queue_seat, queue_next, queue_done, queue_restart, queue_seek)


cdef bint _in_mask(const void* game, int seat) noexcept nogil:
    return ((<const int*>game)[0] >> seat) & 1


cdef class Queue:
    """A SeatQueue; `seek(mask)` finds the next seat in `mask` (the predicate a game passes)."""
    cdef SeatQueue q

    def __init__(self, int mask, int first, int start, int players):
        seat_queue(&self.q, mask, first, start, players)

    def seats(self):
        return [self.q.seat[i] for i in range(self.q.n)]

    def seat(self):
        return queue_seat(&self.q)

    def next(self):
        return queue_next(&self.q)

    def done(self):
        return queue_done(&self.q)

    def restart(self):
        queue_restart(&self.q)

    def seek(self, int mask):
        return queue_seek(&self.q, _in_mask, &mask)
