# cython: language_level=3
"""Guerilla's cards in C: the checked deck (cards.py) compiled once per data folder into the
static table every state of a game points to."""
from partisan.core.games.guerilla.table cimport *

from partisan.core.errors import DataError
from partisan.core.games.guerilla.cards import KINDS

_BY_DECK = {}
# Which complex a use marks (cards.EFFECTS); "retrieve" is the Barracks' unless it takes no
# units (then the Port's).
_COMPLEX = {"air_strike": CX_AIRFIELD, "extra_action": CX_BANCO, "retrieve": CX_BARRACKS,
            "free_move": CX_BRIDGE, "police": CX_POLICIA, "immunity": CX_PALACE,
            "propaganda": CX_TV}
# Which event a card is, by its first use.
_EVENT = {"air_assault_deploy": EV_AIR_ASSAULT, "ambush_double": EV_AMBUSH,
          "armor_column": EV_ARMOR, "arms_attack_again": EV_ARMS, "assassinate": EV_ASSASSIN,
          "atrocities": EV_ATROCITIES, "bodyguard": EV_BODYGUARD,
          "informant_cancel_ambush": EV_INFORMANT, "recon_patrol": EV_RECON,
          "supply_cut": EV_SUPPLY, "un_intervention": EV_UN}


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
        for c in range(NCARDS):
            self.info[c].port_takes = 0
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
            info.complex = CX_NONE
            info.param = 0
            info.divisor = 0
            info.event = _EVENT.get(kind.uses[0].kind, EV_NONE) if kind.kind == "event" else EV_NONE
            info.only = {"government": F_GOV, "rebel": F_REB}.get(kind.faction, -1)
            for use in kind.uses:
                if use.kind == "assassinate":
                    info.param = use.params["threshold"]
                if use.kind == "armor_column":               # a Government unit (l.121)
                    info.value[F_GOV] = use.params["strength"]
                    info.value[F_REB] = use.params["strength"]
                if use.kind == "demolition":
                    info.param = use.params["attack"]
                if use.kind == "un_intervention":
                    info.param = use.params["defence"]
                if use.kind == "atrocities":
                    info.param = use.params["multiplier"]
                if use.kind == "press":
                    info.divisor = use.params["divisor"]
                if use.kind in _COMPLEX:
                    info.complex = _COMPLEX[use.kind]
                    info.param = use.params.get("attack", use.params.get("threshold", 0))
                if use.kind == "retrieve" and "unit" not in use.params["government"]:
                    info.complex = CX_PORT
                    for f, side in ((F_GOV, "government"), (F_REB, "rebel")):
                        for c2, t2 in enumerate(deck.cards):
                            if deck.types[t2].name in use.params[side]:
                                self.info[c2].port_takes |= 1 << f
                if use.kind == "revolution":
                    info.red = RED_REVOLUTION
                    self.revolution = c
                elif use.kind == "traitors":
                    info.red = RED_TRAITORS
                    info.param = use.params["threshold"]
                elif use.kind == "bad_weather":
                    info.red = RED_WEATHER
                    info.param = use.params["clear_above"]
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
