from libc.stdint cimport uint64_t, int8_t, int16_t, int32_t, uint8_t
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState

cdef enum:
    JMAXP = 5       # seats
    NT = 16         # kinds of card (cards.MAX_TYPES)
    NEFF = 13       # card effects (cards.EFFECTS)
    NLOC = 12       # card locations: deck, discard, 5 hands, 5 promise piles
    NCODE = 6       # militia order codes: estates 1..5 (seats 0..4), 6 = defend the Presidente

ctypedef struct JuntaData:
    # Fixed for a game (from the data files and options).
    int8_t n
    int8_t expert
    int8_t kill_per_player      # variant: one kill per player who rolled a 1, not per 1
    int8_t ntypes
    int8_t vp_target
    int16_t max_rounds
    int8_t eff[NT]              # effect code of each kind of card
    int8_t val[NT]              # million pesos (Foreign Aid)
    int8_t vp[NT]               # victory points while held
    int8_t tix[NEFF]            # the kind of card with a one-kind effect, -1 if absent
    int8_t cost_b, cost_m, cost_c, mil_max, buy_max, hand_limit, tiles, spots
    # Cards: per-kind counts per location, and what each seat provably knows about the
    # hidden locations (a lower bound per kind; see c_resample_hidden).
    uint8_t cnt[NLOC][NT]
    uint8_t tot[NLOC]
    uint8_t lb[JMAXP][NLOC][NT]
    # The table.
    int16_t round
    int8_t phase
    int8_t pres
    int8_t new_pres             # winner of a successful attack on the Presidente, -1 none
    int8_t bld[JMAXP]           # buildings including the Main House
    int8_t mil[JMAXP]           # militia dice owned (the Presidente's include those on loan)
    int8_t ords[JMAXP][NCODE]   # dice per order code this round
    int8_t nord[JMAXP]          # dice ordered so far
    int8_t last_ord[JMAXP]      # orders are given in non-decreasing code (dice are alike)
    uint8_t ord_known[JMAXP]    # seats that know q's orders before the reveal
    uint8_t revealed
    int8_t loanp[JMAXP][JMAXP]  # Expert: militia promised [recipient][face seat]
    int8_t loana[JMAXP][JMAXP]  # Expert: militia received and not yet used
    int8_t bought[JMAXP]        # cards bought this round
    int8_t last_prom            # promises are given in non-decreasing action order
    # Sequencing: the seat acting, how many draws/rolls it has left, a queue of seats.
    int8_t cur
    int8_t left
    int8_t queue[JMAXP]
    int8_t qn
    int8_t qi
    int8_t spy_return           # ordering again after a Spy: return to the Spy window
    int8_t bseat                # offset from the Presidente of the Golpista battle in hand
    # The battle being fought.
    int8_t bdef
    int8_t bpres                # the Presidente's battle
    uint8_t pres_att            # seats that attacked the Presidente this round
    int8_t border[JMAXP]        # defender, supporters, then attackers (clockwise)
    int8_t bn
    int8_t bside                # border[0:bside] is the defending side
    int8_t bown[JMAXP]          # own dice in the battle (Presidente: his defending militia)
    int8_t bloan[JMAXP]         # dice on loan from the Presidente, rolled by this seat
    int8_t faces[JMAXP][6]      # rolled results per seat
    int8_t gun[JMAXP]           # Gunboats played
    int8_t bribery
    int8_t surprise
    int8_t uprising
    int8_t rolled
    int8_t kills                # destroys left for cur (Expert)
    int8_t prc[JMAXP]           # tie-break rolls made
    uint8_t plunder_left        # attackers who may still plunder
    uint8_t tie_mask            # seats still to roll for a tie-break
    # Spend Money.
    int8_t owed
    int8_t paid
    int8_t pend_b
    int8_t pend_m
    int8_t pend_c
    int8_t last_buy
    int8_t last_pay
    int8_t bwin                 # the battle in hand was won by the attackers
    int8_t pad[5]
    uint8_t winners
    int32_t pkey[JMAXP]         # plunder order: combat value, then tie-break rolls


cdef class JuntaState(GameState):
    cdef JuntaData d
    # card bookkeeping
    cdef int _money(self, int q) noexcept
    cdef int _vp(self, int q) noexcept
    cdef int _hand(self, int q) noexcept
    cdef int _has(self, int q, int eff) noexcept
    cdef void _move(self, int src, int dst, int t) noexcept
    cdef void _unseen_leave(self, int x, int loc) noexcept
    cdef void _seen_leave(self, int x, int loc, int t) noexcept
    cdef void _public_discard(self, int q, int loc, int t, int kind) noexcept
    cdef void _reshuffle(self) noexcept
    cdef int _card_outcomes(self, int loc, int* out, double* probs) noexcept
    # round flow
    cdef void _start_round(self) noexcept
    cdef void _draw_next(self) noexcept
    cdef void _apply_card_chance(self, int t) noexcept
    cdef void _begin_promises(self) noexcept
    cdef int _needy(self) noexcept
    cdef void _burglar_next(self) noexcept
    cdef void _order_next(self) noexcept
    cdef int _order_legal(self, int q, int c) noexcept
    cdef void _spy_next(self) noexcept
    cdef void _reveal(self) noexcept
    cdef void _receive(self, int q) noexcept
    cdef void _forfeit(self, int q) noexcept
    # combat
    cdef void _battle_start(self, int d) noexcept
    cdef void _next_battle(self) noexcept
    cdef int _dice(self, int s) noexcept
    cdef bint _involved(self, int s) noexcept
    cdef bint _defending(self, int s) noexcept
    cdef int _attackers_left(self) noexcept
    cdef int _opposing(self, int s, int* groups) noexcept
    cdef int _before_cards(self, int s, int* out) noexcept
    cdef void _cards_next(self) noexcept
    cdef int _to_roll(self, int s) noexcept
    cdef void _roll_next(self) noexcept
    cdef void _divert_next(self) noexcept
    cdef int _divert_actions(self, int s, int* out) noexcept
    cdef int _pcv(self, int s) noexcept
    cdef int _defense(self) noexcept
    cdef void _resolve(self) noexcept
    cdef void _plunder_next(self) noexcept
    cdef void _destroy_next(self) noexcept
    cdef void _destroy(self, int g) noexcept
    cdef void _battle_end(self) noexcept
    cdef void _combat_end(self) noexcept
    # spending and the end
    cdef void _spend_next(self) noexcept
    cdef void _spend_draw_next(self) noexcept
    cdef int _tiles_left(self) noexcept
    cdef int _money_upto(self, int q, int v) noexcept
    cdef void _settle(self) noexcept
    cdef void _end_check(self) noexcept
    cdef void _discard_next(self) noexcept
    cdef void _game_over(self) noexcept
    cdef double _score(self, int q) noexcept
    cdef bint _unused_loc(self, int loc) noexcept
    cdef void _random_order(self, int q, Rng* rng) noexcept
