# The kinds of card a seat can still commit from its hand, for the menus that name a hand's
# cards by kind (deployment, reinforcement, discard, the initial plan, trade offers).
from partisan.core.bitset cimport ws_to_list
from partisan.core.games.guerilla.table cimport (Guerilla, NCARDS, NW, P_HAND, card_free,
                                              barracks_faction)


cdef inline int free_types(Guerilla* d, int seat, int* types, int* first) noexcept nogil:
    """The kinds with a free copy in seat's hand (card_free), ascending, and each kind's first
    free copy, loose before held (what hand_of_type answers): one pass over the hand's cards,
    not one per kind of the deck. A kind's copies have consecutive ids, so the hand in id order
    is in kind order."""
    cdef int cards[NCARDS]
    cdef int k, c, t, n = 0
    cdef int m = ws_to_list(d.cards[P_HAND + seat], NW, cards)
    for k in range(m):
        c = cards[k]
        t = d.info[c].type
        if not card_free(d, seat, c):
            continue
        if n == 0 or types[n - 1] != t:
            types[n] = t
            first[n] = c
            n += 1
        elif barracks_faction(d, first[n - 1]) >= 0 and barracks_faction(d, c) < 0:
            first[n - 1] = c
    return n
