"""Guerilla's text: action names, what each seat sees of an action, and observations (only
what the seat may know: its own hand and loyalty, the markers it has seen, the table, the
public tallies)."""
from partisan.core.narration import by, does, who
from partisan.core.games.guerilla.state import (
    ABILITIES, ACTIONS, CHANCE_OUTCOMES, MODES, NODES, PICKS, PLACES, WINDOWS)

FACTIONS = ("Government", "Rebel")
LOYALTIES = ("Government", "Rebel", "Mercenary")
LETTERS = "ABCDEF"
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
    recon_counter="recon patrol: counter", recon_unit="recon counter: unit",
    recon_leader="recon counter: leader", recon_take="recon patrol: take or discard",
    air_with="air assault: combine with")
NODE_TEXT = {NODES[name]: text for name, text in _NODE_TEXT.items()}
N_PLAN, N_PLAN_FACTION, N_PICK, N_OFFER, N_RETURN, N_OVER = (
    NODES["plan"], NODES["plan_faction"], NODES["pick"], NODES["offer"], NODES["ret"], NODES["over"])
N_TURN, N_MISDEAL, N_UN, N_ACCEPT, N_ARRANGE, N_REGROUP = (
    NODES["turn"], NODES["misdeal"], NODES["un"], NODES["accept"], NODES["arrange"], NODES["regroup"])
N_RECON, N_RECON_SEAT, N_RECON_TAKE = NODES["recon"], NODES["recon_seat"], NODES["recon_take"]
N_AIR, N_AIR_WITH = NODES["air"], NODES["air_with"]
N_ARMOR_AGAIN, N_RECON_COUNTER = NODES["armor_again"], NODES["recon_counter"]
N_WINDOW, N_RETREAT = NODES["window"], NODES["retreat"]   # the reaction nodes: window to retreat
N_DEAL, N_REFILL, N_DRAW, N_CAPACITY = NODES["deal"], NODES["refill"], NODES["draw"], NODES["capacity"]
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
    if A_TYPE <= a < A_FACTION and state._snap()["node"] == N_RECON_TAKE:
        t = a - A_TYPE
        return (f"discard {deck.types[t].name}" if a < A_GROUP else
                f"take {card_name(state, a - A_CARD)}")
    air = _air_text(state, a)
    if air:
        return air
    if a < A_WITHDRAW:
        node = state._snap()["node"]
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
        if state._snap()["node"] == N_TURN:
            return f"sortie from group {a - A_GROUP}"
        return f"group {a - A_GROUP}"
    if a < A_FACTION:
        node = state._snap()["node"]
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
        return _SEAT_TEXT.get(state._snap()["node"], "{}").format(seat_name(a - A_SEAT))
    if a == A_TRADE:
        return "offer a trade"
    t, down = divmod(a - A_OFFER, 2)
    kind = deck.types[t].name if t < len(deck.types) else f"kind {t}"
    return f"{kind} face down" if down else f"{kind} face up"


def _air_text(state, a: int) -> str | None:
    """Air Assault's combined attack (l.119): the pair's groups, or attacking alone."""
    node = state._snap()["node"]
    if node == N_AIR and A_ATTACK <= a < A_REINFORCE:
        return f"combine group {a - A_ATTACK} with another"
    if node == N_AIR_WITH and A_GROUP <= a < A_CARD:
        return f"combine with group {a - A_GROUP}"
    if node == N_AIR_WITH and a == A_NO:
        return "attack alone"
    return None


def _armor_refusal(state) -> bool:
    """The defender of an Armor Column's attack refuses without a card (l.121)."""
    snap = state._snap()
    battle = snap["battle"]
    if snap["node"] != N_WINDOW or battle["attacker"] < 0 or battle["defender"] < 0:
        return False
    groups = {g["id"]: g for g in snap["groups"]}
    att, dfd = groups.get(battle["attacker"]), groups.get(battle["defender"])
    deck = state.deck
    return (att is not None and dfd is not None and dfd["owner"] == snap["cur"] and dfd["units"]
            and any(deck.types[deck.cards[c]].uses[0].kind == "armor_column"
                    for c in att["units"] if deck.types[deck.cards[c]].uses))


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
        if C_CARD <= a < C_DIE and node == N_CAPACITY and viewer is not None and viewer != snap["active"]:
            return does(snap["active"], viewer, "lose", "a card at random")
        return text
    if node == N_RECON_TAKE and A_CARD <= a < A_FACTION and viewer not in (None, actor,
                                                                          snap["recon_seat"]):
        return by(actor, viewer, f"takes a card from {seat_name(snap['recon_seat'])}")
    if node == N_RETURN and a - A_CARD in snap["laid_down"]:
        to = snap["active"] if actor == snap["partner"] else snap["partner"]
        if viewer not in (None, actor, to):
            return by(actor, viewer, f"returns a card laid face down to {seat_name(to)}")
    secret = node in (N_PLAN, N_PLAN_FACTION) or (node == N_PICK and snap["pick_kind"] == PK_DISCARD
                                                   and a != ACTIONS.done) or (node == N_OFFER and
                                                                   (a - A_OFFER) % 2 == 1)
    if secret and viewer is not None and viewer != actor:
        return by(actor, viewer, "chooses in secret")
    return by(actor, viewer, text)


def observation(state, player: int) -> dict:
    s = state._snap()
    deck = state.deck
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
        "hand_sizes": sizes,
        "groups": [_group(state, g) for g in s["groups"]],
        "scores": s["score"],
        "faction_scores": {"Government": s["fscore"][0], "Rebel": s["fscore"][1]},
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
        "battle": s["battle"] if s["battle"]["attacker"] >= 0 else None,
        "playing": card_name(state, s["drawn_red"]) if s["drawn_red"] >= 0 else None,
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
    if s["pick"] and s["cur"] == player:
        obs["picked"] = [card_name(state, c) for c in s["pick"]]
    if node == N_OVER:
        obs["final_scores"] = s["final"]
        obs["winner"] = s["winner"]
        obs["loyalties"] = [LOYALTIES[m] for m in s["loyalty"]]
    return obs


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
