from libc.stdint cimport uint64_t, int8_t, int16_t, uint8_t
from partisan.core.rng cimport Rng
from partisan.core.turns cimport SeatQueue
from partisan.core.state cimport GameState

cdef enum:
    WAR_MAX = 4                 # seats
    # Places of the knowledge block (core/knowledge.pxd), one 52-card word each.
    P_HAND = 0                  # + seat
    P_DRAW = WAR_MAX            # + seat: a set, draws are uniform chance choices
    P_DISC = 2 * WAR_MAX        # + seat: face up, everyone sees what goes in
    P_TIE = 3 * WAR_MAX         # + seat: cards drawn for tie resolution, not yet played
    P_POT = 4 * WAR_MAX         # every card used in this skirmish
    P_REMOVED = 4 * WAR_MAX + 1
    NPL = 4 * WAR_MAX + 2

ctypedef struct WarData:
    uint64_t pl[NPL]
    uint64_t seen[NPL]          # the table's knowledge row: e.g. hand cards revealed to cancel
    uint64_t no_g[WAR_MAX]      # hand cards everyone knows are not Guerrillas (proposer's hand)
    uint64_t facedown[WAR_MAX]  # tie-resolution cards played face down this skirmish (in the pot)
    uint64_t shown[WAR_MAX]     # cards shown face up this skirmish (in the pot)
    uint64_t last_shown[WAR_MAX]
    uint64_t last_facedown[WAR_MAX]
    uint64_t support_cards      # cards added as support this skirmish
    uint64_t last_support
    uint64_t last_removed
    uint64_t last_spoils
    int16_t skirmish
    int16_t max_skirmishes
    int16_t to_remove
    int8_t n
    int8_t rank                 # current Guerrilla rank, 2..6
    int8_t phase
    int8_t loss_by_winner       # variant: the winner picks the cards lost
    SeatQueue turn              # seats acting in this step, in order
    int8_t need[WAR_MAX]        # cards still to draw in this draw step
    int8_t drew[WAR_MAX]        # cards drawn in this draw step
    int8_t up[WAR_MAX]          # face-up card being compared (-1 none)
    int8_t sup[WAR_MAX]         # support card added (-1 none)
    int8_t pending[WAR_MAX]     # secret choice made and not yet revealed (-1 none)
    int8_t proposer
    int8_t recruiter
    int8_t winner               # of the skirmish being settled (-1 none)
    int8_t last_winner
    int8_t result_winner        # of the game (-1 none or draw)
    uint8_t active              # seats still in the game
    uint8_t contenders          # seats still competing in this skirmish
    uint8_t supported           # used support this skirmish
    uint8_t supported_last      # used support last skirmish: draw one card
    uint8_t spy_first           # captured a spy last skirmish: reveal first
    uint8_t played_g            # has played at least one Guerrilla
    uint8_t final_out           # eliminated in the step that ended the game
    uint8_t last_eliminated
    int8_t no_g_rank[WAR_MAX]   # Guerrilla rank when no_g was learnt
    int8_t promotion_since      # option: a Guerrilla must be played since the last promotion
    int8_t pad[3]


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
    cdef uint64_t _hidden_pot(self, int player)
