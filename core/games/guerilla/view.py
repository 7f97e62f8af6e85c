"""Guerilla's text: action names, what each seat sees of an action, and observations (only
what the seat may know: its own hand and loyalty, the markers it has seen, the table, the
public tallies)."""
import re

from partisan.core.narration import OTHERS, by, concern, does, listed, who, whose
from partisan.core.games.guerilla.state import (
    ABILITIES, ACTIONS, CHANCE_OUTCOMES, MODES, NODES, PICKS, PLACES, ROLLS, TARGETED, WINDOWS)

FACTIONS = ("Government", "Rebel")
REVOLUTION = "Revolution"
SUPPLY_CUT = "Supply Cut"
LOYALTIES = ("Government", "Rebel", "Mercenary")
LETTERS = "ABCDEF"
SKIP_MARK = "→"          # a menu move marked →C goes on to phase C, passing over a phase
# What a node asks, by state.NODES' names.
_NODE_TEXT = dict(
    dealer="dealer", loyalty="loyalty", deal="deal", misdeal="misdeal",
    plan="initial deployment", plan_faction="initial deployment", refill="refill", turn="turn",
    pick="pick cards", faction="faction", attacker="attacking unit", target="target",
    defender="defender", mode="attack mode", roll="roll", loss="losses", garrison="garrison",
    draw="draw", complex="drawn complex", swap="revolution: swap markers",
    turncoat="revolution: turn a group", traitor="traitors", capacity="hand capacity",
    ability="ability target", window="reaction", ambush="ambush", un="UN Intervention",
    retreat="retreat", offer="trade: lay cards", accept="trade: accept", ret="trade: return cards",
    over="over", order="order of the losses", sortie="sortie",
    wpart="withdraw part of a group", arrange="rearrange: the unit to turn sideways",
    regroup="rearrange a group after a battle, deployment or change of faction",
    cutter="supply cut: cutting group", cut="supply cut: group to cut",
    armor_start="armor column: first target", armor_again="armor column: attack again",
    air="air assault: where", recon="recon patrol: group", recon_seat="recon patrol: hand",
    recon_counter="recon patrol: counter", recon_unit="recon counter: its unit (a leader may come first)",
    recon_leader="recon counter: leader", recon_take="recon patrol: take or discard",
    air_with="air assault: combine with")
NODE_TEXT = {NODES[name]: text for name, text in _NODE_TEXT.items()}
N_PLAN, N_PLAN_FACTION, N_PICK, N_OFFER, N_RETURN, N_OVER = (
    NODES["plan"], NODES["plan_faction"], NODES["pick"], NODES["offer"], NODES["ret"], NODES["over"])
N_TURN, N_MISDEAL, N_UN, N_ACCEPT, N_ARRANGE, N_REGROUP = (
    NODES["turn"], NODES["misdeal"], NODES["un"], NODES["accept"], NODES["arrange"], NODES["regroup"])
N_RECON, N_RECON_SEAT, N_RECON_TAKE = NODES["recon"], NODES["recon_seat"], NODES["recon_take"]
N_AIR, N_AIR_WITH = NODES["air"], NODES["air_with"]
N_ARMOR_START, N_ARMOR_AGAIN, N_RECON_COUNTER = NODES["armor_start"], NODES["armor_again"], NODES["recon_counter"]
N_WINDOW, N_RETREAT = NODES["window"], NODES["retreat"]   # the reaction nodes: window to retreat
N_DEAL, N_REFILL, N_DRAW, N_CAPACITY = NODES["deal"], NODES["refill"], NODES["draw"], NODES["capacity"]
N_ROLL, N_ABILITY, N_LOSS = NODES["roll"], NODES["ability"], NODES["loss"]
_RED_NODES = (NODES["swap"], NODES["turncoat"], NODES["traitor"], NODES["complex"])
# An attack mode (the battle's, and A_MODE + mode) as the screens name it.
MODE_TEXT = {MODES["sideways"]: "sideways units", MODES["commanded"]: "commanded units",
             MODES["all"]: "all units", MODES["single"]: "a single unit",
             MODES["armor"]: "the unit the defender chose"}
WINDOW_TEXT = {WINDOWS["bodyguard"]: "Bodyguard", WINDOWS["battle"]: "battle",
               WINDOWS["after"]: "after the battle"}
ABILITY_TEXT = {
    ABILITIES["strike"]: "air strike (Airfield)", ABILITIES["policia"]: "assassination (Policia)",
    ABILITIES["tv"]: "propaganda (TV Station)", ABILITIES["destroy"]: "destroy a Rebel complex",
    ABILITIES["repair"]: "repair a complex", ABILITIES["palace"]: "new leader (Presidential Palace)",
    ABILITIES["port"]: "retrieve a card (Port)", ABILITIES["bridge_deploy"]: "deploy free (Bridge)",
    ABILITIES["bridge_withdraw"]: "withdraw free (Bridge)",
    ABILITIES["marker"]: "buy an ambush marker point"}
PK_DISCARD = PICKS["discard"]
P_HAND = PLACES["hand"]                 # + seat

# Decision ranges (state.ACTIONS) and chance ranges (state.CHANCE_OUTCOMES).
_FIXED = {ACTIONS.done: "done", ACTIONS.yes: "yes", ACTIONS.no: "no", ACTIONS.end: "end the turn",
          ACTIONS.deploy: "deploy a new group", ACTIONS.discard: "discard cards",
          ACTIONS.draw: "draw cards"}
A_YES, A_NO = ACTIONS.yes, ACTIONS.no
A_WITHDRAW, A_ATTACK, A_REINFORCE = ACTIONS.withdraw, ACTIONS.attack, ACTIONS.reinforce
A_TYPE, A_GROUP, A_CARD, A_FACTION = ACTIONS.type, ACTIONS.group, ACTIONS.card, ACTIONS.faction
A_MODE, A_PAIR, A_ABILITY, A_PLAY = ACTIONS.mode, ACTIONS.pair, ACTIONS.ability, ACTIONS.play
A_USE, A_SEAT, A_TRADE, A_OFFER = ACTIONS.use, ACTIONS.seat, ACTIONS.trade, ACTIONS.offer
C_LOYALTY, C_CARD, C_DIE = CHANCE_OUTCOMES.loyalty, CHANCE_OUTCOMES.card, CHANCE_OUTCOMES.die
SEATS_MAX = len(ACTIONS.span("seat"))
DIE_FACES = len(CHANCE_OUTCOMES.span("die"))


def seat_name(seat: int) -> str:
    """A seat as the screen names it, P1 for seat 0 (core/narration.py)."""
    return who(seat, None)


# "yes" and "no" at the nodes where they answer a question, as that answer.
_ANSWER_TEXT = {(N_WINDOW, A_YES): "roll your ambush marker", (N_WINDOW, A_NO): "no reaction",
                (N_RETREAT, A_YES): "accept the retreat", (N_RETREAT, A_NO): "refuse the retreat",
                (N_ACCEPT, A_NO): "reject every counter-offer",
                (N_ARMOR_AGAIN, A_YES): "attack again with the Armor Column",
                (N_ARMOR_AGAIN, A_NO): "no further attack", (N_RECON_COUNTER, A_NO): "no counter"}

# A seat chosen at these nodes, as a phrase.
_SEAT_TEXT = {N_UN: "UN Intervention on {}", N_ACCEPT: "accept {}'s counter-offer",
              N_RECON_SEAT: "inspect {}'s hand"}


def _pairs():
    return [(a, b) for a in range(SEATS_MAX) for b in range(a + 1, SEATS_MAX)]


_CARD_ID = " (card "          # card_name's suffix: " (card 12)"


def card_name(state, card: int) -> str:
    """A card as the observations name it: its kind and its id, so copies stay apart."""
    deck = state.deck
    return f"{deck.types[deck.cards[card]].name}{_CARD_ID}{card})"


def kind_name(name: str) -> str:
    """The kind of a card named by card_name (identical copies read alike); other text as is."""
    head, sep, card = name.rpartition(_CARD_ID)
    return head if sep and card.endswith(")") and card[:-1].isdigit() else name


def action_to_string(state, a: int) -> str:
    deck = state.deck
    if state.is_chance_node():
        if a < C_LOYALTY:
            return f"dealer: {seat_name(a)}"
        if a < C_CARD:
            return f"loyalty: {LOYALTIES[a - C_LOYALTY]}"
        if a < C_DIE:
            return f"card: {card_name(state, a - C_CARD)}"
        return f"die: {a - C_DIE + 1}"
    if A_TYPE <= a < A_FACTION and state._node() == N_RECON_TAKE:
        t = a - A_TYPE
        return (f"discard {deck.types[t].name}" if a < A_GROUP else
                f"take {card_name(state, a - A_CARD)}")
    air = _air_text(state, a)
    if air:
        return air
    if a < A_WITHDRAW:
        node = state._node()
        if a == A_YES and node == N_TURN:
            return "retrieve a card (Barracks)"
        if node == N_MISDEAL:
            return "call a misdeal" if a == A_YES else "keep the deal (no misdeal)"
        if a == A_NO and node == N_REGROUP:
            return f"keep group {state._snap()['pick_group']} as it is"
        return _ANSWER_TEXT.get((node, a), _FIXED[a])
    if a < A_ATTACK:
        return f"withdraw group {a - A_WITHDRAW}"
    if a < A_REINFORCE:
        return f"attack with group {a - A_ATTACK}"
    if a < A_TYPE:
        return f"reinforce group {a - A_REINFORCE}"
    if a < A_GROUP:
        t = a - A_TYPE
        name = deck.types[t].name if t < len(deck.types) else f"kind {t}"
        snap = state._snap()
        if snap["node"] == N_PICK and snap["pick_kind"] == PK_DISCARD:
            # the first card named is the one shown on top of the pile (l.91)
            return f"{name} under it (face down)" if snap["pick"] else f"{name} on top (shown)"
        return name
    if a < A_CARD:
        if state._node() == N_TURN:
            return f"sortie from group {a - A_GROUP}"
        return f"group {a - A_GROUP}"
    if a < A_FACTION:
        node = state._node()
        if node in (N_TURN, N_REGROUP):
            return f"bring into command {card_name(state, a - A_CARD)}"
        if node == N_RECON:
            return f"sortie {card_name(state, a - A_CARD)}"
        if node == N_ARRANGE:
            return f"turn {card_name(state, a - A_CARD)} sideways"
        return card_name(state, a - A_CARD)
    if a < A_MODE:
        return FACTIONS[a - A_FACTION]
    if a < A_PAIR:
        mode = a - A_MODE
        return f"attack {'' if mode == MODES['all'] else 'the '}{MODE_TEXT[mode]}"
    if a < A_ABILITY:
        x, y = _pairs()[a - A_PAIR]
        return f"swap the markers of {seat_name(x)} and {seat_name(y)}"
    if a < A_PLAY:
        return ABILITY_TEXT[a - A_ABILITY]
    if a < A_USE:
        t = a - A_PLAY
        return f"play {deck.types[t].name}" if t < len(deck.types) else f"play kind {t}"
    if a == A_USE + 3 and _armor_refusal(state):
        return "refuse combat with the Armor Column"
    if a < A_SEAT:
        return ("play Atrocities", "play Press", "play Informant: cancel the last Ambush",
                "play Informant: offer a retreat")[a - A_USE]
    if a < A_TRADE:
        return _SEAT_TEXT.get(state._node(), "{}").format(seat_name(a - A_SEAT))
    if a == A_TRADE:
        return "offer a trade"
    t, down = divmod(a - A_OFFER, 2)
    kind = deck.types[t].name if t < len(deck.types) else f"kind {t}"
    return f"{kind} face down" if down else f"{kind} face up"


def _air_text(state, a: int) -> str | None:
    """Air Assault's combined attack (l.119): the pair's groups, or attacking alone."""
    node = state._node()
    if node == N_AIR and A_ATTACK <= a < A_REINFORCE:
        return f"combine group {a - A_ATTACK} with another"
    if node == N_AIR_WITH and A_GROUP <= a < A_CARD:
        return f"combine with group {a - A_GROUP}"
    if node == N_AIR_WITH and a == A_NO:
        return "attack alone"
    return None


def _armor_refusal(state) -> bool:
    """The defender of an Armor Column's attack refuses without a card (l.121)."""
    if state._node() != N_WINDOW:
        return False
    snap = state._snap()
    battle = snap["battle"]
    if battle["attacker"] < 0 or battle["defender"] < 0:
        return False
    groups = {g["id"]: g for g in snap["groups"]}
    att, dfd = groups.get(battle["attacker"]), groups.get(battle["defender"])
    return (att is not None and dfd is not None and dfd["owner"] == snap["cur"] and dfd["units"]
            and any(_is_armor(state, c) for c in att["units"]))


