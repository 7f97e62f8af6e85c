# Who acts next: a queue of seats for one step of a game (draw in turn, answer a
# proposal, choose in secret one after another), stored inline in a game's struct.
from libc.stdint cimport int8_t

cdef enum:
    QUEUE_MAX = 8

ctypedef struct SeatQueue:
    int8_t seat[QUEUE_MAX]
    int8_t n
    int8_t pos


cdef inline int next_seat(int seat, int players) noexcept nogil:
    """The seat on `seat`'s left: play passes clockwise, the last seat wrapping to the first."""
    return (seat + 1) % players


cdef inline int seat_bit(int seat) noexcept nogil:
    """A seat's bit in a mask of seats (the `mask` and `first` of seat_queue)."""
    return 1 << seat


cdef inline void seat_queue(SeatQueue* q, int mask, int first, int start, int players) noexcept nogil:
    """The seats of `mask` clockwise from `start`, those also in `first` ahead of the rest."""
    cdef int i, s, pass_
    q.n = 0
    q.pos = 0
    if players <= 0:
        return
    start %= players
    for pass_ in range(2):
        s = start
        for i in range(players):
            if (mask >> s) & 1 and ((first >> s) & 1) == (pass_ == 0):
                q.seat[q.n] = s
                q.n += 1
            s += 1
            if s == players:
                s = 0


cdef inline int queue_seat(SeatQueue* q) noexcept nogil:
    """The seat whose turn it is in this step."""
    return q.seat[q.pos]


cdef inline bint queue_next(SeatQueue* q) noexcept nogil:
    """Move on; False once every seat has acted."""
    q.pos += 1
    return q.pos < q.n


cdef inline bint queue_done(const SeatQueue* q) noexcept nogil:
    """Every seat of the step has acted (or none was queued)."""
    return q.pos >= q.n


cdef inline void queue_restart(SeatQueue* q) noexcept nogil:
    """The same seats again from the first (one order for several rounds of asking)."""
    q.pos = 0


# Whether a seat has something to do in the current step; `game` is the game's own
# struct (a predicate casts it back), so a step's rule stays a small nogil function.
ctypedef bint (*SeatWants)(const void* game, int seat) noexcept nogil


cdef inline int queue_seek(SeatQueue* q, SeatWants wants, const void* game) noexcept nogil:
    """Find the next seat to act: from the current seat on, skip those that do not want to;
    the seat found stays current. -1 (and the queue done) when none is left."""
    while q.pos < q.n:
        if wants(game, q.seat[q.pos]):
            return q.seat[q.pos]
        q.pos += 1
    return -1
