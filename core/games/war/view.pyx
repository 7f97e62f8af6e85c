# cython: language_level=3
"""WAR in words and plain data: move text, what each seat sees of a move, and a seat's
observation. Read-only functions of the state's struct; the search never calls them."""
from libc.stdint cimport uint64_t
from partisan.core.cards cimport count
from partisan.core.turns cimport queue_seat
from partisan.core.decision cimport NO_SECRET
from partisan.core.games.war.data cimport *

from partisan.core import narration

PHASE_NAMES = ("promotion", "cancellation", "recruitment", "draw", "play", "support",
               "tie draw", "tie play", "loss of forces", "over")
SUITS = "♣♦♥♠"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def card_name(int card):
    return RANKS[card % 13] + SUITS[card // 13]


cdef str action_to_string(WarData* d, int action):
    cdef int ph = d.phase
    if (ph == PH_DRAW or ph == PH_TIE_DRAW) and action < A_SUPPORT:
        return f"draw {card_name(action)}"
    if ph == PH_RECRUIT and action < A_SUPPORT:
        return f"recruit {card_name(action)}"
    if ph == PH_LOSS and not d.loss_by_winner and action < A_SUPPORT:
        return f"lose {card_name(action)}"
    if action < A_SUPPORT:
        return f"face up {card_name(action)}" if ph == PH_TIE_PLAY else f"play {card_name(action)}"
    if action < A_NO_SUPPORT:
        return f"support with {card_name(action - A_SUPPORT)}"
    if action == A_NO_SUPPORT:
        return "no support"
    if action == A_PROPOSE:
        return "propose promotion"
    if action == A_PASS:
        return "pass"
    if action < A_REMOVE:
        return f"cancel with {card_name(action - A_CANCEL)}"
    return f"remove {card_name(action - A_REMOVE)}"


cdef str describe_action(WarData* d, int action, object viewer, int actor):
    """The action of `actor` (the seat to move, or chance) as `viewer` sees it; None narrates
    for an all-seeing observer."""
    cdef int ph = d.phase
    who = lambda p: narration.who(p, viewer)
    chosen = d.loss_by_winner and ph == PH_LOSS
    if (ph in (PH_DRAW, PH_TIE_DRAW, PH_RECRUIT, PH_LOSS)
            and not (action >= A_REMOVE if chosen else action < A_SUPPORT)):
        return action_to_string(d, action)          # an id no card of this step has
    if ph == PH_DRAW or ph == PH_TIE_DRAW:
        actor = queue_seat(&d.turn)
        text = ""
        if not d.pl[P_DRAW + actor]:
            text = f"{who(actor)} shuffle{'' if viewer == actor else 's'} the discard pile into a new draw pile; "
        card = card_name(action) if viewer is None or viewer == actor else "a card"
        tie = " for the tie" if ph == PH_TIE_DRAW else ""
        return text + f"{who(actor)} draw{'' if viewer == actor else 's'} {card}{tie}"
    if ph == PH_RECRUIT:
        return f"{who(d.recruiter)} recruit{'' if viewer == d.recruiter else 's'} {card_name(action)} from P{d.proposer + 1}'s draw pile"
    if ph == PH_LOSS:
        if chosen:
            return f"{who(actor)}: remove {card_name(action - A_REMOVE)} (loss of forces)"
        return f"{card_name(action)} is removed from the game (loss of forces)"
    secret = ((ph == PH_SELECT and not (d.spy_first >> actor) & 1)
              or ph == PH_SUPPORT or ph == PH_TIE_PLAY)
    if secret and viewer is not None and viewer != actor:
        what = {PH_SELECT: "selects a card", PH_SUPPORT: "decides on support",
                PH_TIE_PLAY: ("plays one card face up and one face down"
                              if count(d.pl[P_TIE + actor]) > 1 else "plays its one card face up")}[ph]
        return f"{who(actor)} {what}"
    return f"{who(actor)}: {action_to_string(d, action)}"


cdef uint64_t hidden_pot(WarData* d, int player):
    """Face-down tie cards of the others, until the skirmish is settled."""
    cdef uint64_t m = 0
    cdef int q
    if d.phase != PH_TIE_DRAW and d.phase != PH_TIE_PLAY:
        return 0
    for q in range(d.n):
        if q != player:
            m |= d.facedown[q]
    return m


cdef dict observation(WarData* d, int player, int to_move, tuple suits):
    """What `player` knows, as plain data; `suits[q]` are the suits seat q plays."""
    cards = lambda m: [card_name(c) for c in range(NCARDS) if (m >> c) & 1]
    seats = []
    hidden_down = hidden_pot(d, player)
    for q in range(d.n):
        own = q == player
        pending = d.pending.value[q]
        seats.append({
            "seat": q,
            "active": bool((d.active >> q) & 1),
            "hand_size": count(d.pl[P_HAND + q]),
            "hand": cards(d.pl[P_HAND + q]) if own else cards(d.seen[P_HAND + q]),
            "draw_pile": count(d.pl[P_DRAW + q]),
            "discard_pile": cards(d.pl[P_DISC + q]),
            "face_up": card_name(d.up[q]) if d.up[q] >= 0 else None,
            "support": card_name(d.sup[q]) if d.sup[q] >= 0 else None,
            "shown": cards(d.shown[q]),
            "face_down": (count(d.facedown[q]) if d.facedown[q] & hidden_down
                          else cards(d.facedown[q])),
            "tie_cards": cards(d.pl[P_TIE + q]) if own else count(d.pl[P_TIE + q]),
            "secret_choice": (("no support" if pending == NO_SUPPORT_CHOSEN else card_name(pending))
                              if own and pending != NO_SECRET else (pending != NO_SECRET)),
            # the support penalty matters until the draw that it shortens
            "draws_one": bool((d.supported_last >> q) & 1) and d.phase <= PH_DRAW,
            "suits": "".join(SUITS[s] for s in suits[q]),
            "reveals_first": bool((d.spy_first >> q) & 1),
            "played_guerrilla": bool((d.played_g >> q) & 1),
            "contending": bool((d.contenders >> q) & 1),
        })
    last = None
    if d.skirmish > 0:
        last = {
            "winner": d.last_winner if d.last_winner >= 0 else None,
            "shown": [cards(d.last_shown[q]) for q in range(d.n)],
            "face_down": [cards(d.last_facedown[q]) for q in range(d.n)],
            "support": [cards(d.last_shown[q] & d.last_support) for q in range(d.n)],
            "removed": cards(d.last_removed),
            "spoils": cards(d.last_spoils),
        }
    return {
        "game": "war",
        "seat": player,
        "skirmish": d.skirmish + 1,
        "max_skirmishes": d.max_skirmishes,
        "guerrilla_rank": d.rank,
        "phase": PHASE_NAMES[d.phase],
        "to_move": to_move,
        "proposer": d.proposer if d.phase in (PH_CANCEL, PH_RECRUIT) else None,
        "hand": cards(d.pl[P_HAND + player]),
        "players": seats,
        "removed": cards(d.pl[P_REMOVED]),
        "pot": cards(d.pl[P_POT] & ~hidden_down),
        "skirmish_winner": d.winner if d.phase == PH_LOSS else None,
        "cards_to_remove": d.to_remove if d.phase == PH_LOSS else 0,
        "loss_chosen_by_winner": bool(d.loss_by_winner),
        "promotion_rule": "since_last" if d.promotion_since else "ever",
        "last_skirmish": last,
        "winner": d.result_winner if d.phase == PH_OVER and d.result_winner >= 0 else None,
    }