def describe_action(state, a: int, viewer) -> str:
    """A secret step (the initial plan, a face-down discard, a card drawn) as `viewer` sees it."""
    actor = state.current_player()
    snap = state._snap()
    node = snap["node"]
    text = action_to_string(state, a)
    if actor < 0:
        if C_CARD <= a < C_DIE and node in (N_DEAL, N_REFILL, N_DRAW):
            who = snap["cur"] if node != N_DRAW else snap["active"]
            red = state.deck.types[state.deck.cards[a - C_CARD]].kind in ("complex", "red")
            if viewer is not None and viewer != who and not (red and node == N_DRAW):
                return does(who, viewer, "draw", "a card")
        if C_LOYALTY <= a < C_CARD and viewer is not None and viewer != snap["cur"]:
            return does(snap["cur"], viewer, "take", "a loyalty marker")
        if C_LOYALTY <= a < C_CARD:          # the marker taken, seen by its holder (l.29)
            return does(snap["cur"], viewer, "take", f"a loyalty marker: {LOYALTIES[a - C_LOYALTY]}")
        if C_CARD <= a < C_DIE and node == N_CAPACITY and viewer is not None and viewer != snap["active"]:
            return does(snap["active"], viewer, "lose", "a card at random")
        if a >= C_DIE and node == N_ROLL:
            return die_text(state, a - C_DIE + 1, viewer)
        if C_CARD <= a < C_DIE and node in (N_DEAL, N_REFILL, N_DRAW):
            who_ = snap["cur"] if node != N_DRAW else snap["active"]
            line = does(who_, viewer, "draw", kind_name(text[len("card: "):]))
            if node == N_REFILL and state.deck.types[state.deck.cards[a - C_CARD]].kind in ("complex", "red"):
                line += " (a red card: it goes back into the deck and another is drawn)"
            return line + _red_spent(state, a) + _weather_drawn(state, a, who_, viewer)
        if C_CARD <= a < C_DIE and node == N_CAPACITY:
            return does(snap["active"], viewer, "lose", f"{kind_name(text[len('card: '):])} at random "
                        "(a hand over capacity at the end of the turn)")
        return kind_name(text)
    if node == N_RECON_TAKE and A_CARD <= a < A_FACTION and viewer not in (None, actor,
                                                                          snap["recon_seat"]):
        return by(actor, viewer, f"takes a card from {seat_name(snap['recon_seat'])}")
    if node == N_RETURN and a - A_CARD in snap["laid_down"]:
        to = snap["active"] if actor == snap["partner"] else snap["partner"]
        if viewer not in (None, actor, to):
            return by(actor, viewer, f"returns a card laid face down to {seat_name(to)}")
    if _is_retrieval(state, a):
        return by(actor, viewer, move_phrase(state, a, viewer) + _retrieved(state, a))
    if node == N_ACCEPT and a >= A_SEAT:
        return by(actor, viewer, move_phrase(state, a, viewer) + ": " + _exchanged(state, a, viewer)
                  + _taken_back(state, snap, a - A_SEAT, viewer))
    if node == N_ACCEPT:
        return by(actor, viewer, move_phrase(state, a, viewer) + _taken_back(state, snap, -1, viewer))
    if node == N_LOSS and a == ACTIONS.done:
        return by(actor, viewer, f"{move_phrase(state, a, viewer)}: {_losses_met(state, a, viewer)}")
    if node == N_PICK and snap["pick_kind"] == PK_DISCARD and a == ACTIONS.done:
        return by(actor, viewer, _discarded(state, snap["pick"], viewer in (None, actor)))
    if node == N_OFFER and viewer not in (None, actor):
        if a == ACTIONS.done:
            return by(actor, viewer, f"{move_phrase(state, a, viewer)}{_laid(state, snap, actor)}")
        if (a - A_OFFER) % 2 == 1:      # the card is secret, not that it is laid (l.87)
            return does(actor, viewer, "lay", "a card face down")
    secret = node in (N_PLAN, N_PLAN_FACTION) or (node == N_PICK and snap["pick_kind"] == PK_DISCARD
                                                   and a != ACTIONS.done)
    if secret and viewer is not None and viewer != actor:
        return by(actor, viewer, "chooses in secret")
    if node == N_WINDOW and snap["window"] == WINDOWS["after"] and A_USE <= a < A_USE + 2:
        return by(actor, viewer, move_phrase(state, a, viewer) + _after_battle_net(state, a))
    if node == NODES["swap"]:
        return by(actor, viewer, move_phrase(state, a, viewer) + _no_turncoat(state, a))
    if node == N_WINDOW and a == A_NO and A_YES in state.legal_actions():
        # the marker's roll is told (l.79: "he may roll the die"), so is the choice not to roll it
        return by(actor, viewer, f"no reaction ({whose(actor, viewer)} ambush marker "
                                 f"{snap['markers'][actor]} not rolled)")
    if node == NODES["order"] and A_CARD <= a < A_FACTION:
        return by(actor, viewer, move_phrase(state, a, viewer) + _order_scores(state, a, viewer))
    if node == N_WINDOW and a == A_NO and viewer == actor:
        return by(actor, viewer, move_phrase(state, a, viewer) + _no_ambush_on_complex(state, snap, actor))
    again = _attacks_again(snap, a)
    if again is not None:
        what = "may attack again" if snap["node"] == N_TURN else "attacks again to destroy its complex"
        return f"{does(actor, viewer, 'play', 'the Arms Cache')}: {_group_at(snap, again, viewer)} {what}"
    return by(actor, viewer, move_phrase(state, a, viewer) + (_banco_pays(state, snap, a) if node == N_TURN else ""))


def _no_ambush_on_complex(state, snap, seat: int) -> str:
    """Why the Ambush `seat` holds was not on his menu in a battle on a complex, told to him
    alone (his hand is his secret): it "Cannot be played on a complex" (l.120), garrisoned or
    not (RULES.md reading 17). Only the attacker and the defender could have played it."""
    b = snap["battle"]
    groups = {g["id"]: g for g in snap["groups"]}
    target = groups.get(b["defender"])
    if snap["window"] != WINDOWS["battle"] or target is None or target["complex"] < 0:
        return ""
    if seat not in (_group_owner(snap, b["attacker"]), target["owner"]):
        return ""
    deck = state.deck
    if not any(w == P_HAND + seat and deck.types[deck.cards[c]].name == "Ambush" for c, w in snap["where"].items()):
        return ""
    return (f" (your Ambush cannot be used: it \"Cannot be played on a complex\", "
            f"and g{target['id']} is the {kind_name(card_name(state, target['complex']))})")


def _played(state, a: int):
    """The state after move or outcome `a`, or None when `a` is not legal here: a line may
    describe any id (a log, a move described but not offered), and only a legal one is played
    ahead to see what it does."""
    if a not in state.legal_actions():
        return None
    after = state.clone()
    after.apply_action(a)
    return after


def _red_spent(state, a: int) -> str:
    """A drawn Traitors with no target, discarded at once (RULES.md reading 30): "A traitor can
    be played on any deployed complex or leader, except those belonging to a player controlling
    the (undamaged, un-isolated) Presidential Palace" (l.140)."""
    kind = state.deck.types[state.deck.cards[a - C_CARD]]
    if state._node() != N_DRAW or kind.name != "Traitors":
        return ""
    return _no_target(state, a, "traitor", ": no leader or complex it may turn", "the Palace holder is immune",
                      ": discarded")


def _weather_drawn(state, a: int, drawer: int, viewer) -> str:
    """What a Bad Weather drawn blocks, and until when (l.132: "This card prevents air assaults
    and air strikes ... At the start of each of the drawing player's turns after the one in
    which it is drawn, roll a die. A roll greater than five means that the weather has
    cleared")."""
    if state._node() != N_DRAW or state.deck.types[state.deck.cards[a - C_CARD]].name != "Bad Weather":
        return ""
    return (f": no air assaults or air strikes, anyone's, until a d10 above "
            f"{_threshold(state, 'bad_weather', 'clear_above')} clears it, rolled at the start of each of "
            f"{whose(drawer, viewer)} turns after this one")


def _no_turncoat(state, a: int) -> str:
    """The Revolution's second step with no group to turn: "the drawing player must change the
    faction of one deployed Government group to Rebel ... Any player controlling the
    (undamaged, un-isolated) Presidential Palace is excluded from ... the change of faction"
    (l.139)."""
    return _no_target(state, a, "turncoat", "; no Government group may be turned Rebel",
                      "the Palace holder's are excluded", ": the Revolution ends")


def _no_target(state, a: int, step: str, text: str, immune: str, end: str) -> str:
    """`text`, with `immune` when a Palace holder's immunity counts, and `end`, when move a
    does not lead to the red card's target `step` (no target left); else nothing."""
    after = _played(state, a)
    if after is None or after._node() == NODES[step]:
        return ""
    palace = any(_immune_holder(state, g) for g in state._snap()["groups"])
    return text + (f" ({immune})" if palace else "") + end


def _immune_holder(state, g: dict) -> bool:
    """g is an undamaged, un-isolated Presidential Palace: its holder is immune (l.138)."""
    return (g["complex"] >= 0 and not g["damage"] and g["cut_by"] < 0 and any(
        u.kind == "immunity" for u in state.deck.types[state.deck.cards[g["complex"]]].uses))


_AFTER_CARDS = ("Atrocities", "Press")        # the uses A_USE, A_USE + 1


def _after_battle_net(state, a: int) -> str:
    """What an Atrocities or a Press played after a battle makes of its points (l.124: "Halves
    (fractions rounded down) or doubles the point value of any losses inflicted in battle ...
    Only one Atrocities and one Press card can be played per battle"): the points as scored
    and as they will stand, or that the second card cancels the first."""
    after = _played(state, a)
    if after is None:
        return ""
    before, now = _window_gain(state), _window_gain(after)
    card, other = _AFTER_CARDS[a - A_USE], _AFTER_CARDS[A_USE + 1 - a]
    if before:                                          # the other card was played: back to as scored
        stay = f"the battle's {before} point{'s' * (before != 1)} stay {before}" if before > 0 else \
            "the battle's points stay as scored"
        return f" ({card} cancels the {other}: {stay})"
    scored = now if now > 0 else _window_gain_with(state, 2 * A_USE + 1 - a)
    if scored <= 0:
        return ""
    return f" (the battle's {scored} point{'s' * (scored != 1)} become {scored + now})"


def _window_gain_with(state, a: int) -> int:
    """The points the other use of the card would add (the points scored, when it doubles)."""
    other = _played(state, a)
    return 0 if other is None else _window_gain(other)


def _window_gain(state) -> int:
    """The points the after-battle window adds to the victor's score (negative: takes) once
    everyone passes from here: what the cards already played make of the battle's points."""
    done = state.clone()
    while done._node() == N_WINDOW and done._snap()["window"] == WINDOWS["after"]:
        done.apply_action(A_NO)
    return sum(s1 - s0 for s0, s1 in zip(state._snap()["score"], done._snap()["score"]))


def _attacks_again(snap, a: int) -> int | None:
    """The group that has attacked this turn and attacks again (l.52: "Each group can attack
    once in a turn"), or destroys its complex, which "counts as an attack" (l.76): its owner's
    Arms Cache is played face up (l.122 "1) Attack with the same group a second time"); else None."""
    node = snap["node"]
    if node == N_TURN and A_ATTACK <= a < A_REINFORCE:
        gi = a - A_ATTACK
    elif node == N_ABILITY and snap["ability"] == ABILITIES["destroy"] and A_GROUP <= a < A_CARD:
        gi = a - A_GROUP
    else:
        return None
    return gi if any(g["id"] == gi and g["attacked"] for g in snap["groups"]) else None


def _is_retrieval(state, a: int) -> bool:
    return a == A_ABILITY + ABILITIES["port"] or (a == A_YES and state._node() == N_TURN)


def _retrieved(state, a: int) -> str:
    """What the Port's or the Barracks' retrieval (l.134, l.137) takes, shown to all (RULES.md
    reading 34), or that it finds no card it may take: its action is spent all the same (the
    pile "cannot be checked ... before spending an action")."""
    after = _played(state, a)
    if after is None:
        return ""
    taken = [c for c in state._snap()["discard"] if c not in after._snap()["discard"]]
    if not taken:
        return ": the discard pile holds no card it takes"
    return f": it takes {_kinds(state, taken)} from the discard pile"


def _kinds(state, cards) -> str:
    return ", ".join(kind_name(card_name(state, c)) for c in cards)


def _exchanged(state, a: int, viewer) -> str:
    """The cards each side of an accepted trade receives (l.87), as `viewer` may know them: all
    to the two partners, the face-up ones to the others, who count the face-down ones (RULES.md
    reading 36)."""
    snap = state._snap()
    active, partner = snap["active"], a - A_SEAT
    sides = []
    for giver, taker in ((active, partner), (partner, active)):
        laid = [c for c, f in enumerate(snap["offer"]) if f and snap["where"].get(c) == P_HAND + giver]
        known = [c for c in laid if viewer in (None, giver, taker) or snap["offer"][c] == 1]
        hidden = len(laid) - len(known)
        parts = ([_kinds(state, known)] if known else []) + ([f"{hidden} card{'s' * (hidden != 1)} laid face down"]
                                                            if hidden else [])
        sides.append(does(taker, viewer, "receive", " and ".join(parts) or "nothing"))
    return "; ".join(sides)


def _taken_back(state, snap, partner: int, viewer) -> str:
    """A counter-offer the offering player did not accept (he "can only accept one trade deal
    or reject them all", l.87), told to the player who laid it: its cards go back to his hand."""
    if viewer is None or viewer in (snap["active"], partner):
        return ""
    mine = [c for c, f in enumerate(snap["offer"]) if f and snap["where"].get(c) == P_HAND + viewer]
    return f"; your counter-offer is not taken: you take back your {_kinds(state, mine)}" if mine else ""


def _discarded(state, picked, mine: bool) -> str:
    """The discard of phase E (l.91): the first card named lies on top, shown to all; the others
    go face down under it, named to their player alone."""
    n = len(picked)
    text = f"discard {n} card{'s' * (n != 1)}: {_kinds(state, picked[:1])} on top of the pile, shown"
    if n > 1:
        text += f", and {_kinds(state, picked[1:]) if mine else n - 1} face down under it"
    return text


# ------------------------------------------------------------------ dice
_ROLL_TEXT = {ROLLS["attack"]: "attack", ROLLS["defence"]: "defence", ROLLS["weather"]: "Bad Weather",
              ROLLS["sudden"]: "sudden death", ROLLS["traitor"]: "Traitors",
              ROLLS["strike"]: "air strike", ROLLS["strike_defence"]: "defence",
              ROLLS["policia"]: "Policia", ROLLS["tv"]: "propaganda", ROLLS["repair"]: "repair",
              ROLLS["assassin"]: "Assassin", ROLLS["marker"]: "ambush marker"}
_ABILITY_ROLL = {TARGETED["demolition"]: "demolition"}


def _group_owner(snap, gi: int) -> int:
    return next((g["owner"] for g in snap["groups"] if g["id"] == gi), -1)


def _roller(snap) -> int | None:
    """The seat whose die this is: the attack's, the defence's, the marker's holder, or the
    player whose turn it is; None for the sudden-death die, which is nobody's."""
    r, b = snap["roll_for"], snap["battle"]
    if r == ROLLS["sudden"]:
        return None
    if r == ROLLS["attack"]:
        return _group_owner(snap, b["attacker"])
    if r in (ROLLS["defence"], ROLLS["strike_defence"]):
        owner = _group_owner(snap, b["defender"])
        return owner if owner >= 0 else (snap["un"] if snap["un"] >= 0 else None)
    return snap["cur"] if r == ROLLS["marker"] else snap["active"]


def die_text(state, face: int, viewer) -> str:
    """A die with what it is for and whose it is ("your attack d10: 7"); the last die of an
    attempt also gives its sum, what it must beat and what came of it; the battle's second die
    both totals and who loses how much (l.67-l.68)."""
    snap = state._snap()
    r = snap["roll_for"]
    what = _ABILITY_ROLL.get(snap["ability"], _ROLL_TEXT.get(r, "")) if r == ROLLS["strike"] else _ROLL_TEXT.get(r, "")
    if r == ROLLS["assassin"] and snap["ability"] == ABILITIES["policia"]:
        what = "Policia"                   # its assassination attempt is the Assassin's roll (l.136)
    seat = _roller(snap)
    if seat is None or seat < 0:
        head = f"the {what} d10: {face}"
    else:
        head = f"{whose(seat, viewer)} {what} d10: {face}"
    if r in _ROLL_SUM:
        return head + (_roll_outcome(state, snap, face, r, viewer) or _more_dice(state, face, r))
    if r == ROLLS["repair"]:
        return head + _repaired(state, snap, face)
    if r == ROLLS["repair"]:
        return head + _repaired(state, snap, face)
    if r == ROLLS["sudden"]:
        # l.103: "greater than or equal to the number beneath the end of round marker"
        marker = snap["sudden_marker"]
        return head + (f", needed {marker} or more: " + ("the round ends" if face >= marker
                                                         else f"play goes on (next at {marker - 1})"))
    if r == ROLLS["weather"]:
        limit = _threshold(state, "bad_weather", "clear_above")     # "greater than five" (l.132)
        return head + (f", above {limit}: the weather clears" if _weather_clears(state, face)
                       else f", {limit} or less: the weather holds")
    if r != ROLLS["defence"]:
        return head
    return f"{_battle_of(state, snap, viewer)}: {head}{battle_result(state, face, viewer)}"


