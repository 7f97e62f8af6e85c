# cython: language_level=3
"""Scoring (l.41-l.48): the Bounty, the mushrooms, and the tie-break by Goodies."""
from partisan.core.games.garden.data cimport *


cdef int controller(const Garden* d, int m) noexcept nogil:
    """l.47 the seat with the most (face-up) insects on mushroom m's hat; -1 on a tie or none."""
    cdef int q, o, c, best = 0, who = -1
    cdef int on_hat[MAXP]
    for q in range(d.n):
        on_hat[q] = 0
    for o in range(O_INSECT, O_INSECT + d.n * NTYPES):
        if (d.obj[o].where == W_TABLE and d.obj[o].level == 1 + m
                and not (d.hat_face_up and d.obj[o].face_down)):
            on_hat[obj_seat(o)] += 1
    for q in range(d.n):
        c = on_hat[q]
        if c > best:
            best, who = c, q
        elif c == best:
            who = -1
    return who


cdef void points(const Garden* d, int* pts, int* goods) noexcept nogil:
    """Victory points and Goodies per seat, as the table stands."""
    cdef int q, o, m, who
    for q in range(d.n):
        pts[q] = 0
        goods[q] = 0
    for o in range(NOBJ):
        q = d.obj[o].holder
        if d.obj[o].where != W_BOUNTY or q < 0:
            continue
        if o >= O_INSECT:
            pts[q] += d.score[S_OWN] if obj_seat(o) == q else d.score[S_FOREIGN]
        elif o >= O_GOODIE:
            pts[q] += d.score[S_GOODIE]
            goods[q] += 1
        elif o >= O_ANT:
            pts[q] += d.score[S_ANT]
        else:
            pts[q] += d.score[S_TOAD]
    for m in range(d.n_mush):
        who = controller(d, m)
        if who >= 0:
            pts[who] += d.score[S_MUSHROOM]


cdef void shares(const Garden* d, double* out) noexcept nogil:
    """l.48: the highest total wins; a tie goes to the most Goodies, then the victory is
    shared: each winner gets 1 / winners, the others 0."""
    cdef int pts[MAXP]
    cdef int goods[MAXP]
    cdef int q, winners = 0, bp = -1000000, bg = -1
    points(d, pts, goods)
    for q in range(d.n):
        if pts[q] > bp or (pts[q] == bp and goods[q] > bg):
            bp, bg = pts[q], goods[q]
    for q in range(d.n):
        if pts[q] == bp and goods[q] == bg:
            winners += 1
    for q in range(d.n):
        out[q] = 1.0 / winners if pts[q] == bp and goods[q] == bg else 0.0
