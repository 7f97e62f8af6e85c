from partisan.core.geometry cimport Pose
from partisan.core.noise cimport NoiseData, Seat
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState
from partisan.core.games.garden.data cimport Garden

cdef int legal_card(const Garden* d, int* out) noexcept nogil
cdef int legal_aim(const Garden* d, int* out) noexcept nogil
cdef int legal_orient(const Garden* d, int* out) noexcept nogil
cdef void apply_card(GameState g, Garden* d, int a) noexcept nogil
cdef void aim_point(const Garden* d, int a, Pose* p) noexcept nogil
cdef bint place(Garden* d, int o, Pose p, int face) noexcept nogil
cdef void apply_aim(GameState g, Garden* d, int a) noexcept nogil
cdef void apply_orient(GameState g, Garden* d, int a) noexcept nogil
cdef int land_sample(const Garden* d, const NoiseData* nd, Rng* rng) noexcept nogil
cdef bint land_possible(const Garden* d, int outcome) noexcept nogil
cdef void land_apply(GameState g, Garden* d, int outcome) noexcept nogil
cdef void finish_play(Garden* d) noexcept nogil
cdef void seat_at(const Garden* d, int seat, Seat* out) noexcept nogil
