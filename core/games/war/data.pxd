# WAR's state as one fixed-size C struct, and the numbering shared by its modules (state:
# the rules; view: text and observations).
from libc.stdint cimport uint64_t, int8_t, int16_t, uint8_t
from partisan.core.turns cimport SeatQueue
from partisan.core.decision cimport Secrets

cdef enum:
    WAR_MAX = 4                 # seats
    NCARDS = 52                 # 0..51 = suit * 13 + (rank - 2), suits ♣ ♦ ♥ ♠, aces high
    MAX_RANK = 6                # the highest Guerrilla rank
    NO_SUPPORT_CHOSEN = 99      # the secret support choice "no support"
    SPY_RANK = 7                # a spy: shown by a loser, its winner reveals first next skirmish
    # Places of the knowledge block (core/knowledge.pxd), one 52-card word each.
    P_HAND = 0                  # + seat
    P_DRAW = WAR_MAX            # + seat: a set, draws are uniform chance choices
    P_DISC = 2 * WAR_MAX        # + seat: face up, everyone sees what goes in
    P_TIE = 3 * WAR_MAX         # + seat: cards drawn for tie resolution, not yet played
    P_POT = 4 * WAR_MAX         # every card used in this skirmish
    P_REMOVED = 4 * WAR_MAX + 1
    NPL = 4 * WAR_MAX + 2

# Action ids (draws, recruits and random losses are chance outcomes numbered as cards, i.e. in
# `play`). Records store these numbers. Each offset is the previous one plus its range's size,
# the sizes of state.ACTIONS (state.pyx checks the two agree on import).
cdef enum:
    A_PLAY = 0                  # + card
    A_SUPPORT = A_PLAY + NCARDS # + card
    A_NO_SUPPORT = A_SUPPORT + NCARDS
    A_PROPOSE = A_NO_SUPPORT + 1
    A_PASS = A_PROPOSE + 1      # decline a promotion, or let it pass
    A_CANCEL = A_PASS + 1       # + Guerrilla shown
    A_REMOVE = A_CANCEL + NCARDS  # + card (the winner picks the loss of forces)
    NUM_ACTIONS = A_REMOVE + NCARDS

# A card's worth in a skirmish (state: the rules; knowledge: the bots' priors).
cdef inline int value(int card, int grank) noexcept nogil:
    """Comparison value: every Guerrilla is worth the same, below every other card."""
    cdef int r = card % 13 + 2
    return 1 if r <= grank else r


cdef inline int strength(int up, int sup, int grank) noexcept nogil:
    """A face-up card, plus an optional support card: a pair beats any single."""
    cdef int v = value(up, grank)
    cdef int w
    if sup < 0:
        return v
    w = value(sup, grank)
    if w == v:
        return 100 + v
    return v if v > w else w


# Phases (their names are view.PHASE_NAMES).
cdef enum:
    PH_PROPOSE, PH_CANCEL, PH_RECRUIT, PH_DRAW, PH_SELECT, PH_SUPPORT, PH_TIE_DRAW, PH_TIE_PLAY, PH_LOSS, PH_OVER

# What the seats observe; a token is (kind, seat, card).
cdef enum:
    T_DRAW = 1, T_DRAW_HIDDEN, T_RESHUFFLE, T_SELECT, T_REVEAL, T_SUPPORT_CHOICE, T_SUPPORT_REVEAL,
    T_PROPOSE, T_PASS, T_CANCEL, T_RECRUIT, T_PROMOTED, T_TIE_DRAW, T_TIE_DRAW_HIDDEN, T_TIE_CHOICE,
    T_TIE_REVEAL, T_FACEDOWN_REVEAL, T_LOST, T_ELIMINATED, T_SPOILS

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
    Secrets pending             # secret choices made and not yet revealed: card, or support
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