def battle_sides(attacker: int, att_seat: int, partner: int, defender: int, dfd_seat: int, mode: int,
                 viewer, armor: bool = False, sideways: bool = False) -> tuple[str, str]:
    """A battle's two sides as its lines name them, so that a line of its dice or of its losses
    reads alone: the attacking group, with the group an Air Assault combined with it (l.119)
    and the Armor Column named (l.121), and the target, with the part of it attacked when the
    target had `sideways` units and only part was ("only the sideways unit ... the units under
    command control", l.60-l.64)."""
    side = f"{whose(att_seat, viewer)} {'Armor Column ' if armor else ''}g{attacker}"
    if partner >= 0:
        side += f" and g{partner} (Air Assault)"
    if defender < 0:
        return side, "the UN card"
    target = f"{whose(dfd_seat, viewer)} g{defender}"
    if sideways and mode in (MODES["sideways"], MODES["commanded"]):
        target = f"the {MODE_TEXT[mode]} of {target}"
    return side, target


def attacks(side: str, target: str, partner: int) -> str:
    """"P4's g0 attacks P2's g8"; two groups combined attack together."""
    return f"{side} attack{'s' if partner < 0 else ''} {target}"


def _battle_of(state, snap, viewer) -> str:
    """The battle under way, as "P4's g0 attacks P2's g8" (battle_sides)."""
    b = snap["battle"]
    groups = {g["id"]: g for g in snap["groups"]}
    att, dfd = groups.get(b["attacker"]), groups.get(b["defender"])
    armor = att is not None and len(att["units"]) == 1 and _is_armor(state, att["units"][0])
    sideways = dfd is not None and dfd["leader"] >= 0 and len(dfd["units"]) > _group(state, dfd)["commanded"]
    side, target = battle_sides(b["attacker"], _group_owner(snap, b["attacker"]), b["with"], b["defender"],
                                _group_owner(snap, b["defender"]), b["mode"], viewer, armor, sideways)
    return attacks(side, target, b["with"])


def _abilities_note(state, g: dict, change: str) -> str:
    """A complex's abilities lost with its first damage, or back when it is repaired whole: "A
    damaged complex continues to defend at its full DF, but loses its special abilities"
    (l.122); the Banco's is its extra action (l.133). A complex cut off has none either way
    (l.128), so its return is not claimed."""
    name = kind_name(card_name(state, g["complex"]))
    what = "its extra action" if name.startswith("Banco") else "its special abilities"
    if change == "lost":            # the line has named the complex
        return f"; damaged, it loses {what} until repaired"
    return "" if g["cut_by"] >= 0 else f"; undamaged again, the {name} has {what} back"


def _repaired(state, snap, face: int) -> str:
    """A repair die: "damage equal to half the number rolled (rounded down) is repaired" (l.92),
    and the abilities back when no damage is left (l.122)."""
    after = _played(state, C_DIE + face - 1)
    if after is None:
        return ""
    now = {g["id"]: g for g in after._snap()["groups"]}
    for g in snap["groups"]:
        h = now.get(g["id"])
        if h is not None and h["complex"] == g["complex"] >= 0 and h["damage"] < g["damage"]:
            text = f", half of it ({face // 2}) repairs {g['damage'] - h['damage']} damage of the {kind_name(card_name(state, g['complex']))}"
            return text + (_abilities_note(state, h, "back") if not h["damage"] else f" ({h['damage']} left)")
    return ", half of it repairs nothing"


def _more_dice(state, face: int, r: int) -> str:
    """A Bodyguard played against an assassination: "the assassin must make an additional die
    roll and use the lowest roll" (l.125), said at the first die."""
    after = _played(state, C_DIE + face - 1) if r == ROLLS["assassin"] else None
    if after is None:
        return ""
    s1 = after._snap()
    return (", and a Bodyguard makes another roll: the lowest counts"
            if s1["node"] == N_ROLL and s1["roll_for"] == r else "")


def _weather_clears(state, face: int) -> bool:
    """Whether this face of the Bad Weather roll discards the card (l.132), by the engine."""
    after = _played(state, C_DIE + face - 1)
    return after is not None and after._snap()["weather"] < 0


def _threshold(state, kind: str, key: str = "threshold") -> int:
    """A card's printed "greater than N" (the card data)."""
    return next(u.params[key] for t in state.deck.types for u in t.uses if u.kind == kind)


def _modifier(state, card: int) -> int:
    return state.deck.types[state.deck.cards[card]].modifier if card >= 0 else 0


def _traitors_sum(state, snap, face):
    """l.140: "Add the leader's command modifier to a die roll. If played on a complex with no
    leader, the die roll is unmodified. If the result is greater than 5 ...". """
    g = next(g for g in snap["groups"] if g["id"] == snap["battle"]["defender"])
    limit = _threshold(state, "traitors")
    if g["leader"] < 0:
        return " (no leader: unmodified)", face, limit
    mod = _modifier(state, g["leader"])
    return f", plus the leader's modifier {mod:+d}: {face + mod}", face + mod, limit


def _assassin_sum(state, snap, face):
    """l.123, l.136: "Roll the die and subtract the target leader's command modifier ... If the
    result is greater than 5, the leader is dead"; with a Bodyguard the lowest die (l.125)."""
    guarded = 0 < snap["low"] <= DIE_FACES               # an earlier die of this attempt
    low = min(face, snap["low"]) if guarded else face
    mod = _modifier(state, snap["battle"]["named"])
    limit = _threshold(state, "police" if snap["ability"] == ABILITIES["policia"] else "assassinate")
    lowest = f"; the Bodyguard's rule, the lowest roll counts: {low}" if guarded else ""
    return f"{lowest}, less the leader's modifier {mod:+d}: {low - mod}", low - mod, limit


def _tv_sum(state, snap, face):
    """l.141: "Roll the die, subtract the strength of the unit plus its group leader's command
    modifier. If the result is greater than 0, the unit is eliminated." """
    b = snap["battle"]
    g = next(g for g in snap["groups"] if g["id"] == b["defender"])
    printed, mod = _unit_and_leader(state, g, b["named"])
    strength = printed + mod
    what = f"{strength} (strength {printed}{_leader_part(state, g, b['named'], mod)})" if g["leader"] >= 0 else \
        f"its strength {printed}"
    return f", less {what}: {face - strength}", face - strength, _threshold(state, "propaganda")


def _commands(state, g: dict, card: int) -> bool:
    """Whether the group's leader commands the unit: the sideways ones "do not function as part
    of the group" (l.22), so an attack on one of them alone meets no leader (reading 9)."""
    return g["leader"] >= 0 and card in g["units"][:_group(state, g)["commanded"]]


def _unit_and_leader(state, g: dict, card: int) -> tuple[int, int]:
    """A unit's printed strength in its group's faction and the command modifier of the leader
    who commands it (0 without one, or for a sideways unit), told apart: the Airfield and the TV
    Station add them (l.131, l.141), and a player checks each against the card."""
    kind = state.deck.types[state.deck.cards[card]]
    mod = _modifier(state, g["leader"]) if _commands(state, g, card) else 0
    return kind.value("government" if g["faction"] == 0 else "rebel"), mod


def _strike_parts(state, g: dict, card: int, printed: int, mod: int) -> str:
    """The parts of an air strike's defence as its result names them ("unit 4 (-1 leader)"),
    so the menu and the roll say it one way (l.131)."""
    if g["leader"] < 0:
        return ""
    if not _commands(state, g, card):
        return f" (unit {printed}, sideways, no leader)"
    return f" (unit {printed}, {mod:+d} leader)"


def _leader_part(state, g: dict, card: int, mod: int) -> str:
    """How the leader's modifier enters an attack on one unit, for the line that shows it."""
    if g["leader"] < 0:
        return ""
    if not _commands(state, g, card):
        return ", sideways: its leader does not count"
    return f", its leader's modifier {mod:+d}"


def _marker_sum(state, snap, face):
    """l.79: "If the die roll is less than or equal to the number on his ambush marker, the
    effects are exactly the same as playing an Ambush card in defence": said in brief, as the
    marker shows on the table only as "a2"."""
    marker = snap["markers"][snap["cur"]]
    return (f" against the marker {marker} (a roll of {marker} or less acts as an Ambush card in defence)",
            marker + 1 - face, 0)


def _strike_sum(state, snap, face):
    """l.131, l.122: six plus a die against a unit's strength, its leader's modifier and a die,
    or a complex's DF and a die, less any isolation; the excess is the complex's damage."""
    b = snap["battle"]
    g = next(g for g in snap["groups"] if g["id"] == b["defender"])
    attack = b["base"] + b["rolls"][0]
    if b["named"] >= 0:
        printed, mod = _unit_and_leader(state, g, b["named"])
        base = printed + mod
        what = f"unit {printed}" + (f" ({mod:+d} leader)" if _commands(state, g, b["named"]) else
                                    " (sideways, no leader)" if g["leader"] >= 0 else "")
    else:
        base = state.deck.types[state.deck.cards[g["complex"]]].df
        what = f"DF {base}"
    defence = base + face - g["isolation"]
    iso = f" - isolation {g['isolation']}" if g["isolation"] else ""
    strike = _ABILITY_ROLL.get(snap["ability"], _ROLL_TEXT[ROLLS["strike"]])
    return (f"; {strike} {attack} ({b['base']} + d10 {b['rolls'][0]}) against {defence} ({what} + d10 "
            f"{face}{iso}{_garrison_idle(state, g, b['named'], strike)})", attack - defence, 0)


def _garrison_idle(state, g: dict, named: int, strike: str) -> str:
    """The note for a garrison leader's modifier left out of a complex's defence: "A complex's
    garrison does not defend it against air strikes" (l.131), nor "against demolition attacks"
    (l.122); "" when a unit is struck or the leader adds nothing."""
    if named >= 0 or g["leader"] < 0 or not _modifier(state, g["leader"]):
        return ""
    return (f"; {_leader_short(state, g)}'s {_modifier(state, g['leader']):+d} not applied: "
            f"the garrison does not defend against {'a' if strike == 'demolition' else 'an'} {strike}")


# Each one-die attempt: its sum (the text, the result, what the result must exceed) and what
# came of it, by what changed on the table: (a group changed sides, a card left it, a complex
# was damaged, nothing).
_ROLL_SUM = {ROLLS["traitor"]: _traitors_sum, ROLLS["assassin"]: _assassin_sum, ROLLS["tv"]: _tv_sum,
             ROLLS["marker"]: _marker_sum, ROLLS["strike_defence"]: _strike_sum}
_ROLL_OUTCOME = {
    ROLLS["traitor"]: ("{leader} and the group change sides", "{leader} is shot as a traitor", None, "nothing happens"),
    ROLLS["assassin"]: (None, "{named} is killed", None, "{named} survives"),
    ROLLS["tv"]: (None, "{named} is eliminated", None, "{named} holds"),
    ROLLS["marker"]: (None, None, None, None),
    ROLLS["strike_defence"]: (None, "{named} is eliminated", "{damage} damage to {complex}", "no damage"),
}


def _roll_outcome(state, snap, face: int, r: int, viewer) -> str:
    """The sum of the last die of a one-die attempt and its outcome, as the table shows it
    after the roll, naming what it befell ("Teniente Ana Robles of P2's g3 is killed"), so the
    line reads alone; nothing while another die is to come (a Bodyguard's, l.125)."""
    after = _played(state, C_DIE + face - 1)
    if after is None:
        return ""
    s1 = after._snap()
    if s1["node"] == N_ROLL and s1["roll_for"] == r:
        return ""
    text, result, limit = _ROLL_SUM[r](state, snap, face)
    if r not in (ROLLS["marker"], ROLLS["strike_defence"]):
        text += f", above {limit}" if result > limit else f", {limit} or less"
    if r == ROLLS["marker"]:
        return text + (": an ambush" if result > 0 else ": no ambush")
    groups = {g["id"]: g for g in s1["groups"]}
    turned = any(groups.get(g["id"], g)["faction"] != g["faction"] for g in snap["groups"])
    cards = [{c for g in s["groups"] for c in (g["leader"], *g["units"]) if c >= 0} for s in (snap, s1)]
    hit = groups.get(snap["battle"]["defender"])
    old = next(g for g in snap["groups"] if g["id"] == snap["battle"]["defender"])
    damage = (hit["damage"] if hit and hit["complex"] == old["complex"] else old["damage"] + result) - old["damage"]
    names, note = _attempt_names(state, snap, old, viewer), ""
    outcomes = _ROLL_OUTCOME[r]
    if r == ROLLS["strike_defence"] and old["complex"] >= 0 and (hit is None or hit["complex"] != old["complex"]):
        outcome = "{complex} is destroyed"
    elif turned:
        outcome = outcomes[0] if old["leader"] >= 0 else "{group} changes sides"
    elif cards[0] - cards[1]:
        outcome = outcomes[1]
    elif damage > 0 and outcomes[2]:
        outcome, note = outcomes[2], _abilities_note(state, old, "lost") if not old["damage"] else ""
    elif r == ROLLS["strike_defence"] and snap["battle"]["named"] >= 0:
        outcome = "{named} holds"
    else:
        outcome = outcomes[3]
    return text + (f": {outcome.format(damage=damage, **names)}{note}" if outcome else "")


def _attempt_names(state, snap, g: dict, viewer) -> dict:
    """What a one-die attempt on group `g` may befall, by name: the card it names ({named}),
    the group's leader, the group and its complex."""
    group = _group_at(snap, g["id"], viewer)
    named = snap["battle"]["named"]
    return {"group": group,
            "named": _card_at(state, named, viewer, snap) if named >= 0 else group,
            "leader": _card_at(state, g["leader"], viewer, snap) if g["leader"] >= 0 else group,
            "complex": f"the {kind_name(card_name(state, g['complex']))} of {group}" if g["complex"] >= 0 else group}


