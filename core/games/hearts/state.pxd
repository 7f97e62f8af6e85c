from libc.stdint cimport int8_t, uint8_t, uint64_t
from partisan.core.state cimport GameState

# Card c (0..51) is rank c // 4 (2..A) of suit c % 4 (clubs, diamonds, hearts,
# spades), as in OpenSpiel's hearts. Card sets are 52-bit masks.
ctypedef struct Hearts:
    uint64_t hand[4]          # what each seat holds now (passed cards leave at once)
    uint64_t passed[4]        # the cards each seat passed
    uint64_t played_by[4]     # the cards each seat played
    uint64_t dealt            # every card dealt so far
    int8_t pass_cards         # option: passing on (else the direction is always no pass)
    int8_t phase
    int8_t pass_dir           # 0 no pass, 1 left, 2 across, 3 right
    int8_t cur                # seat to act, CHANCE or TERMINAL
    int8_t num_dealt
    int8_t num_passed
    int8_t num_played
    int8_t hearts_broken
    int8_t led_suit
    int8_t trick_winner
    int8_t trick_high         # rank winning the current trick
    int8_t trick_points
    int8_t points[4]
    uint8_t lacks[4]          # card classes a seat is publicly known not to hold
    int8_t trick_leader[13]
    int8_t tricks[13][4]      # the cards of each trick in play order


cdef class HeartsState(GameState):
    cdef Hearts d
    cdef void c_play(self, int p, int card) noexcept nogil
    cdef void _start_play(self) noexcept nogil
