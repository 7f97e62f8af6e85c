"""Guerilla's text: action names, what each seat sees of an action, and observations (only
what the seat may know: its own hand and loyalty, the markers it has seen, the table, the
public tallies)."""
from partisan.core.narration import by, does, who

NGROUPS, NTYPES, NCARDS, GMAXP = 96, 64, 128, 6
FACTIONS = ("Government", "Rebel")
LOYALTIES = ("Government", "Rebel", "Mercenary")
MODES = ("the sideways units", "the commanded units", "all units")
LETTERS = "ABCDEF"
NODES = ("dealer", "loyalty", "deal", "misdeal", "initial deployment", "initial deployment",
         "refill", "turn", "pick cards", "faction", "attacking unit", "target", "defender",
         "attack mode", "roll", "losses", "garrison", "draw", "drawn complex",
         "revolution: swap markers", "revolution: turn a group", "traitors", "hand capacity",
         "ability target", "reaction", "ambush", "UN Intervention", "retreat", "trade: lay cards",
         "trade: accept", "trade: return cards", "over")
N_PLAN, N_PLAN_FACTION, N_PICK, N_OFFER, N_RETURN, N_OVER = 4, 5, 8, 28, 30, 31
# The nodes of the combat and turn rules added later, numbered apart (table.pxd).
LATER_NODES = {40: "order of the losses", 41: "sortie", 42: "withdraw part of a group",
               43: "rearrange: the unit to turn sideways",
               44: "rearrange a group after a battle, deployment or change of faction"}
N_TURN, N_MISDEAL, N_UN, N_ACCEPT, N_ARRANGE, N_REGROUP = 7, 3, 26, 29, 43, 44
EVENT_NODES = {48: "supply cut: cutting group", 49: "supply cut: group to cut",    # table.pxd
               50: "armor column: first target", 51: "armor column: attack again",
               52: "air assault: where", 53: "recon patrol: group", 54: "recon patrol: hand",
               55: "recon patrol: counter", 56: "recon counter: unit", 57: "recon counter: leader",
               58: "recon patrol: take or discard", 59: "air assault: combine with"}
N_RECON, N_RECON_SEAT, N_RECON_TAKE = 53, 54, 58
N_AIR, N_AIR_WITH = 52, 59
N_ARMOR_AGAIN, N_RECON_COUNTER = 51, 55
N_WINDOW, N_RETREAT = 24, 27            # the reaction nodes: window, ambush, UN, retreat
WINDOWS = ("Bodyguard", "battle", "after the battle")
ABILITIES = ("air strike (Airfield)", "assassination (Policia)", "propaganda (TV Station)",
             "destroy a Rebel complex", "repair a complex", "new leader (Presidential Palace)",
             "retrieve a card (Port)", "deploy free (Bridge)", "withdraw free (Bridge)",
             "buy an ambush marker point")
PLACES = ("deck", "hand", "hand", "hand", "hand", "hand", "hand", "discard", "table", "aside")
ROLLS = ("attack", "defence", "weather", "sudden death", "traitors", "air strike",
         "air strike defence", "Policia", "propaganda", "repair", "assassination", "ambush marker")
PK_DISCARD = 2

# Decision ranges (state.ACTIONS) and chance ranges (state.CHANCE_OUTCOMES).
_FIXED = ("done", "yes", "no", "end the turn", "deploy a new group",
          "discard cards", "draw cards")
A_WITHDRAW = len(_FIXED)
A_ATTACK = A_WITHDRAW + NGROUPS
A_REINFORCE = A_ATTACK + NGROUPS
A_TYPE = A_REINFORCE + NGROUPS
A_GROUP = A_TYPE + NTYPES
A_CARD = A_GROUP + NGROUPS
A_FACTION = A_CARD + NCARDS
A_MODE = A_FACTION + 2
A_PAIR = A_MODE + 3
A_ABILITY = A_PAIR + 15
A_PLAY = A_ABILITY + 10
A_USE = A_PLAY + NTYPES
A_SEAT = A_USE + 4
A_TRADE = A_SEAT + GMAXP
A_OFFER = A_TRADE + 1
C_LOYALTY, C_CARD, C_DIE = GMAXP, GMAXP + 3, GMAXP + 3 + NCARDS


