from libc.stdint cimport int8_t
from partisan.core.games.guerilla.table cimport CardInfo, NCARDS, NTYPES

cdef class GuerillaCards:
    cdef CardInfo info[NCARDS]
    cdef int8_t type_first[NTYPES]
    cdef readonly object deck
    cdef readonly int revolution
