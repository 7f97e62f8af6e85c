from partisan.core.rng cimport Rng
from partisan.core.games.baler.table cimport Baler

cdef bint is_post(const Baler* t, int space, int side) noexcept nogil
cdef bint in_detachment(const Baler* t, int space, int side) noexcept nogil
cdef bint soldier_space(const Baler* t, int space, int side) noexcept nogil
cdef int bag_count(const Baler* t, int side) noexcept nogil
cdef int bag_outcomes(const Baler* t, int* out, double* probs) noexcept nogil
cdef bint empty_post(const Baler* t, int side) noexcept nogil
cdef void displace(Baler* t, int space) noexcept nogil
cdef bint can_surveil(const Baler* t, int side) noexcept nogil
cdef bint walls_repairable(const Baler* t, int area, int free) noexcept nogil
cdef bint trench_repairable(const Baler* t, int tr, int free) noexcept nogil
cdef int flank_manpower(const Baler* t, int tr) noexcept nogil
cdef bint trench_buildable(const Baler* t, int tr, int free) noexcept nogil
cdef bint repair_possible(const Baler* t, int side, int free) noexcept nogil
cdef bint trench_possible(const Baler* t, int free) noexcept nogil
cdef int wounded(const Baler* t) noexcept nogil
cdef int reserve_gun(const Baler* t) noexcept nogil
cdef bint gun_placeable(const Baler* t) noexcept nogil
cdef void proc_begin(Baler* t) noexcept nogil
cdef int legal_area(const Baler* t, int* out) noexcept nogil
cdef void apply_area(Baler* t, int a) noexcept nogil
cdef int legal_trench(const Baler* t, int* out) noexcept nogil
cdef void apply_trench(Baler* t, int a) noexcept nogil
cdef void takeover(Baler* t, int face) noexcept nogil
cdef void proc_die(Baler* t, int face) noexcept nogil
cdef int territorial_modifier(const Baler* t) noexcept nogil
cdef int legal_persist(const Baler* t, int* out) noexcept nogil
cdef void apply_persist(Baler* t, int a) noexcept nogil
cdef int first_free_soldier_space(const Baler* t, int side) noexcept nogil
cdef int legal_heal(const Baler* t, int* out) noexcept nogil
cdef void apply_heal(Baler* t, int a) noexcept nogil
cdef int legal_heal_dest(const Baler* t, int* out) noexcept nogil
cdef void apply_heal_dest(Baler* t, int a) noexcept nogil
cdef bint movable(const Baler* t, int c) noexcept nogil
cdef int legal_move(const Baler* t, int* out) noexcept nogil
cdef void apply_move(Baler* t, int a) noexcept nogil
cdef void apply_bag(Baler* t, int c) noexcept nogil
cdef int legal_move_dest(const Baler* t, int* out) noexcept nogil
cdef void apply_move_dest(Baler* t, int a) noexcept nogil
cdef void command_effect(Baler* t, int c, int s) noexcept nogil
cdef void moving_next(Baler* t) noexcept nogil
cdef int legal_arty(const Baler* t, int* out) noexcept nogil
cdef void apply_arty(Baler* t, int a) noexcept nogil
cdef void man_next(Baler* t) noexcept nogil
cdef int legal_man(const Baler* t, int* out) noexcept nogil
cdef void apply_man(Baler* t, int a) noexcept nogil
cdef int stack_size(const Baler* t) noexcept nogil
cdef int stack_strength(const Baler* t) noexcept nogil
cdef int deploy_space(const Baler* t) noexcept nogil
cdef bint deploy_unit_ok(const Baler* t, int c) noexcept nogil
cdef bint deployable(const Baler* t) noexcept nogil
cdef int legal_tdeploy(const Baler* t, int* out) noexcept nogil
cdef void apply_tdeploy(Baler* t, int a) noexcept nogil
cdef int legal_tadvance(const Baler* t, int* out) noexcept nogil
cdef void move_stack(Baler* t, int to) noexcept nogil
cdef void apply_tadvance(Baler* t, int a) noexcept nogil
cdef int tdice_count(const Baler* t, int side) noexcept nogil
cdef void tfight_step(Baler* t) noexcept nogil
cdef int troll_outcomes(const Baler* t, int* out, double* probs) noexcept nogil
cdef int troll_sample(const Baler* t, Rng* rng) noexcept nogil
cdef void apply_troll(Baler* t, int rank) noexcept nogil
cdef int legal_tmod(const Baler* t, int* out) noexcept nogil
cdef void apply_tmod(Baler* t, int a) noexcept nogil
cdef void apply_treroll(Baler* t, int face) noexcept nogil
cdef void tfight_result(Baler* t) noexcept nogil
cdef int legal_tloss(const Baler* t, int* out) noexcept nogil
cdef void apply_tloss(Baler* t, int a) noexcept nogil
cdef void us_next(Baler* t) noexcept nogil