def battle_result(state, face: int, viewer) -> str:
    """The battle's totals once the defence die is known, and the loss due (l.67-l.68)."""
    snap = state._snap()
    b = snap["battle"]
    after = _played(state, C_DIE + face - 1)
    if after is None:
        return ""                                      # a face this node cannot roll
    att, dfd = after._snap()["battle"]["totals"]
    attacker = _group_owner(snap, b["attacker"])
    defender = _group_owner(snap, b["defender"])
    dname = who(defender, viewer) if defender >= 0 else "the UN card"
    att_mod, att_note = _attack_modifier(state, snap)
    att_terms = _terms(state, snap, att, b["rolls"][0], [b["attacker"], b["with"]], att_mod) + att_note
    dfd_terms = (_terms(state, snap, dfd, face, [b["defender"]], _defence_modifier(state, snap))
                 + _defence_dropped(state, snap))
    text = (f"; totals {who(attacker, viewer)} {att} ({att_terms}) against {dname} {dfd} "
            f"({dfd_terms}){_named_defenders(state, snap)}{_single_defender(state, snap, viewer)}"
            f"{_sideways_idle(state, snap)}")
    if att == dfd:
        return text + ": a tie, no losses"
    if defender < 0:
        return text + (": the UN card is eliminated" if att > dfd else ": the attack fails")
    loser = defender if att > dfd else attacker
    due = abs(att - dfd)
    if after._node() == N_LOSS:    # the cards under attack hold more than is due: he picks (l.68)
        return text + f": {who(loser, viewer)} must lose at least {due} strength in units"   # then _losses_met
    held = _points_lost(state, snap, after._snap(), [b["defender"]] if att > dfd else [b["attacker"], b["with"]])
    if held == 0:
        return text + ": " + _nothing_to_lose(state, after._snap(), loser, attacker, viewer)
    # "at least equal to the difference": all there is under attack (l.68), which may be less
    # than the group holds (the Armor Column's one unit and its leader, l.121)
    return text + (f": {all_lost(loser, viewer, due, held)}{_complex_fate(state, after, loser, defender, due - held)}"
                   f"{_scored(state, after, viewer, defender if loser == attacker else attacker)}")


def _complex_fate(state, after, loser: int, defender: int, left: int) -> str:
    """What becomes of a garrisoned complex whose defence lost everything under attack:
    "Whenever a complex would be required to take losses, it is instead captured" (l.75). It is
    captured when a loss is left once its garrison is gone, perhaps only once the victor has
    ordered the losses onto the pile (l.72); it holds when the garrison met the whole loss."""
    snap = state._snap()
    gi = snap["battle"]["defender"]
    old = next(g for g in snap["groups"] if g["id"] == gi)
    if loser != defender or old["complex"] < 0:
        return ""
    now = next((g for g in _losses_placed(after)._snap()["groups"] if g["id"] == gi), None)
    name = kind_name(card_name(state, old["complex"]))
    if now is None:
        return ""
    if now["owner"] != old["owner"]:
        return f"; the {name} is captured: {left} of the loss is left for it once its garrison is gone"
    if left > 0:          # an Armor Column's loss falls on the garrison alone (l.121)
        return ""
    return (f"; the {name} holds: its garrison met the whole loss, "
            "and a complex is captured only when a loss is left for it")


def all_lost(loser: int, viewer, due: int, held: int, past: bool = False) -> str:
    """A loss that takes everything under attack (l.68), paid at printed strength, a leader
    for one (l.69): what was to be lost against what there was; told as done when `past`."""
    must, has, goes = ("had to", "had", "was") if past else ("must", "have" if loser == viewer else "has", "is")
    whom = who(loser, viewer)
    if held < due:
        return f"{whom} {must} lose {due} strength but {has} only {held} in the battle: all of it {goes} lost"
    return f"{whom} {must} lose {due} strength, all {'you' if loser == viewer else 'it'} {has} in the battle: " \
           f"all of it {goes} lost"


def _single_defender(state, snap, viewer) -> str:
    """The one unit that defends when the defence is not the group's: the unit the attacker's
    Ambush singled out (l.120: "select a single unit in the defending group as the only
    defender"), or the Armor Column's garrison, which it "must eliminate ... before attacking
    the complex" (l.121), so the complex's DF is left out of the defence until then."""
    b = snap["battle"]
    if b["named"] < 0:
        return ""
    unit = kind_name(card_name(state, b["named"]))
    if b["mode"] == MODES["single"]:
        return f" ({unit} alone, singled out by {whose(_group_owner(snap, b['attacker']), viewer)} Ambush)"
    armor = armor_on_garrison(state, snap)
    return f" ({armor})" if armor else ""


def armor_on_garrison(state, snap) -> str:
    """What an Armor Column's attack on a garrisoned complex defends against (l.121: "If
    attacking a group containing a complex, the Armor Column must eliminate the garrison before
    attacking the complex"): the garrison's unit alone, the complex's DF later; else ""."""
    b = snap["battle"]
    g = next((g for g in snap["groups"] if g["id"] == b["defender"]), None)
    if b["mode"] != MODES["armor"] or b["named"] < 0 or g is None or g["complex"] < 0:
        return ""
    cplx = state.deck.types[state.deck.cards[g["complex"]]]
    # "If the attacked unit is with a leader, the leader's command modifier is applied" (l.121)
    how = "with its leader" if g["leader"] >= 0 else "alone"
    return (f"the Armor Column attacks the garrison's {kind_name(card_name(state, b['named']))} {how}; "
            f"the {cplx.name}'s DF {cplx.df} counts once the garrison is gone")


def _terms(state, snap, total: int, die: int, ids: list[int], modifier: int) -> str:
    """A side's battle total as its player adds it up (l.67): the strengths, the leader's
    `modifier` when one applies ("7 + leader +2"), the die, less the isolation modifier on the
    die (l.128; the larger of a combined attack's two, RULES.md reading 20), and the units of
    the side's groups `ids` an Ambush or an Arms Cache doubled (l.120, l.122)."""
    groups = [g for g in snap["groups"] if g["id"] in ids]
    iso = max((g["isolation"] for g in groups), default=0)
    doubled = [kind_name(card_name(state, c)) for g in groups for c in g["units"] if c in snap["doubled"]]
    strength = total - die + iso - modifier
    return (f"{strength}{f' + leader {modifier:+d}' if modifier else ''} + d10 {die}"
            + (f" - isolation {iso}" if iso else "") + (f"; {listed(doubled)} doubled" if doubled else ""))


def _attack_modifier(state, snap) -> tuple[int, str]:
    """The command modifier in the attack's total: the attacking group's leader's (l.67); in a
    combined attack "if both groups have leaders, only the lowest command modifier applies. If
    only one group has a leader, his command modifier is not applied unless it is negative"
    (l.119). With it, the note that names a modifier the rule left out, as the line must say
    why a leader's modifier is missing from the sum."""
    b = snap["battle"]
    groups = {g["id"]: g for g in snap["groups"]}
    leaders = [groups[gi] for gi in (b["attacker"], b["with"]) if gi in groups and groups[gi]["leader"] >= 0]
    mods = [_modifier(state, g["leader"]) for g in leaders]
    if b["with"] < 0:
        return (mods[0] if mods else 0), ""
    applied = min(mods) if len(mods) == 2 else min(mods[0], 0) if mods else 0
    why = "combined attack, the lower modifier counts" if len(mods) == 2 else "combined attack"
    dropped = [(g, m) for g, m in zip(leaders, mods) if m > applied]
    return applied, "".join(f"; {_leader_short(state, g)}'s {m:+d} not applied: {why}" for g, m in dropped)


def _leader_short(state, g: dict) -> str:
    """A group's leader by the last word of his name in the group's faction ("Barrientos")."""
    return state.deck.types[state.deck.cards[g["leader"]]].leaders[g["faction"]].split()[-1]


def _defence_modifier(state, snap) -> int:
    """The command modifier in the defence's total (l.67: "the group leader's command
    modifier"): none for a leaderless group or its sideways units, which defend as one
    (reading 8); the leader's against the Armor Column (l.121: "If the attacked unit is with a
    leader, the leader's command modifier is applied"), and for the single defender an Ambush
    selected when he commands it (reading 17, unless option ambush_single=alone)."""
    b = snap["battle"]
    g = next((g for g in snap["groups"] if g["id"] == b["defender"]), None)
    if g is None or g["leader"] < 0:
        return 0
    if b["mode"] == MODES["single"]:
        alone = state.game.options.get("ambush_single", "with_leader") == "alone"
        return _modifier(state, g["leader"]) if not alone and _commands(state, g, b["named"]) else 0
    if b["mode"] == MODES["armor"]:
        return _modifier(state, g["leader"]) if _commands(state, g, b["named"]) else 0
    if b["mode"] == MODES["sideways"] and g["complex"] < 0:
        return 0
    return _modifier(state, g["leader"])


def _defence_dropped(state, snap) -> str:
    """The note for a defending leader's modifier the rules leave out of the total, as the
    line must say why it is missing: the sideways units "do not function as part of the group"
    (l.22) and defend as a leaderless group (reading 9); the unit an Ambush singled out defends
    without a leader who does not command it (reading 17)."""
    b = snap["battle"]
    g = next((g for g in snap["groups"] if g["id"] == b["defender"]), None)
    if g is None or g["leader"] < 0 or _defence_modifier(state, snap) or not _modifier(state, g["leader"]):
        return ""
    if b["mode"] == MODES["sideways"] or not _commands(state, g, b["named"]):
        why = "the sideways units are out of his command"
    else:
        why = "the singled-out unit defends alone"
    return f"; {_leader_short(state, g)}'s {_modifier(state, g['leader']):+d} not applied: {why}"


def _sideways_idle(state, snap) -> str:
    """Under "all units", the sideways units defend and may be lost but add no strength
    (RULES.md reading 9: they "do not function as part of the group", l.22; option
    sideways_strength adds them): said, so the total reads right against the group."""
    b = snap["battle"]
    g = next((g for g in snap["groups"] if g["id"] == b["defender"]), None)
    if (b["mode"] != MODES["all"] or g is None or g["leader"] < 0
            or state.game.options.get("sideways_strength", False)):
        return ""
    idle = g["units"][_group(state, g)["commanded"]:]
    if not idle:
        return ""
    return (f" ({listed([kind_name(card_name(state, c)) for c in idle])}, sideways, "
            f"add{'s' * (len(idle) == 1)} no strength but may be lost)")


def _named_defenders(state, snap) -> str:
    """Several units named against a leaderless group (or its sideways units): "A leader is
    necessary to combine the strength of units" (l.57), so the strongest named defends alone,
    and "only the units under attack can defend and take losses" (l.64): all named are at risk
    (RULES.md reading 8)."""
    best = strongest_named(state, snap)
    if best is None:
        return ""
    n = 1 + len(snap["battle"]["also"])
    return (f" (no leader combines the {n} units named: the strongest, "
            f"{doubled_name(state, snap, best[0])}, defends with {best[1]}; all {n} may be lost)")


def doubled_name(state, snap, card: int) -> str:
    """A unit by its kind, "doubled" when an Ambush or an Arms Cache doubled it (l.120, l.122)."""
    return kind_name(card_name(state, card)) + (" doubled" if card in snap["doubled"] else "")


def strongest_named(state, snap) -> tuple[int, int] | None:
    """The named unit that defends for a leaderless group (or its sideways units) when several
    are named (reading 8), and its strength: the half of the group's faction counts (l.7-l.8),
    doubled by an Ambush or an Arms Cache (l.120). Read from the cards, not the table, so it
    stays right once the battle's losses are gone; None when no such choice was made."""
    b = snap["battle"]
    if b["named"] < 0 or not b["also"] or b["mode"] in (MODES["single"], MODES["armor"]):
        return None
    g = next((g for g in snap["groups"] if g["id"] == b["defender"]), None)
    if g is None or (g["leader"] >= 0 and b["mode"] != MODES["sideways"]):
        return None
    doubled = set(snap["doubled"])
    strength = {c: _unit_and_leader(state, g, c)[0] * (2 if c in doubled else 1) for c in [b["named"], *b["also"]]}
    best = max(strength, key=strength.get)
    return best, strength[best]


def _nothing_to_lose(state, after, loser: int, attacker: int, viewer) -> str:
    """An ungarrisoned complex beaten: "Whenever a complex would be required to take losses, it
    is instead captured by the attacking group" (l.75)."""
    snap = state._snap()
    gi = snap["battle"]["defender"]
    old = next(g for g in snap["groups"] if g["id"] == gi)
    now = next((g for g in after["groups"] if g["id"] == gi), None)
    if old["complex"] >= 0 and now is not None and now["owner"] != old["owner"]:
        return (f"{whose(loser, viewer)} {kind_name(card_name(state, old['complex']))} has no units to lose: "
                f"{does(attacker, viewer, 'capture', 'it')}")
    return f"{who(loser, viewer)} {'have' if loser == viewer else 'has'} no units under attack to lose"


def _scored(state, after, viewer, victor: int) -> str:
    """The points the battle's victor scores for the cards it eliminates, units at printed
    strength, leaders rating plus modifier (l.110-l.111), told once; when the victor is to
    order them onto the discard pile (l.72), as due: each scores as it goes (_order_scores)."""
    done = _losses_placed(after)
    snap, end = state._snap(), done._snap()
    gained = [(q, s1 - s0) for q, (s0, s1) in enumerate(zip(snap["score"], end["score"])) if s1 > s0]
    worth = _worth(state, snap, end)
    if not gained and worth and victor >= 0 and snap["battle"]["defender"] >= 0:   # a UN battle scores nothing
        gained = [(victor, 0)]                         # a leader worth nothing: 0 points, said aloud
    if after._node() == NODES["order"]:
        return "".join(f"; {_points(n)} due to {who(q, viewer)}{_worth_text(worth, n)}, scored as the losses go "
                       "onto the discard pile" for q, n in gained)
    return "".join(f"; {does(q, viewer, 'score', _points(n))}{_worth_text(worth, n)}" for q, n in gained)


def _losses_placed(state):
    """The state once the victor has ordered the rest of the battle's losses onto the pile."""
    done = state.clone()
    while done._node() == NODES["order"]:
        done.apply_action(done.legal_actions()[0])
    return done


def _order_scores(state, a: int, viewer) -> str:
    """What a card ordered onto the discard pile scores (l.72: "The victor decides the order in
    which they go there"; each scores as it goes) as a share of the battle's points, which its
    line told as due (_scored): ": 3 of the battle's 8 points scored, 5 to come"."""
    after = _played(state, a)
    if after is None:
        return ""
    victor = state.current_player()
    before, later = state._snap(), after._snap()
    now = later["score"][victor] - before["score"][victor]
    rest = _losses_placed(after)._snap()["score"][victor] - later["score"][victor]
    so_far = before["battle"]["points"]
    # the viewer's own placement: the screen leaves out the score lines (cli/views/guerilla.py
    # _placed_own_loss), so the line says where the score and the tally stand
    standing = "".join(f"; {name} tally {t0} → {t1}" for name, t0, t1 in zip(FACTIONS, before["fscore"], later["fscore"])
                       if t0 != t1)
    now_at = f" (you now {later['score'][victor]}{standing})" if now and viewer == victor else ""
    return f": {battle_share(so_far, now, so_far + now + rest)}{now_at}"


def battle_share(so_far: int, gained: int, total: int) -> str:
    """Points a battle's victor gains as its losses go onto the discard pile one by one (l.72),
    as a share of the battle's `total`, `so_far` of them scored before."""
    rest = total - so_far - gained
    if gained == total:
        return f"the battle's {_points(total)} scored"
    if rest == 0:
        return f"the last {gained} of the battle's {_points(total)} scored"
    return f"{gained} of the battle's {_points(total)} scored, {rest} to come"


