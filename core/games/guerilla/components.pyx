# cython: language_level=3
"""Guerilla's cards in C: the checked deck (cards.py) compiled once per data folder into the
static table every state of a game points to."""
from partisan.core.games.guerilla.table cimport *

from partisan.core.errors import DataError
from partisan.core.games.guerilla.cards import KINDS

_BY_DECK = {}


cdef class GuerillaCards:
    def __init__(self, deck):
        cdef int c, t
        cdef CardInfo* info
        if len(deck.cards) != NCARDS or len(deck.types) > NTYPES:
            raise DataError(f"{deck.where}: the engine plays {NCARDS} cards of at most "
                            f"{NTYPES} kinds, not {len(deck.cards)} of {len(deck.types)}")
        self.deck = deck
        self.revolution = -1
        for t in range(NTYPES):
            self.type_first[t] = 0
        for c, t in enumerate(deck.cards):
            kind = deck.types[t]
            info = &self.info[c]
            info.kind = KINDS.index(kind.kind)
            info.type = t
            info.value[F_GOV] = kind.government
            info.value[F_REB] = kind.rebel
            info.mod = kind.modifier
            info.df = kind.df
            info.vp = kind.vp
            info.red = RED_NONE
            info.capacity = 0
            info.immunity = 0
            for use in kind.uses:
                if use.kind == "revolution":
                    info.red = RED_REVOLUTION
                    self.revolution = c
                elif use.kind == "traitors":
                    info.red = RED_TRAITORS
                elif use.kind == "bad_weather":
                    info.red = RED_WEATHER
                elif use.kind == "hand_capacity":
                    info.capacity = use.params["delta"]
                elif use.kind == "immunity":
                    info.immunity = 1
            if c == 0 or deck.cards[c - 1] != t:
                self.type_first[t] = c


def cards_for(deck):
    """The compiled table of a deck, built once (states of one game share it)."""
    key = id(deck)
    hit = _BY_DECK.get(key)
    if hit is None or hit[0] is not deck:
        hit = (deck, GuerillaCards(deck))
        _BY_DECK[key] = hit
    return hit[1]