def seat_name(seat: int) -> str:
    """A seat as the screen names it, P1 for seat 0 (core/narration.py)."""
    return who(seat, None)


# "yes" and "no" (actions 1 and 2) at the nodes where they answer a question, as that answer.
_ANSWER_TEXT = {(N_WINDOW, 1): "roll your ambush marker", (N_WINDOW, 2): "no reaction",
                (N_RETREAT, 1): "accept the retreat", (N_RETREAT, 2): "refuse the retreat",
                (N_ACCEPT, 2): "reject every counter-offer",
                (N_ARMOR_AGAIN, 1): "attack again with the Armor Column",
                (N_ARMOR_AGAIN, 2): "no further attack", (N_RECON_COUNTER, 2): "no counter"}

# A seat chosen at these nodes, as a phrase.
_SEAT_TEXT = {N_UN: "UN Intervention on {}", N_ACCEPT: "accept {}'s counter-offer",
              N_RECON_SEAT: "inspect {}'s hand"}


def _pairs():
    return [(a, b) for a in range(GMAXP) for b in range(a + 1, GMAXP)]


def card_name(state, card: int) -> str:
    deck = state.deck
    return f"{deck.types[deck.cards[card]].name} (card {card})"


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
        if a == 1 and node == N_TURN:
            return "retrieve a card (Barracks)"
        if node == N_MISDEAL:
            return "call a misdeal" if a == 1 else "keep the deal (no misdeal)"
        if a == 2 and node == N_REGROUP:
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
        return f"attack {MODES[a - A_MODE]}"
    if a < A_ABILITY:
        x, y = _pairs()[a - A_PAIR]
        return f"swap the markers of {seat_name(x)} and {seat_name(y)}"
    if a < A_PLAY:
        return ABILITIES[a - A_ABILITY]
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
    if node == N_AIR_WITH and a == 2:
        return "attack alone"
    return None


def _armor_refusal(state) -> bool:
    """The defender of an Armor Column's attack refuses without a card (l.121)."""
    snap = state._snap()
    battle = snap["battle"]
    if snap["node"] != 24 or battle["attacker"] < 0 or battle["defender"] < 0:
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
        if C_CARD <= a < C_DIE and node in (2, 6, 17):     # deal, refill, draw
            who = snap["cur"] if node != 17 else snap["active"]
            red = state.deck.types[state.deck.cards[a - C_CARD]].kind in ("complex", "red")
            if viewer is not None and viewer != who and not (red and node == 17):
                return does(who, viewer, "draw", "a card")
        if C_LOYALTY <= a < C_CARD and viewer is not None and viewer != snap["cur"]:
            return does(snap["cur"], viewer, "take", "a loyalty marker")
        if C_CARD <= a < C_DIE and node == 22 and viewer is not None and viewer != snap["active"]:
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
                                                   and a != 0) or (node == N_OFFER and
                                                                   (a - A_OFFER) % 2 == 1)
    if secret and viewer is not None and viewer != actor:
        return by(actor, viewer, "chooses in secret")
    return by(actor, viewer, text)


def observation(state, player: int) -> dict:
    s = state._snap()
    deck = state.deck
    node = s["node"]
    hand = sorted(c for c, w in s["where"].items() if w == 1 + player)
    sizes = [sum(1 for w in s["where"].values() if w == 1 + q) for q in range(s["n"])]
    loyalty = {}
    for q in range(s["n"]):
        if s["loyalty"][q] >= 0 and (s["known"][q] >> player) & 1:
            loyalty[str(q)] = LOYALTIES[s["loyalty"][q]]
    obs = {
        "seat": player,
        "phase": NODES[node] if node < len(NODES) else {**LATER_NODES, **EVENT_NODES}[node],
        "to_move": state.current_player(),
        "dealer": s["dealer"] if node > 0 else None,
        "active": s["active"] if node >= 7 else None,
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
        "reaction": ({"window": WINDOWS[s["window"]], "step": NODES[node], "asked": s["cur"]}
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
