# Junta's state as one fixed-size C struct, and the numbering shared by its modules.
# The phase modules cimport this header (not the state class), so each holds the
# rules of one phase as functions on a JuntaData*.
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t
from partisan.core.turns cimport SeatQueue, SeatWants, queue_seek, seat_bit
from partisan.core.decision cimport Frame, Secrets

cdef enum:
    JMAXP = 5       # seats
    NT = 16         # kinds of card (cards.MAX_TYPES)
    NEFF = 13       # card effects (cards.EFFECTS)
    NLOC = 12       # card locations: deck, discard, 5 hands, 5 promise piles
    NCODE = 6       # militia order codes: estates 1..5 (seats 0..4), 6 = defend the Presidente
    D6 = 6          # faces of a die

cdef enum:
    L_DECK = 0
    L_DISC = 1
    L_HAND = 2      # + seat
    L_PROM = 7      # + seat
    CODE_PRES = 5   # the order "6": defend the Presidente

# Card effects, in the order of cards.EFFECTS.
cdef enum:
    EFF_AID, EFF_ASSASS, EFF_SPY, EFF_BRIBE, EFF_PETITION, EFF_DIVERT, EFF_VP, EFF_GUNBOAT,
    EFF_SURPRISE, EFF_UPRISING, EFF_BURGLARS, EFF_DONATION, EFF_PR

# Actions (decisions), then chance outcomes, in one dense range. Records store these
# numbers: changing them breaks every saved game.
# Each offset is the previous one plus its range's size, the sizes of state.ACTIONS (the
# declaration records are fingerprinted by; state.pyx checks the two agree on import).
cdef enum:
    A_DONE = 0
    A_PROM_CARD = A_DONE + 1                # + recipient * NT + kind
    A_PROM_MIL = A_PROM_CARD + JMAXP * NT   # + recipient * 5 + face seat (Expert)
    A_ORDER = A_PROM_MIL + JMAXP * JMAXP    # + order code 0..5
    A_BURGLE = A_ORDER + NCODE              # + victim
    A_SPY = A_BURGLE + JMAXP
    A_PLAY = A_SPY + 1                      # + kind: Gunboat, Bribery, Surprise Attack, Peasant
                                            #   Uprising, Party Donation, PR Campaign
    A_ASSASS = A_PLAY + NT                  # + group (seat * 2 + on loan)
    A_DIVERT = A_ASSASS + 2 * JMAXP         # + seat * 7 + k: k < 6 re-roll one die showing k+1,
                                            #   k = 6 all dice
    A_DESTROY = A_DIVERT + JMAXP * 7        # + group (Expert)
    A_BUY_B = A_DESTROY + 2 * JMAXP
    A_BUY_M = A_BUY_B + 1
    A_BUY_C = A_BUY_M + 1
    A_PAY = A_BUY_C + 1                     # + kind
    A_DISCARD = A_PAY + NT                  # + kind
    C_CARD = A_DISCARD + NT                 # + kind
    C_DIE = C_CARD + NT                     # + face - 1
    C_SEAT = C_DIE + 6                      # + seat
    NUM_ACTIONS = C_SEAT + JMAXP

# Phases (their names are view.PHASE_NAMES).
cdef enum:
    PH_SETUP, PH_DRAW, PH_PROMISE, PH_BURGLAR, PH_BURGLE, PH_ORDER, PH_SPY, PH_CARDS, PH_ROLL,
    PH_DIVERT, PH_REROLL, PH_TIE, PH_PLUNDER, PH_DESTROY, PH_SPEND, PH_SPEND_DRAW, PH_DISCARD,
    PH_OVER

# Observation tokens: (kind, seat, value).
cdef enum:
    T_PRES = 1, T_DRAW, T_RESHUFFLE, T_PROM, T_PROM_MIL, T_PROM_DONE, T_BURGLE, T_STOLEN, T_PASS,
    T_ORDER, T_SPY, T_SPY_SEE, T_REVEAL, T_PLAY, T_ASSASS, T_ROLL, T_DIVERT, T_PLUNDER, T_DESTROY,
    T_RECEIVE, T_FORFEIT, T_BUY, T_PAY, T_DISCARD, T_DONE, T_ARRANGE, T_SHOW

cdef enum:
    RED = 0xFFE     # value of a redacted token
    CHOICE_ANY = 0x7FFF     # no upper bound on the items of a choice
    MIL_CAP = 127   # militia a seat can hold (int8)
    PROMISE_MAX = 256 + MIL_CAP    # promises in a round: cards (uint8 counts), the Presidente's militia
    PAY_TOP = 127   # payment items are PAY_TOP - value (int8): non-increasing values in choice order

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
    # hidden locations (a lower bound per kind; see resample.pyx).
    uint8_t cnt[NLOC][NT]
    uint8_t tot[NLOC]
    uint8_t lb[JMAXP][NLOC][NT]
    # The table.
    int16_t round
    int8_t phase
    int8_t pres
    int8_t new_pres             # winner of a successful attack on the Presidente, -1 none
    int8_t order_pres           # the Presidente this round's orders were given under
    int8_t res_bdef             # the last battle resolved: defender, attack and defence values
    int16_t res_att, res_def
    int16_t nres                # battles resolved so far (a view notices a new result)
    int8_t bld[JMAXP]           # buildings including the Main House
    int8_t mil[JMAXP]           # militia dice owned (the Presidente's include those on loan)
    int8_t ords[JMAXP][NCODE]   # dice per order code this round
    Secrets orders              # value[q]: dice q has ordered this round; known[q]: seats that
                                #   have seen them (q, a Spy; everyone once revealed)
    uint8_t revealed
    int8_t loanp[JMAXP][JMAXP]  # Expert: militia promised [recipient][face seat]
    int8_t loana[JMAXP][JMAXP]  # Expert: militia received and not yet used
    int8_t bought[JMAXP]        # cards bought this round
    # Sequencing: the seat acting, how many draws/rolls it has left, the seats of the step,
    # and the multi-step choice under way (promises, one seat's orders, purchases or
    # payment) in its canonical order.
    int8_t cur
    int8_t left
    SeatQueue turn
    Frame step
    int8_t spy_return           # ordering again after a Spy: return to the Spy window
    int8_t bseat                # offset from the Presidente of the Golpista battle in hand
    # The battle being fought.
    int8_t bdef
    int8_t bpres                # the Presidente's battle
    uint8_t pres_att            # seats that attacked the Presidente this round
    SeatQueue battle            # defender, supporters, then attackers (clockwise); n = 0 none yet
    int8_t bside                # battle.seat[0:bside] is the defending side
    int8_t bown[JMAXP]          # own dice in the battle (Presidente: his defending militia)
    int8_t bloan[JMAXP]         # dice on loan from the Presidente, rolled by this seat
    int8_t faces[JMAXP][D6]     # dice rolled per face, per seat
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
    int8_t bwin                 # the battle in hand was won by the attackers
    int8_t pad[5]
    uint8_t winners
    int32_t pkey[JMAXP]         # plunder order: combat value, then tie-break rolls


cdef inline int all_seats(const JuntaData* d) noexcept nogil:
    return (1 << d.n) - 1


cdef inline bint ask(JuntaData* d, SeatQueue* q, SeatWants wants, int phase) noexcept nogil:
    """The next seat of q that wants to act acts in `phase`; False when none is left."""
    cdef int s = queue_seek(q, wants, d)
    if s < 0:
        return False
    d.cur = s
    d.phase = phase
    return True