def _points(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


def _worth(state, snap, end) -> list[tuple[int, int, str]]:
    """The battle's cards eliminated between `snap` and `end`, each (points, is a leader, what
    the leader's points are made of): a unit scores its printed strength, a leader "Command
    rating plus command modifier" (l.110-l.111), never below 0 (RULES.md reading 24)."""
    b, deck = snap["battle"], state.deck
    gone = set(_where(snap)) - set(_where(end))
    out = []
    for g in snap["groups"]:
        if g["id"] not in (b["attacker"], b["with"], b["defender"]):
            continue
        shown = _group(state, g)
        out += [(v, 0, "") for c, v in zip(g["units"], shown["strengths"]) if c in gone]
        if g["leader"] in gone:
            lead = shown["leader_half"]
            kind = deck.types[deck.cards[g["leader"]]]
            floor = ", never below 0" if lead["rating"] + kind.modifier < 0 else ""
            out.append((max(0, lead["rating"] + kind.modifier), 1,
                        f"the leader {lead['name']} (rating {lead['rating']}, modifier {kind.modifier:+d}{floor})"))
    return out


def _worth_text(worth, n: int) -> str:
    """Where the points of a battle that killed a leader come from, when they add up to `n`
    (an Atrocities or a Press changes them later, l.124)."""
    if not any(lead for _, lead, _ in worth) or sum(v for v, _, _ in worth) != n:
        return ""
    units = sum(v for v, lead, _ in worth if not lead)
    parts = ([f"{units} for the units"] if units else []) + [f"{v} for {text}" for v, lead, text in worth if lead]
    return ": " + ", ".join(parts)


def _losses_met(state, a: int, viewer) -> str:
    """The points the loser's choice eliminated, at printed strength, a leader for one (l.68-l.69),
    against the points due, and what the victor scores for them."""
    snap = state._snap()
    b = snap["battle"]
    # paid at printed strength, a leader for one (l.68-l.69): not the points the victor scores
    leader = any(state.deck.types[state.deck.cards[c]].kind == "leader" for c in snap["pick"])
    met = f"{b['taken']} strength lost{' (a leader counts 1)' if leader else ''}, {b['due']} needed"
    lone = lone_leader(state, snap)
    if lone:
        met += f"; {lone}, left alone, is eliminated too"
    after = _played(state, a)
    victor = _group_owner(snap, b["defender"] if b["loser"] == b["attacker"] else b["attacker"])
    return met if after is None else met + _scored(state, after, viewer, victor)


def lone_leader(state, snap) -> str | None:
    """The losing group's leader whom the losses leave with no unit (l.70: "Any leader left
    alone after losses are taken is eliminated"), not one of the losses chosen, by the half in
    play: when every unit is chosen, and while the victor orders the losses onto the discard
    pile (l.72) until the leader is put there (the points scored so far are then the units'
    printed strengths, which the chosen losses add up to without him); else None."""
    b = snap["battle"]
    g = next((g for g in snap["groups"] if g["id"] == b["loser"]), None)
    if g is None or g["leader"] < 0 or g["complex"] >= 0 or not set(g["units"]) <= set(snap["pick"]):
        return None
    shown = _group(state, g)
    if snap["node"] == N_LOSS:
        lone = g["leader"] not in snap["pick"]
    else:
        lone = (snap["node"] == NODES["order"] and g["leader"] in snap["pick"]
                and b["taken"] == sum(shown["strengths"]) + b["points"])
    return shown["leader_half"]["name"] if lone else None


def _points_lost(state, snap, after, ids) -> int:
    """The points the groups `ids` lose when everything under attack goes (l.68): the cards
    that left the table or wait to be ordered onto the discard pile (l.72), units at printed
    strength, a leader for one (l.69)."""
    on_table = set(_where(after)) - set(after["pick"] if after["node"] == NODES["order"] else ())
    lost = 0
    for g in snap["groups"]:
        if g["id"] in ids:
            shown = _group(state, g)
            lost += sum(v for c, v in zip(g["units"], shown["strengths"]) if c not in on_table)
            lost += g["leader"] >= 0 and g["leader"] not in on_table
    return lost


# ------------------------------------------------------------------ what a move does
def _where(snap) -> dict:
    """Each card on the table: (group id, owner)."""
    out = {}
    for g in snap["groups"]:
        for c in g["units"] + [g["leader"], g["complex"]]:
            if c >= 0:
                out[c] = (g["id"], g["owner"])
    return out


def _card_at(state, c: int, viewer, snap=None, apart: bool = True) -> str:
    """A card by its kind and where it is: "Unit 3/2 of P3's g5", told from an alike unit of its
    group unless `apart` is false (a line that already says "the other")."""
    snap = snap or state._snap()
    kind = state.deck.types[state.deck.cards[c]]
    place = _where(snap).get(c)
    if not place:
        return kind.name
    group = next(g for g in snap["groups"] if g["id"] == place[0])
    if c == group["leader"]:
        return f"{kind.leaders[group['faction']]} of {whose(place[1], viewer)} g{place[0]}"
    nth, status = _copy_tag(state, group, c) if apart else ("", "")
    return f"{nth}{kind.name}{status} of {whose(place[1], viewer)} g{place[0]}"


_ORDINALS = ("first", "second", "third")           # a group holds three units at most (l.17)


def _copy_tag(state, g: dict, c: int) -> tuple[str, str]:
    """What tells a unit from an alike one in its group, as the board shows them, so two menu
    lines never read the same: " (sideways)" or " (commanded)" when only one of them lies
    sideways past its leader's rating (l.22; a leaderless group has none), else "the second "
    alike one as the board lists the group's units, left to right; nothing when the unit is the
    only one of its kind there."""
    if c not in g["units"]:
        return "", ""
    kind = state.deck.cards[c]
    alike = [u for u in g["units"] if state.deck.cards[u] == kind]
    if len(alike) < 2:
        return "", ""
    commanded = _group(state, g)["commanded"] if g["leader"] >= 0 else len(g["units"])
    status = {u: k < commanded for k, u in enumerate(g["units"])}
    tag = ""
    if len({status[u] for u in alike}) > 1:
        tag = " (commanded)" if status[c] else " (sideways)"
    same = [u for u in alike if status[u] == status[c]]
    return (f"the {_ORDINALS[same.index(c)]} " if len(same) > 1 else ""), tag


def _group_at(snap, gi: int, viewer) -> str:
    owner = _group_owner(snap, gi)
    return f"{whose(owner, viewer)} g{gi}" if owner >= 0 else f"g{gi}"


def move_phrase(state, a: int, viewer) -> str:
    """What a move does, with its verb, as the menu and the log say it ("double your Unit 3/2
    of g5", "single out Unit 1/1 of P3's g4 as the only defender"); the move text where it
    says so already."""
    if state.is_chance_node():
        return action_to_string(state, a)
    snap = state._snap()
    node, actor = snap["node"], state.current_player()
    phrase = _NODE_PHRASE.get(node)
    text = phrase(state, snap, a, viewer, actor) if phrase else None
    if text:
        return text
    text = action_to_string(state, a)
    if A_CARD <= a < A_FACTION:     # the card by its kind and place, never its id
        text = text.replace(card_name(state, a - A_CARD), _card_at(state, a - A_CARD, viewer, snap))
    return text


def action_for_phrase(state, text: str):
    """The legal move whose menu phrase is `text` (case, spacing and apostrophes ignored:
    "P3s g11" for "P3's g11"), or None; a phrase typed without its notes in brackets ("aim
    propaganda at Unit 1/2 of P2's g1", shown with its odds) names the one move it leaves."""
    words = text.split()
    if words and len(words[-1]) == 2 and words[-1][0] == SKIP_MARK:     # the menu's mark, copied too
        words.pop()
    wanted = _plain(" ".join(words))
    actor = state.current_player()
    phrases = {a: " ".join(move_phrase(state, a, actor).lower().split()) for a in state.legal_actions()}
    exact = [a for a, phrase in phrases.items() if _plain(phrase) == wanted]
    bare = [a for a, phrase in phrases.items() if _plain(_without_notes(phrase)) == wanted]
    return exact[0] if exact else bare[0] if len(bare) == 1 else None


def _plain(text: str) -> str:
    """Text compared as typed: lower case, without apostrophes (' or ’)."""
    return text.lower().replace("'", "").replace("’", "")


_NOTE = re.compile(r"\s*\([^()]*(?:\([^()]*\)[^()]*)*\)$")     # a bracketed note at the end, one nesting deep


def _without_notes(phrase: str) -> str:
    """A menu phrase without the notes in brackets at its end."""
    while True:
        bare = _NOTE.sub("", phrase)
        if bare == phrase:
            return phrase
        phrase = bare


def _forced_un(state, a) -> str:
    """" (only target: the UN card)" when move a leads to a target step whose one choice is the
    UN card (l.129): that step is played for the player, so the attack's own line says it."""
    after = _played(state, a)
    if after is None or after._node() != NODES["target"]:
        return ""
    targets = after.legal_actions()
    return " (only target: the UN card)" if len(targets) == 1 and A_CARD <= targets[0] < A_FACTION else ""


def _ph_attacker(state, snap, a, viewer, actor):
    if A_CARD <= a < A_FACTION:
        return f"attack with {_card_at(state, a - A_CARD, viewer, snap)}{_forced_un(state, a)}"


def _ph_target(state, snap, a, viewer, actor):
    if A_GROUP <= a < A_CARD:
        return f"attack {_group_at(snap, a - A_GROUP, viewer)}"
    if A_CARD <= a < A_FACTION:
        return "attack the UN Intervention card"


def _ph_defender(state, snap, a, viewer, actor):
    if a == ACTIONS.done:
        return "no more defenders"
    if A_CARD <= a < A_FACTION:
        card = _card_at(state, a - A_CARD, viewer, snap)
        if snap["battle"]["mode"] == MODES["armor"]:
            return f"{card} faces the Armor Column"
        return f"name {card} to defend"


def _card_pick(done: str, card: str):
    """The phrases of a choice of cards ended by "done": `done`, and `card` naming each card."""
    def phrase(state, snap, a, viewer, actor):
        if a == ACTIONS.done:
            return done
        if A_CARD <= a < A_FACTION:
            return card.format(_card_at(state, a - A_CARD, viewer, snap))
    return phrase


def _ph_recon_take(state, snap, a, viewer, actor):
    """The Recon Patrol's card taken or discarded from the hand inspected, or none (l.127: "an
    Arms Cache, Ambush or Assassin card to be taken or discarded"); to the others, whose hand:
    "P4: take and discard nothing from your hand" is the inspected player's news."""
    whose_hand = "" if viewer == actor else f" from {whose(snap['recon_seat'], viewer)} hand"
    return _card_pick(f"take and discard nothing{whose_hand}", f"take {{}}{whose_hand}")(state, snap, a, viewer, actor)


_ph_loss = _card_pick("the losses are met", "eliminate {}")
_ph_garrison = _card_pick("no more garrison for the captured complex", "move {} into the captured complex")
_ph_sortie = _card_pick("these cards sortie", "{} joins the sortie")


def _ph_wpart(state, snap, a, viewer, actor):
    """A part of a group withdrawn card by card, or the whole group when none is named (l.47):
    the cards named are the engine's own, so the group left on the table tells which."""
    if a == ACTIONS.done:
        after = _played(state, a)
        kept = next((g for g in after._snap()["groups"] if g["id"] == snap["pick_group"]), None) if after else None
        if kept is None:
            return "withdraw the whole group"
        # a complex never leaves the table (l.47): with none named, its whole garrison goes
        bare = kept["complex"] >= 0 and not kept["units"] and kept["leader"] < 0
        return "withdraw the whole garrison (the complex stays)" if bare else "withdraw the cards named"
    return _card_pick("", "withdraw {}")(state, snap, a, viewer, actor)


def _ph_ambush(state, snap, a, viewer, actor):
    if not A_CARD <= a < A_FACTION:
        return None
    c = a - A_CARD
    place = _where(snap).get(c)
    card = _card_at(state, c, viewer, snap)
    if place and place[0] == snap["battle"]["defender"] and actor != place[1]:
        return f"single out {card} as the only defender"
    return f"double {card}"


def _ph_order(state, snap, a, viewer, actor):
    if A_CARD <= a < A_FACTION:
        return f"put {kind_name(card_name(state, a - A_CARD))} on the discard pile next"


# What choosing a target does, by the ability or targeted card (l.131, l.136, l.141, l.76,
# l.91, l.135, l.123, l.122): {} is the card chosen ("Unit 1/1 of P2's g1") or the group's
# complex ("the Port of P2's g2"), or the group itself where the ability moves it.
_TARGET_VERB = {
    ABILITIES["strike"]: "strike {}", ABILITIES["policia"]: "try to kill {}", ABILITIES["tv"]: "aim propaganda at {}",
    ABILITIES["destroy"]: "destroy {}", ABILITIES["repair"]: "repair {}", ABILITIES["bridge_withdraw"]: "withdraw {} free",
    TARGETED["assassin"]: "try to kill {}", TARGETED["demolition"]: "make a demolition attack on {}"}
_MOVES_GROUP = (ABILITIES["bridge_withdraw"],)       # the group is chosen, not its complex


def _ph_ability(state, snap, a, viewer, actor):
    if snap["ability"] == ABILITIES["palace"]:
        return _ph_palace(state, snap, a, viewer)
    verb = _TARGET_VERB.get(snap["ability"], "target {}")
    if A_CARD <= a < A_FACTION:
        c = a - A_CARD
        if c in _where(snap):
            return verb.format(_card_at(state, c, viewer, snap)) + _card_odds(state, snap, c)
        return f"deploy {kind_name(card_name(state, c))}"
    if A_GROUP <= a < A_CARD:
        return (verb.format(_group_target(state, snap, a - A_GROUP, viewer)) + _complex_odds(state, snap, a - A_GROUP)
                + _destroy_scores(state, snap, a, viewer, actor))


def _destroy_scores(state, snap, a: int, viewer, actor) -> str:
    """What destroying a Rebel complex scores: "Complex destroyed by rebels | The complex victory
    point value (in hexagonal symbol)" (l.112), by the engine's count."""
    after = _played(state, a) if snap["ability"] == ABILITIES["destroy"] else None
    if after is None:
        return ""
    gain = after._snap()["score"][actor] - snap["score"][actor]
    return f" ({does(actor, viewer, 'score', _points(gain))}: its VP)" if gain > 0 else ""


def _needs(n: int, does_it: str) -> str:
    """"a d10 of 4 or more kills": the least face of a d10 that succeeds."""
    if n <= 1:
        return f"any d10 {does_it}"
    return f"a d10 of {n} or more {does_it}" if n <= DIE_FACES else f"no d10 {does_it}"


def _card_odds(state, snap, c: int) -> str:
    """What a target card's roll needs, from the card data, so a player can weigh the choices:
    an assassination's "subtract the target leader's command modifier ... greater than 5"
    (l.123, l.136), propaganda's "subtract the strength of the unit plus its group leader's
    command modifier. If the result is greater than 0" (l.141), an air strike's "six plus a die
    roll" against "unit strength plus the command modifier of any leader in the same group,
    plus a die roll (and any isolation die roll modifier)" (l.131)."""
    ability = snap["ability"]
    g = next(g for g in snap["groups"] if g["id"] == _where(snap)[c][0])
    if ability in (TARGETED["assassin"], ABILITIES["policia"]):
        mod = _modifier(state, c)
        limit = _threshold(state, "police" if ability == ABILITIES["policia"] else "assassinate")
        return f" (the leader's modifier {mod:+d}: {_needs(limit + 1 + mod, 'kills')})"
    printed, mod = _unit_and_leader(state, g, c)
    if ability == ABILITIES["tv"]:
        what = f"strength {printed}{_leader_part(state, g, c, mod)}"
        return f" ({what}: {_needs(printed + mod + _threshold(state, 'propaganda') + 1, 'eliminates it')})"
    if ability == ABILITIES["strike"]:
        return (f" (it defends with {printed + mod}{_strike_parts(state, g, c, printed, mod)}{_iso(g)} + d10 "
                f"against {_strike_base(state)} + d10)")
    return ""


def _complex_odds(state, snap, gi: int) -> str:
    """An air strike's or a demolition's complex target: "complex DF plus a die roll" (l.122,
    l.131), against six plus a die roll."""
    g = next((g for g in snap["groups"] if g["id"] == gi), None)
    if snap["ability"] not in (ABILITIES["strike"], TARGETED["demolition"]) or g is None or g["complex"] < 0:
        return ""
    df = state.deck.types[state.deck.cards[g["complex"]]].df
    return f" (DF {df}{_iso(g)} + d10 against {_strike_base(state)} + d10)"


def _iso(g: dict) -> str:
    return f" - isolation {g['isolation']}" if g["isolation"] else ""


def _strike_base(state) -> int:
    """The air strike's "six plus a die roll" (l.131), from the card data."""
    return _threshold(state, "air_strike", "attack")


def _group_target(state, snap, gi: int, viewer) -> str:
    """A group an ability chose, by its complex when the ability acts on the complex ("the Port
    of P2's g2"); by its number when it moves the group or has no complex."""
    g = next((g for g in snap["groups"] if g["id"] == gi), None)
    where = _group_at(snap, gi, viewer)
    if g is None or g["complex"] < 0 or snap["ability"] in _MOVES_GROUP:
        return where
    return f"the {kind_name(card_name(state, g['complex']))} of {where}"


def _ph_palace(state, snap, a, viewer):
    """The Palace's deployment (l.138): a leader from the hand, then the group he takes over,
    whose own leader goes to the discard pile."""
    if A_TYPE <= a < A_GROUP:
        return f"send {_rated(state.deck.types[a - A_TYPE])} from the Palace"
    if A_GROUP <= a < A_CARD:
        gi = a - A_GROUP
        leader = next((g["leader"] for g in snap["groups"] if g["id"] == gi), None)
        ousted = (f" (its leader {kind_name(card_name(state, leader))} is discarded)"
                  if leader is not None and leader >= 0 else "")
        return f"put the leader in command of {_group_at(snap, gi, viewer)}{ousted}"


def _ph_complex(state, snap, a, viewer, actor):
    if a == ACTIONS.done:
        return "deploy the complex alone"
    if A_GROUP <= a < A_CARD:
        return f"add the complex to {_group_at(snap, a - A_GROUP, viewer)}"


def _ph_swap(state, snap, a, viewer, actor):
    if a == ACTIONS.done:
        return "swap no markers"
    if A_PAIR <= a < A_ABILITY:
        x, y = _pairs()[a - A_PAIR]
        return f"swap the loyalty markers of {who(x, viewer)} and {who(y, viewer)}"


def _ph_group_verb(verb: str, done: str | None = None):
    def phrase(state, snap, a, viewer, actor):
        if a == ACTIONS.done and done:
            return done
        if A_GROUP <= a < A_CARD:
            return verb.format(_group_at(snap, a - A_GROUP, viewer))
    return phrase


def _ph_card_verb(verb: str):
    def phrase(state, snap, a, viewer, actor):
        if A_CARD <= a < A_FACTION:
            return verb.format(_card_at(state, a - A_CARD, viewer, snap))
    return phrase


def _ph_regroup(state, snap, a, viewer, actor):
    if a == A_NO:
        return f"keep {_group_at(snap, snap['pick_group'], viewer)} as it is"
    return _ph_card_verb("bring {} into command")(state, snap, a, viewer, actor)


def _ph_arrange(state, snap, a, viewer, actor):
    """The commanded unit that goes sideways for the one just brought into command (l.22): the
    group's one sideways unit, since a leader who commands two has at most three units. Another
    of the same kind leaves the group as it was."""
    if not A_CARD <= a < A_FACTION:
        return None
    g = next(g for g in snap["groups"] if g["id"] == snap["pick_group"])
    coming = g["units"][_group(state, g)["commanded"]]
    alike = state.deck.cards[coming] == state.deck.cards[a - A_CARD]
    unit = _card_at(state, a - A_CARD, viewer, snap, apart=False)    # alike ones are one choice
    return (f"turn the other {unit} sideways in its place (alike: the group is unchanged)" if alike
            else f"turn {unit} sideways in its place")


def _spends_arms(state, snap, a, viewer, actor) -> str:
    """"; spends your Arms Cache" when every group that may destroy its complex has attacked
    this turn: destroying "counts as an attack" (l.76), so the target step plays the card."""
    after = _played(state, a) if a == A_ABILITY + ABILITIES["destroy"] else None
    if after is None:
        return ""
    targets = [_attacks_again(after._snap(), t) for t in after.legal_actions()]
    return f"; spends {whose(actor, viewer)} Arms Cache" if targets and None not in targets else ""


def _banco_pays(state, snap, a: int) -> str:
    """" (paid with the Banco's extra action)" when move `a` spends it rather than one of the
    turn's actions: "The extra action must be used by the faction controlling the bank" (l.133),
    so a use either faction may make takes it first and keeps the others for any use."""
    if not snap["banco"] or a in (ACTIONS.end, ACTIONS.draw):      # a draw ends the turn: nothing is left to pay for
        return ""
    after = _played(state, a)
    if after is None:
        return ""
    s1 = after._snap()
    return (" (paid with the Banco's extra action)"
            if not s1["banco"] and s1["actions"] == snap["actions"] and s1["active"] == snap["active"] else "")


def _no_draw(state, snap, seat: int) -> str:
    """": no draw, your hand stays 6 of 7" when the turn ends with no action left for the draw
    ("At the cost of one action, a player may draw new cards from the deck until he reaches his
    hand capacity", l.95) and the hand is below capacity while the deck still has cards."""
    held, limit = sum(1 for w in snap["where"].values() if w == P_HAND + seat), snap["capacity"][seat]
    if held >= limit or snap["sudden"] or not snap["deck"] or ACTIONS.draw in state.legal_actions():
        return ""
    return f": no draw, your hand stays {held} of {limit}"


def _ph_turn(state, snap, a, viewer, actor):
    if a == ACTIONS.draw:              # l.95: "At the cost of one action"; the turn ends, reading 31
        ends = state.game.options.get("draw_ends_turn", "any") == "any"
        return f"draw cards (1 action{f', ends {whose(actor, viewer)} turn' * ends})"
    if a == ACTIONS.end and actor == viewer:
        return "end the turn" + _no_draw(state, snap, viewer)
    if a == A_ABILITY + ABILITIES["destroy"]:          # l.112: "Complex destroyed by rebels": its VP
        return f"{ABILITY_TEXT[ABILITIES['destroy']]} (scores its VP{_spends_arms(state, snap, a, viewer, actor)})"
    if A_CARD <= a < A_FACTION:
        return f"bring {_card_at(state, a - A_CARD, viewer, snap)} into command"
    if A_ATTACK <= a < A_REINFORCE and _attacks_again(snap, a) is not None:
        # l.122: "Attack with the same group a second time": the card goes, the attack's action too
        return (f"attack again with {_group_at(snap, a - A_ATTACK, viewer)}{_forced_un(state, a)} "
                f"(plays {whose(actor, viewer)} Arms Cache, 1 action)")
    if A_ATTACK <= a < A_REINFORCE:
        return f"attack with {_group_at(snap, a - A_ATTACK, viewer)}{_forced_un(state, a)}"
    if A_WITHDRAW <= a < A_ATTACK:
        return f"withdraw {_group_at(snap, a - A_WITHDRAW, viewer)}"
    if A_REINFORCE <= a < A_TYPE:
        return f"reinforce {_group_at(snap, a - A_REINFORCE, viewer)}"
    if A_GROUP <= a < A_CARD:
        return f"sortie from {_group_at(snap, a - A_GROUP, viewer)}"


def _rated(kind) -> str:
    """A card kind as a menu names it: a leader with his command ratings, Government/Rebel,
    and his modifier ("... / Teniente Ana Robles 1/2+1"), as a unit's name gives its strengths."""
    if kind.kind != "leader":
        return kind.name
    return f"{kind.name} {kind.government}/{kind.rebel}{kind.modifier:+d}" if kind.modifier else \
        f"{kind.name} {kind.government}/{kind.rebel}"


def _ph_plan(state, snap, a, viewer, actor):
    if a == ACTIONS.done:
        if not snap["pick"]:
            return "end my initial deployment"
        return "close this group" + (_pick_full(state, snap, whose(actor, viewer)) if viewer in (None, actor) else "")
    if A_TYPE <= a < A_GROUP:
        name = _rated(state.deck.types[a - A_TYPE])
        return f"add {name} to the group" if snap["pick"] else f"start a group with {name}"


def _ph_faction(state, snap, a, viewer, actor):
    if A_FACTION <= a < A_MODE:
        f = a - A_FACTION
        return (f"deploy the group as {FACTIONS[f]}{_side_strength(state, snap['pick'], f)}"
                + _plan_ends(state, a, whose(actor, viewer)))


def _side_strength(state, cards, f: int) -> str:
    """What the picked cards would fight with on side f, as a battle totals it before its die
    (l.67): "Leader cards have a Government command rating ... and a Rebel command rating"
    and each unit a strength per side (l.7-l.8); the leader combines as many units as his
    rating (l.57), the first picked, as the group keeps them, the rest sideways (l.22: the
    owner may rearrange them after, RULES.md reading 10a), and adds his modifier; without a
    leader one unit fights alone (l.58), at best the strongest: its attacker is chosen at each
    attack, and against it the strongest named defends (reading 8)."""
    deck, half = state.deck, ("government", "rebel")[f]
    kinds = [deck.types[deck.cards[c]] for c in cards]
    units = [k.value(half) for k in kinds if k.kind == "unit"]
    lead = next((k for k in kinds if k.kind == "leader"), None)
    if not units:
        return ""
    if lead is None:
        return f" (strength {max(units)}{', one unit fights alone' if len(units) > 1 else ''})"
    n = min(lead.value(half), len(units))
    sideways = len(units) - n
    return f" (strength {sum(units[:n]) + lead.modifier}{f', {sideways} sideways' if sideways else ''})"


def _plan_ends(state, a: int, owner: str) -> str:
    """" (ends your initial deployment ...)", the deployment `owner`'s ("your", "P2's"), when the group's side is its plan's last choice: the
    cards left cannot start a group ("Leaders must be deployed with a unit or a Complex, never
    alone", l.18), so ending the plan is the one move left and is played at once."""
    after = _played(state, a) if state._node() == N_PLAN_FACTION else None
    if after is None or after._node() != N_PLAN or after.legal_actions() != [ACTIONS.done]:
        return ""
    return f" (ends {owner} initial deployment: no group can be formed from the cards left)"


def _ph_pick(state, snap, a, viewer, actor):
    kind = snap["pick_kind"]
    if a == ACTIONS.done and kind == PICKS["discard"]:
        return "discard these cards"
    if a == ACTIONS.done:               # the cards are laid face up as they are picked (l.37, l.82)
        cards = listed([kind_name(card_name(state, c)) for c in snap["pick"]])
        full = _pick_full(state, snap, whose(actor, viewer)) if viewer in (None, actor) else ""     # the hand is his secret
        if kind == PICKS["reinforce"]:
            return f"reinforce {_group_at(snap, snap['pick_group'], viewer)} with {cards}{full}"
        return f"deploy {cards} as a new group{full}"
    if A_TYPE <= a < A_GROUP and kind != PICKS["discard"]:
        held = _held_only(state, snap, a - A_TYPE, actor)
        loose = viewer in (None, actor) and _held_also(state, snap, a - A_TYPE, actor)
        return f"add {_rated(state.deck.types[a - A_TYPE])}" + (
            f" (the Barracks' card: the group must be {FACTIONS[held]})" if held is not None
            else " (from your hand, not the Barracks' copy)" if loose else "")


def pick_limit(state, snap) -> tuple[list[str], str, bool] | None:
    """The cards of the picking player's hand that the group being built (deployed, planned or
    reinforced) cannot take, why, and whether it is full (its units, or its complex's garrison):
    "A group can consist of one leader and/or up to three units or one complex with a garrison
    of up to one unit and/or a leader" (l.17), "beyond the normal limitations" for a
    reinforcement too (l.82); a leader's rating limits none (the excess lie sideways, l.22).
    None while every card held may still join."""
    node = snap["node"]
    if node not in (N_PLAN, N_PICK) or (node == N_PICK and snap["pick_kind"] == PK_DISCARD):
        return None
    deck = state.deck
    kinds, full = _pick_kinds(state, snap)
    held = [c for c in _pick_hand(state, snap) if full.get(deck.types[deck.cards[c]].kind)]
    if not held:
        return None
    cplx = "complex" in kinds
    why = []
    if full["unit"]:
        why.append(("it has a complex and one unit, the most a complex's garrison holds" if cplx
                    else "it has three units, the most a group holds")
                   + (" whatever its leader's rating" if "leader" in kinds and not cplx else ""))
    if full["leader"] and any(deck.types[deck.cards[c]].kind == "leader" for c in held):
        why.append("a group has one leader, and it has its own")
    if full["complex"] and any(deck.types[deck.cards[c]].kind == "complex" for c in held):
        why.append("a complex takes one unit at most" if not cplx else "it has its one complex")
    return sorted({kind_name(card_name(state, c)) for c in held}), "; ".join(why), full["unit"] or full["complex"]


def _pick_kinds(state, snap) -> tuple[list[str], dict]:
    """The kinds of the cards in the group being built, and which kinds it can take no more of."""
    deck = state.deck
    kinds = [deck.types[deck.cards[c]].kind for c in snap["pick"]]
    if snap["node"] == N_PICK and snap["pick_kind"] == PICKS["reinforce"]:
        g = next(g for g in snap["groups"] if g["id"] == snap["pick_group"])
        kinds += ["leader"] * (g["leader"] >= 0) + ["unit"] * len(g["units"]) + ["complex"] * (g["complex"] >= 0)
    units, cplx = kinds.count("unit"), "complex" in kinds
    return kinds, {"unit": units >= (1 if cplx else 3), "leader": "leader" in kinds,
                   "complex": snap["node"] == N_PLAN and (cplx or units > 1)}


def _pick_hand(state, snap) -> list[int]:
    """The cards of the picking player's hand that are not in a group yet."""
    seat = snap["cur"] if snap["node"] == N_PLAN else snap["active"]
    return [c for c, w in snap["where"].items() if w == P_HAND + seat and c not in snap["pick"]
            and not (snap["node"] == N_PLAN and snap["plan"][c])]


def _pick_full(state, snap, owner: str) -> str:
    """" (no more cards fit: ...)" on the move that closes a group when it is the only one left
    though the hand holds cards of a kind it cannot take (pick_limit): the move is played for
    the player, so its own words say why, and that no unit is left when the group could take
    one (a leader's group never reads as full for his one leader); `owner` names the hand
    ("your", "P2's")."""
    limit = pick_limit(state, snap)
    if limit is None or len(state.legal_actions()) > 1:
        return ""
    deck = state.deck
    no_unit = not _pick_kinds(state, snap)[1]["unit"] and not any(
        deck.types[deck.cards[c]].kind == "unit" for c in _pick_hand(state, snap))
    return f" (no more cards fit: {limit[1]}{f'; no unit is left in {owner} hand' if no_unit else ''})"


def _held_only(state, snap, t: int, seat: int) -> int | None:
    """The faction the Barracks holds the copy of kind t a pick takes to: a loose copy is taken
    first (RULES.md reading 34), so only when every free copy in hand is held (l.134)."""
    factions = _copies(state, snap, t, seat)
    return None if None in factions or not factions else min(factions)


def _held_also(state, snap, t: int, seat: int) -> bool:
    """Whether the Barracks holds a copy of kind t beside the loose one in hand a pick takes
    first (RULES.md reading 34): the menu says which it takes."""
    factions = _copies(state, snap, t, seat)
    return None in factions and len(factions) > 1


def _copies(state, snap, t: int, seat: int) -> set[int | None]:
    """The holds of the copies of kind t in the seat's hand not picked yet: the faction the
    Barracks binds each to (l.134), None for a loose one."""
    return {snap["held_faction"].get(c) for c, w in snap["where"].items()
            if w == P_HAND + seat and state.deck.cards[c] == t and c not in snap["pick"]}


def _ph_counter_group(done: str):
    """The Recon Patrol's counter: the cards of the target's Rebel group (l.120)."""
    def phrase(state, snap, a, viewer, actor):
        if a == ACTIONS.done:
            return done
        if A_TYPE <= a < A_GROUP:
            return f"counter-attack with {_rated(state.deck.types[a - A_TYPE])}"
    return phrase


def _ph_offer(state, snap, a, viewer, actor):
    if a == ACTIONS.done:
        laid = any(f and snap["where"].get(c) == P_HAND + actor for c, f in enumerate(snap["offer"]))
        return "end my offer" if laid else "offer nothing"
    if a >= A_OFFER:
        return f"lay {action_to_string(state, a)}"


def _laid(state, snap, seat: int) -> str:
    """An offer or a counter-offer as the table sees it once laid: "They may be face up, face
    down or a combination" (l.87), the face-down cards counted."""
    mine = [(c, f) for c, f in enumerate(snap["offer"]) if f and snap["where"].get(c) == P_HAND + seat]
    up = [f"{kind_name(card_name(state, c))} face up" for c, f in mine if f == 1]
    down = sum(1 for _, f in mine if f == 2)
    parts = up + ([f"{down} card{'s' * (down != 1)} face down"] if down else [])
    return ": " + ", ".join(parts) if parts else ""


def _ph_return(state, snap, a, viewer, actor):
    if A_CARD <= a < A_FACTION:
        return f"return {kind_name(card_name(state, a - A_CARD))}"


def _ph_window(state, snap, a, viewer, actor):
    """A card played in a reaction window, with what it does there (l.120-l.125), naming the
    viewer's group when another seat plays it in the viewer's battle (_in_your_battle); the
    ambush marker rolled, whose it is (l.79)."""
    if a == A_YES:
        return f"roll {whose(actor, viewer)} ambush marker"
    phrase = _window_card(state, snap, a, viewer, actor)
    if not phrase or concern(phrase) != OTHERS:             # it names the viewer already
        return phrase
    return phrase + _in_your_battle(snap, viewer, actor)


def _in_your_battle(snap, viewer, actor) -> str:
    """", in the battle of your g4" after a card another seat plays in a battle the viewer
    fights, attacking or defending (l.120: "Any number of ambush cards can be played by both the
    attacker and the defender"; l.124: "Any player may play immediately after a battle"): the
    line concerns the viewer, whose points or units it changes; nothing in an attempt, which
    names its target."""
    if viewer is None or viewer == actor or _attempt(snap):
        return ""
    b = snap["battle"]
    mine = [g for g in (b["attacker"], b["with"], b["defender"]) if g >= 0 and _group_owner(snap, g) == viewer]
    if not mine and viewer in (b["victor"], b["sufferer"]):       # a group lost with the battle
        return ", in your battle"
    return f", in the battle of your g{mine[0]}" if mine else ""


def _window_card(state, snap, a, viewer, actor):
    """What a card played in a reaction window does there (l.120-l.125)."""
    if A_USE <= a < A_USE + 2:
        halve = state.game.options.get("atrocities", "double") == "halve"
        return f"{action_to_string(state, a)}: this battle's points {'halved' if halve == (a == A_USE) else 'doubled'}"
    if a == A_USE + 3 and _armor_refusal(state):
        column = "your Armor Column" if _group_owner(snap, snap["battle"]["attacker"]) == viewer else "the Armor Column"
        return f"refuse combat with {column}: {_refusal_effect(state, snap, viewer)}"
    if a == A_USE + 2:
        ambusher = _cancelled_ambusher(state, snap)
        if ambusher is not None:
            return f"play Informant: cancel {whose(ambusher, viewer)} Ambush"
    if not A_PLAY <= a < A_USE:
        return None
    name = state.deck.types[a - A_PLAY].name
    attacking = actor == _group_owner(snap, snap["battle"]["attacker"])
    mine = "your" if viewer == actor else "an attacking"
    use = {"Ambush": (f"double {mine} unit or single out a defender" if attacking
                      else "double a defending unit"),
           "Arms Cache": "double an attacking unit",
           "Bodyguard": f"the {_attempt(snap) or 'Assassin'} rolls one more die, the lowest counts"}.get(name)
    if name == "Bodyguard" and actor == snap["active"]:
        # allowed to any player (reading 14), it can only shield the leader from the attempt
        use += f" (against {whose(actor, viewer)} own attempt: it only shields the leader)"
    return f"play {name}: {use}" if use else None


def _cancelled_ambusher(state, snap) -> int | None:
    """Who played the Ambush an Informant cancels (l.126: it "cancels the effects of an Ambush
    card", the last one played): the owner of the unit it doubled, or the attacker when it
    singled out a defender (l.120). Seen by playing the cancel ahead: what it undoes."""
    after = _played(state, A_USE + 2)
    if after is None:
        return None
    undoubled = set(snap["doubled"]) - set(after._snap()["doubled"])
    if undoubled:
        return _where(snap)[undoubled.pop()][1]
    return snap["active"]


def _refusal_effect(state, snap, viewer) -> str:
    """What refusing an Armor Column does: "The effects are exactly as if an Informant card had
    been played ... A garrison may refuse combat by becoming a separate group. A complex may not
    refuse combat." (l.121); the Informant's retreat takes the group back to hand (l.126,
    RULES.md reading 18)."""
    g = next(g for g in snap["groups"] if g["id"] == snap["battle"]["defender"])
    mine = g["owner"] == viewer
    if g["complex"] >= 0:
        cplx = kind_name(card_name(state, g["complex"]))
        return f"the garrison becomes a group of its own, and the {cplx} is attacked alone"
    n = len(g["units"]) + (g["leader"] >= 0)
    after = _played(state, A_USE + 3)
    over = ""
    if mine and after is not None:       # the limit after it: the group's faction may leave the table
        s1 = after._snap()
        held, limit = sum(1 for w in s1["where"].values() if w == P_HAND + viewer), s1["capacity"][viewer]
        over = f" (your hand then {held} of {limit}: the excess is lost at the end of your turn)" if held > limit else ""
    return (f"{_group_at(snap, g['id'], viewer)} retreats, its {n} card{'s' * (n != 1)} back to "
            f"{'your' if mine else whose(g['owner'], viewer)} hand, and the series ends{over}")


def _ph_air(state, snap, a, viewer, actor):
    """Air Assault's options (l.119: "1) Deploy units or a whole group from hand in the attack
    phase and attack. 2) Combine the strength of two deployed groups for a single attack. 3)
    Re-enforce an isolated group ... The isolated group must then attack the group cutting its
    supply"), each with the attack it leads to, its groups as the board names them."""
    if a == ACTIONS.deploy:
        return "deploy a new group and attack with it"
    if A_ATTACK <= a < A_REINFORCE:
        return f"combine {_group_at(snap, a - A_ATTACK, viewer)} with another group to attack"
    if A_GROUP <= a < A_CARD and snap["node"] == N_AIR:
        return f"reinforce {_group_at(snap, a - A_GROUP, viewer)}, isolated, which then attacks its cutter"
    if A_GROUP <= a < A_CARD:
        return f"attack together with {_group_at(snap, a - A_GROUP, viewer)}"
    return None


def _ph_traitor(state, snap, a, viewer, actor):
    """The Traitors' target, with what its roll needs: "Add the leader's command modifier to a
    die roll. If played on a complex with no leader, the die roll is unmodified. If the result
    is greater than 5, the leader and his entire group change faction. If the result is less
    than 6, the leader is eliminated - shot as a traitor." (l.140)."""
    if not A_GROUP <= a < A_CARD:
        return None
    g = next(g for g in snap["groups"] if g["id"] == a - A_GROUP)
    limit = _threshold(state, "traitors")
    if g["leader"] < 0:
        odds = f"no leader: {_needs(limit + 1, 'turns it')}"
    else:
        mod = _modifier(state, g["leader"])
        odds = f"the leader's modifier {mod:+d}: {_needs(limit + 1 - mod, 'turns the group')}, else the leader is shot"
    return f"play the Traitors on {_group_at(snap, g['id'], viewer)} ({odds})"


def _ph_mode(state, snap, a, viewer, actor):
    """Which part of a group with sideways units is attacked, with what that means: "When only
    part of a group is attacked, only the units under attack can defend and take losses"
    (l.64); the leader's modifier goes with the commanded units (l.67), and under "all units"
    the sideways defend and may be lost but add no strength (_sideways_idle). Said to the
    attacker, who chooses; the others read it in the battle's line."""
    after = _played(state, a) if A_MODE <= a < A_PAIR and actor == viewer else None
    if after is None:
        return None
    part = a - A_MODE != MODES["all"]
    modifier = _defence_modifier(after, after._snap())
    idle = not part and not state.game.options.get("sideways_strength", False)
    return (f"{action_to_string(state, a)} ({'only they defend and may be lost' if part else 'all may be lost'}"
            f"{'; the sideways add no strength' * idle}; "
            f"{f'the leader adds {modifier:+d}' if modifier else 'no leader modifier'})")


def _ph_seat(state, snap, a, viewer, actor):
    """A seat chosen: a counter-offer accepted, the UN's protection, a hand inspected."""
    if A_SEAT <= a < A_TRADE and snap["node"] in _SEAT_TEXT:
        q = a - A_SEAT
        return _SEAT_TEXT[snap["node"]].replace("{}'s", whose(q, viewer)).format(who(q, viewer))


_NODE_PHRASE = {
    N_WINDOW: _ph_window, N_ACCEPT: _ph_seat, N_UN: _ph_seat, N_RECON_SEAT: _ph_seat,
    NODES["attacker"]: _ph_attacker, NODES["target"]: _ph_target, NODES["defender"]: _ph_defender,
    NODES["mode"]: _ph_mode,
    NODES["loss"]: _ph_loss, NODES["garrison"]: _ph_garrison, NODES["ambush"]: _ph_ambush,
    NODES["order"]: _ph_order, NODES["sortie"]: _ph_sortie, NODES["wpart"]: _ph_wpart,
    NODES["ability"]: _ph_ability, NODES["complex"]: _ph_complex, NODES["swap"]: _ph_swap,
    NODES["turncoat"]: _ph_group_verb("turn {} Rebel"),
    NODES["traitor"]: _ph_traitor,
    NODES["cutter"]: _ph_group_verb("cut supply with {}"),
    NODES["cut"]: _ph_group_verb("cut the supply of {}"),
    NODES["armor_start"]: _ph_group_verb("attack {} with the Armor Column", "no Armor Column attack"),
    NODES["recon"]: _ph_group_verb("send {} on the Recon Patrol"),
    N_ARRANGE: _ph_arrange, N_REGROUP: _ph_regroup,
    N_RECON_TAKE: _ph_recon_take,
    NODES["recon_unit"]: _ph_counter_group("form no counter group"),
    NODES["recon_leader"]: _ph_counter_group("counter-attack without a leader"),
    N_TURN: _ph_turn, N_AIR: _ph_air, N_AIR_WITH: _ph_air,
    N_PLAN: _ph_plan, N_PLAN_FACTION: _ph_faction, NODES["faction"]: _ph_faction, N_PICK: _ph_pick,
    N_OFFER: _ph_offer, N_RETURN: _ph_return}


# The sources of points outside battles (l.110-l.113), in table.pxd's order of SRC_*: as the
# end's breakdown names them.
WON_BY = ("complexes destroyed", "Policia kills", "Assassin kills", "air strikes", "propaganda")


def observation(state, player: int) -> dict:
    s = state._snap()
    node = s["node"]
    hand = sorted(c for c, w in s["where"].items() if w == P_HAND + player)
    sizes = [sum(1 for w in s["where"].values() if w == P_HAND + q) for q in range(s["n"])]
    loyalty = {}
    for q in range(s["n"]):
        if s["loyalty"][q] >= 0 and (s["known"][q] >> player) & 1:
            loyalty[str(q)] = LOYALTIES[s["loyalty"][q]]
    obs = {
        "seat": player,
        "phase": NODE_TEXT[node],
        "to_move": state.current_player(),
        "dealer": s["dealer"] if node != NODES["dealer"] else None,
        "active": s["active"] if node >= N_TURN else None,
        "actions_left": s["actions"],
        "phase_reached": LETTERS[s["letter"]],
        "loyalty": loyalty,
        "hand": [card_name(state, c) for c in hand],
        "hand_limit": s["capacity"][player],           # seven, eight with both factions, the Port's +1
        "hand_limit_why": _capacity_why(state, s, player),
        "hand_sizes": sizes,
        "groups": [_group(state, g) for g in s["groups"]],
        "scores": s["score"],
        "faction_scores": {"Government": s["fscore"][0], "Rebel": s["fscore"][1]},
        # of each seat's points, those won outside battles, by source (table.pxd SRC_*)
        "won_by": [dict(zip(WON_BY, points)) for points in s["won_by"]],
        "deck": s["deck"],
        "discard_pile": len(s["discard"]),
        "discard_top": (card_name(state, s["discard"][-1])
                        if s["discard"] and s["discard"][-1] in state._seen_discard(player) else None),
        "sudden_death": s["sudden_marker"] if s["sudden"] else None,
        "second_deck": s["deck_pass"] == 2,
        "bad_weather_before": s["weather"] if s["weather"] >= 0 else None,
        "turns": s["turns"],
        "round": s["round"] + 1,
        "rounds": s["rounds"],
        "totals": s["total"],
        "battle": _battle(state, s),
        # a red card while its effect is being resolved (Bad Weather's lasts: a marker of its own)
        "playing": (card_name(state, s["drawn_red"]) if s["drawn_red"] >= 0 and (node in _RED_NODES or (
            node == N_ROLL and s["roll_for"] == ROLLS["traitor"])) else None),
        # the Revolution lies face up on the discard pile once played (l.139)
        "revolution_played": any(c in s["discard"] for c in state.deck.ids(REVOLUTION)),
        # the Supply Cuts seen going onto the pile: a link that ends without one went back to
        # its cutter's hand (l.128)
        "supply_cuts_discarded": len(set(state.deck.ids(SUPPLY_CUT)) & set(state._seen_discard(player))
                                     & set(s["discard"])),
        "ambush_markers": s["markers"],
        "un_protects": s["un"] if s["un"] >= 0 else None,
        "atrocity": s["atrocity"],
        "doubled": [card_name(state, c) for c in s["doubled"]],
        "banco": s["banco"],
        "reaction": ({"window": WINDOW_TEXT[s["window"]], "step": NODE_TEXT[node], "asked": s["cur"]}
                     if N_WINDOW <= node <= N_RETREAT else None),
    }
    if s["n"] == 2:
        obs["variant"] = "open duel (our reconstruction): loyalties public, your faction's win is yours"
    if node in (N_PLAN, N_PLAN_FACTION):
        mine = [c for c in hand if s["plan"][c]]
        obs["my_plan"] = [[card_name(state, c) for c in mine if s["plan"][c] == i + 1]
                          for i in range(max((s["plan"][c] for c in mine), default=0))]
        obs["my_plan_factions"] = [FACTIONS[f] for f in s["plan_faction"][player]][:len(obs["my_plan"])]
        obs["planned"] = [q for q in range(s["n"]) if (s["planned"] >> q) & 1]
    laid = [(c, s["where"][c] - 1, f) for c, f in enumerate(s["offer"]) if f]
    if laid:
        obs["trade"] = {str(q): {"face_up": [card_name(state, c) for c, o, f in laid if o == q and f == 1],
                                 "face_down": ([card_name(state, c) for c, o, f in laid if o == q and f == 2]
                                               if q == player else
                                               sum(1 for c, o, f in laid if o == q and f == 2))}
                        for q in sorted({o for _, o, _ in laid})}
    held = {f: [card_name(state, c) for c in hand if s["held_faction"].get(c) == i] for i, f in enumerate(FACTIONS)}
    if any(held.values()):
        # "must be deployed initially on the side of the same faction as the barracks" (l.134)
        obs["held"] = {f: cards for f, cards in held.items() if cards}
    if node == N_RECON_TAKE and player == s["active"]:
        # "Allows another player's hand to be inspected secretly" (l.127): the patrol's player alone
        obs["inspected"] = {"seat": s["recon_seat"], "group": s["recon_group"],
                            "hand": [card_name(state, c) for c, w in sorted(s["where"].items())
                                     if w == P_HAND + s["recon_seat"]]}
    if node in (NODES["turncoat"], NODES["traitor"]):
        obs["not_turnable"] = _not_turnable(state, s, node == NODES["traitor"])
    if _palace_leader(s):
        obs["palace"] = {"step": "group" if s["pick"] else "leader"}
    elif node == N_ABILITY and s["ability"] in _ABILITY_ASK:
        obs["ability_target"] = dict(zip(("ability", "target"), _ABILITY_ASK[s["ability"]]))
        if s["ability"] == ABILITIES["destroy"] and player == s["active"]:
            obs["ability_target"]["not_offered"] = _not_destroyable(state, s)
    if s["un"] >= 0:                   # "The card defends with a strength of 10" (l.129)
        obs["un_defence"] = _threshold(state, "un_intervention", "defence")
    if node == N_RETURN:
        # "No player can finish the trade with cards exceeding his hand capacity" (l.88): the
        # cards the seat returning gives back now (an excess from before the trade may stay)
        giver = s["cur"] != s["active"]
        obs["to_return"] = {"count": sizes[s["cur"]] - s["trade_limit"][giver],
                            "to": s["active"] if giver else s["partner"]}
    if s["pick"] and s["cur"] == player:
        obs["picked"] = [card_name(state, c) for c in s["pick"]]
    limit = pick_limit(state, s) if state.current_player() == player else None
    if limit:
        obs["pick_limit"] = {"cards": limit[0], "why": limit[1], "full": limit[2]}
    if node == N_PLAN and s["cur"] == player:
        # "players must deploy all red complex cards" (l.36): the deployment cannot end before
        deck = state.deck
        obs["complexes_left"] = sorted(kind_name(card_name(state, c)) for c, w in s["where"].items()
                                       if w == P_HAND + player and not s["plan"][c] and c not in s["pick"]
                                       and deck.types[deck.cards[c]].kind == "complex")
    if state.current_player() == player:
        # what each legal move does, in the menu's words (move_phrase)
        obs["menu"] = [move_phrase(state, a, player) + _skipped(state, a) for a in state.legal_actions()]
    if node == N_OVER:
        obs["final_scores"] = s["final"]
        obs["winner"] = s["winner"]
        obs["loyalties"] = [LOYALTIES[m] for m in s["loyalty"]]
    return obs


def _capacity_why(state, s: dict, seat: int) -> str:
    """What makes `seat`'s hand capacity: "eight cards if he has both factions deployed, or
    seven if he does not" (l.15), and each complex that "increases his hand capacity by one"
    (l.137) while it works: undamaged (l.122) and supplied (l.128)."""
    deck = state.deck
    parts, added = [], 0
    for g in s["groups"]:
        kind = deck.types[deck.cards[g["complex"]]] if g["owner"] == seat and g["complex"] >= 0 else None
        if kind is None or not any(u.kind == "hand_capacity" for u in kind.uses):
            continue
        n = kind.use("hand_capacity").params["delta"]
        if g["damage"] or g["cut_by"] >= 0:
            parts.append(f"the {kind.name} (g{g['id']}) {'damaged' if g['damage'] else 'cut off'}: no +{n}")
        else:
            parts.append(f"+{n} the {kind.name} (g{g['id']})")
            added += n
    base = s["capacity"][seat] - added
    return ", ".join([f"{base} with both factions deployed" if base == 8 else
                      f"{base} (8 with both factions deployed)"] + parts)


def _not_destroyable(state, s: dict) -> list[str]:
    """The destroyer's own Rebel complexes he may not destroy now: "Destroying a complex counts
    as an attack, so a group which took control of a complex could not destroy it on the same
    turn unless an Arms Cache event card was played" (l.76): those whose group attacked or took
    its complex this turn, when no Arms Cache lets it (the engine's menu says which)."""
    offered = {a - A_GROUP for a in state.legal_actions() if A_GROUP <= a < A_CARD}
    return [_group_target(state, s, g["id"], s["active"]) for g in s["groups"]
            if g["owner"] == s["active"] and g["complex"] >= 0 and FACTIONS[g["faction"]] == "Rebel"
            and g["id"] not in offered]


def _not_turnable(state, s: dict, traitors: bool) -> list[dict]:
    """The Government groups the Revolution may not turn, and why: "Any player controlling the
    (undamaged, un-isolated) Presidential Palace is excluded from ... the change of faction"
    (l.139); the Armor Column "Never changes faction" (l.121). With `traitors`, the leaders and
    complexes of either faction the Traitors may not turn: "except those belonging to a player
    controlling the (undamaged, un-isolated) Presidential Palace" (l.140)."""
    immune = {g["owner"] for g in s["groups"] if _immune_holder(state, g)}
    out = []
    for g in s["groups"]:
        if traitors:
            if g["owner"] in immune and (g["leader"] >= 0 or g["complex"] >= 0):
                out.append({"group": g["id"], "owner": g["owner"], "why": "palace"})
            continue
        if g["faction"] != 0:
            continue
        if g["owner"] in immune:
            out.append({"group": g["id"], "owner": g["owner"], "why": "palace"})
        elif any(_is_armor(state, c) for c in g["units"]):
            out.append({"group": g["id"], "owner": g["owner"], "why": "armor"})
    return out


def _is_armor(state, card: int) -> bool:
    uses = state.deck.types[state.deck.cards[card]].uses
    return bool(uses) and uses[0].kind == "armor_column"


def _skipped(state, a: int) -> str:
    """The phase a move of the turn goes on to when it passes over a whole phase, which cannot
    come back this turn ("Phases must take place in the order shown", l.44): " →F"."""
    snap = state._snap()
    after = _played(state, a) if snap["node"] == N_TURN else None
    if after is None:
        return ""
    now, then = snap["letter"], after._snap()["letter"]
    if then - now < 2 or after._snap()["active"] != snap["active"]:
        return ""
    return f" {SKIP_MARK}{LETTERS[then]}"


def _battle(state, s: dict) -> dict | None:
    """The battle under way, with the seats of its two sides as they were when it began: a
    group eliminated or a complex captured no longer shows them (the loser's seat is the
    sufferer's, the winner's the victor's, l.68); the unit named to defend by its name, which
    stays known once it is eliminated."""
    b = dict(s["battle"])
    attempt = _attempt(s)
    if (b["attacker"] < 0 and attempt is None) or s["node"] == N_ABILITY:
        return None                    # an ability's target being chosen: no battle yet, or none
    if s["node"] == N_ARMOR_START:
        # the Armor Column is played, its target not yet named (l.121): the other fields are
        # still those of an earlier roll (a Traitors', a battle's)
        b.update({"defender": -1, "with": -1, "unit": -1, "named": -1, "rolls": [0, 0], "totals": [0, 0],
                  "loser": -1, "due": 0, "taken": 0, "victor": -1, "sufferer": -1})
    owner = {g["id"]: g["owner"] for g in s["groups"]}
    att_lost = b["loser"] >= 0 and b["loser"] == b["attacker"]
    side = {True: b.pop("sufferer"), False: b.pop("victor")}
    b["attacker_seat"] = owner.get(b["attacker"], side[att_lost])
    dfd = owner.get(b["defender"], -1)
    if b["defender"] < 0 or dfd < 0 or dfd == b["attacker_seat"]:
        dfd = side[not att_lost] if b["loser"] >= 0 else dfd
    b["defender_seat"] = dfd
    b["named_card"] = card_name(state, b["named"]) if b["named"] >= 0 else None
    # a leaderless group's one attacking unit (l.58), or the Armor Column
    b["unit_card"] = card_name(state, b["unit"]) if b["unit"] >= 0 else None
    b["armor_garrison"] = armor_on_garrison(state, {**s, "battle": b}) or None
    b["also_cards"] = [card_name(state, c) for c in b["also"]]
    best = strongest_named(state, s) if b["named"] >= 0 else None     # not an Armor Column's start
    b["strongest"] = ({"card": card_name(state, best[0]), "name": doubled_name(state, s, best[0]), "strength": best[1]}
                      if best else None)
    del b["also"]
    b["attempt"] = attempt
    if s["node"] == NODES["order"]:             # the points the losses still to order will score
        b["points_due"] = b["points"] + _losses_placed(state)._snap()["score"][s["cur"]] - s["score"][s["cur"]]
        b["left_alone"] = lone_leader(state, s)
    if b["attacker"] < 0:                  # an Assassin card: its player's, no group's (l.123)
        b["attacker_seat"] = s["active"]
    return b


# The target an ability or a targeted card asks for (l.123, l.131, l.136, l.141, l.122, l.76,
# l.93, l.135): its name on the screen and what is chosen.
_ABILITY_ASK = {
    ABILITIES["strike"]: ("Air strike (Airfield)", "the unit or complex to strike"),
    ABILITIES["policia"]: ("Policia", "the leader it tries to kill"),
    ABILITIES["tv"]: ("Propaganda (TV Station)", "which of the weakest units it attacks"),
    ABILITIES["destroy"]: ("Destroying a Rebel complex", "the complex to destroy"),
    ABILITIES["repair"]: ("Repair", "the damaged complex to repair"),
    ABILITIES["bridge_withdraw"]: ("Free withdrawal (Bridge)", "the group to withdraw"),
    TARGETED["assassin"]: ("Assassin", "the leader he tries to kill"),
    TARGETED["demolition"]: ("Demolition (Arms Cache)", "the Government complex to attack")}


def _palace_leader(s: dict) -> bool:
    """The Palace's new leader being chosen, or his group (l.138): no battle, though the
    Palace's group stands where a battle's attacker does."""
    return s["node"] == N_ABILITY and s["ability"] == ABILITIES["palace"]


def _attempt(s: dict) -> str | None:
    """The one-die attempt that borrows the battle's sides, which is no battle (l.124 sets an
    assassination, a demolition, propaganda and an air strike apart from battles): its name."""
    node, roll = s["node"], s["roll_for"]
    if (node == N_WINDOW and s["window"] == WINDOWS["bodyguard"]) or (node == N_ROLL and roll == ROLLS["assassin"]):
        return "Policia" if s["ability"] == ABILITIES["policia"] else "Assassin"
    if node == N_ROLL and roll in (ROLLS["strike"], ROLLS["strike_defence"]):
        return "demolition" if s["ability"] == TARGETED["demolition"] else "air strike"
    if node == N_ROLL and roll == ROLLS["tv"]:
        return "propaganda"
    return None


def _group(state, g: dict) -> dict:
    deck, f = state.deck, g["faction"]
    half = "government" if f == 0 else "rebel"
    lead = deck.types[deck.cards[g["leader"]]] if g["leader"] >= 0 else None
    cplx = deck.types[deck.cards[g["complex"]]] if g["complex"] >= 0 else None
    rating = lead.value(half) if lead else 0
    return {"id": g["id"], "owner": g["owner"], "faction": FACTIONS[f],
            "leader": card_name(state, g["leader"]) if lead else None,
            "complex": card_name(state, g["complex"]) if cplx else None,
            "units": [card_name(state, c) for c in g["units"]],
            "damage": g["damage"], "isolation": g["isolation"], "attacked": g["attacked"],
            "cut_by": g["cut_by"] if g["cut_by"] >= 0 else None,
            "cuts": g["cuts"] if g["cuts"] >= 0 else None,
            # the halves in play (l.9-l.10): the leader's name and rating, the strengths, and
            # how many units he commands (the rest lie sideways, l.22)
            "leader_half": ({"name": lead.leaders[f], "rating": rating, "modifier": lead.modifier}
                            if lead else None),
            "strengths": [deck.types[deck.cards[c]].value(half) for c in g["units"]],
            "commanded": min(len(g["units"]), rating) if lead else min(len(g["units"]), 1),
            "complex_stats": {"name": cplx.name, "df": cplx.df, "vp": cplx.vp} if cplx else None}
