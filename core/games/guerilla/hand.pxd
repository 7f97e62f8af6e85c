# The kinds of card a seat can still commit from its hand, for the menus that name a hand's
# cards by kind (deployment, reinforcement, discard, the initial plan, trade offers).
from partisan.core.bitset cimport ws_to_list
from partisan.core.games.guerilla.table cimport Guerilla, NCARDS, NW, P_HAND, card_free


cdef inline int free_types(Guerilla* d, int seat, int* types, int* first) noexcept:
    """The kinds with a free copy in seat's hand (card_free), ascending, and each kind's lowest
    free copy (what hand_of_type answers): one pass over the hand's cards, not one per kind of
    the deck. A kind's copies have consecutive ids, so the hand in id order is in kind order."""
    cdef int cards[NCARDS]
    cdef int k, c, t, n = 0
    cdef int m = ws_to_list(d.cards[P_HAND + seat], NW, cards)
    for k in range(m):
        c = cards[k]
        t = d.info[c].type
        if (n == 0 or types[n - 1] != t) and card_free(d, seat, c):
            types[n] = t
            first[n] = c
            n += 1
    return n
