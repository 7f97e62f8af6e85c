"""Guerilla's behaviour measures (issue: the bots' deployments show no trace of their secret
loyalty, they reinforce the other side's groups, trade away their own faction's cards, refuse
a retreat their own Informant bought, and give up more points than a loss requires; Traitors
played on their own faction's groups and long shots at the UN card were seen in play).

The watcher reads the table from the state's snapshot (`_snap()`: groups, loyalties, scores,
the decision node), as an observer who sees every marker; the bots never see it.
"""
from __future__ import annotations

from partisan.core.games.guerilla import view
from partisan.core.games.guerilla.state import ABILITIES, ACTIONS, GOV, NODES, REB, TARGETED

from blunders.base import Row, Watcher, check, share_row

GOVERNMENT, REBEL = GOV, REB
HALVES = ("government", "rebel")
PLAN_NODES = (view.N_PLAN, view.N_PLAN_FACTION)     # the secret initial deployment (l.30-l.33)
N_LOSSES = NODES["loss"]                              # the loser's cards, one by one
N_ORDER = NODES["order"]
N_OFFER = NODES["offer"]                              # a card laid in a trade, or done
N_TRAITOR = NODES["traitor"]                          # the group the drawn Traitors go on
N_ABILITY = NODES["ability"]                          # an ability's or a targeted card's target
ASSASSIN = TARGETED["assassin"]                       # the Assassin card (l.123) as that target's source
N_TARGET = NODES["target"]                            # the declared attack's target
N_AIR_WITH = NODES["air_with"]                        # an Air Assault's deployed group: alone or combined
N_SORTIE = NODES["sortie"]                            # the cards of a sortie, whose new group attacks (l.59)
N_DEFENDER = NODES["defender"]                        # the units named to defend a leaderless group (l.58)
COMPELLED = {N_AIR_WITH: "the attack an Air Assault's deployment makes", N_SORTIE: "a sortie's attack"}
UN_CARD = "UN Intervention"                           # the UN card as a target: its name and id
LONG_SHOT = 0.1             # an attack on the UN card less likely to win than this only loses
LOSS_LEAVES = 2000          # the most loss sets tried at one loss (a handful in practice)
OFFER_RETREAT = "play Informant: offer a retreat"
REFUSE, ACCEPT = ACTIONS.no, ACTIONS.yes      # at the retreat node (view._ANSWER_TEXT)
ROLL_MARKER = ACTIONS.yes                     # in the battle window: the defender rolls his ambush marker
N_WINDOW = NODES["window"]
DISCARD, DRAW, END = ACTIONS.discard, ACTIONS.draw, ACTIONS.end       # the turn's menu (l.91, l.95)
TRADE = ACTIONS.trade                                 # offer a trade (l.86)
MARKER = ACTIONS.ability + ABILITIES["marker"]        # buy an ambush marker point (l.78)
TRADE_LETTER = "D"                                    # the trade phase: reached only by an offer
DEPLOYS = (ACTIONS.deploy, ACTIONS.ability + ABILITIES["bridge_deploy"])   # a new group (l.82, l.135)


class GuerillaWatcher(Watcher):
    def __init__(self, game):
        super().__init__(game)
        self._units: dict[int, int] = {}      # unit card on the table -> its group's faction
        self._informant = -1                  # the seat whose Informant offered a retreat
        self._loss = None                     # (loser, score before, cheapest cost) under way
        self._node = None
        self._compelled = None                # (seat, node) of a group formed to attack: a sortie, an Air Assault
        self._discarded = -1                  # the seat that discarded this turn under its hand capacity
        self._deploying: set[int] | None = None   # a deployment under way (l.82): the groups before it
        self._born: tuple[int, set[int]] = (-1, set())   # the turn's seat and the groups it deployed

    def decided(self, state, seat, action, legal, bot):
        super().decided(state, seat, action, legal, bot)
        snap = state._snap()
        text = state.action_to_string(action)
        if text.startswith("reinforce group"):
            self._reinforce(snap, seat, action - view.A_REINFORCE)
        if snap["node"] == N_OFFER and text != "done":
            self._laid(state, snap, seat, text.rsplit(" face ", 1)[0])
        if snap["node"] == N_TRAITOR:
            self._traitors(snap, seat, action - view.A_GROUP)
        if snap["node"] == N_ABILITY and snap["ability"] == ASSASSIN and action >= view.A_CARD:
            self._assassin(snap, seat, action - view.A_CARD)
        if text == OFFER_RETREAT:
            self._informant = seat
        if snap["node"] == N_WINDOW and ROLL_MARKER in legal:
            self.tally(seat, "marker_unrolled", action != ROLL_MARKER)
        if snap["node"] == view.N_RETREAT and action in (ACCEPT, REFUSE):
            if seat == self._informant:
                self.tally(seat, "informant_refused", action == REFUSE)
            self._informant = -1
        if snap["node"] in (N_AIR_WITH, N_SORTIE):
            self._compelled = (seat, snap["node"])
        elif snap["node"] == view.N_TURN:
            self._compelled = None
        if snap["node"] == N_TARGET and text.startswith(UN_CARD):
            long_shot = un_win_chance(state, action) < LONG_SHOT
            self.tally(seat, "un_long_shot", long_shot)
            if long_shot:
                how = self._compelled[1] if self._compelled and self._compelled[0] == seat else None
                self.detail(seat, "long shots at the UN card", COMPELLED.get(how, "an attack declared"))
        if snap["node"] == view.N_TURN:
            self._turn_menu(state, seat, action)
            self._deploying = {g["id"] for g in snap["groups"]} if action in DEPLOYS else None
        if snap["node"] == N_DEFENDER and snap["battle"]["named"] >= 0 and text == "done":
            self.tally(seat, "named_short", self._weaker_left(state, snap, legal))
        if snap["node"] == N_LOSSES and not snap["pick"] and self._loss is None:
            costs = loss_costs(state)
            if len(set(costs)) > 1:
                self._loss = (seat, sum(snap["score"]), min(costs))

    def _reinforce(self, snap, seat, group):
        g = next(g for g in snap["groups"] if g["id"] == group)
        self.tally(seat, "reinforce_own", g["owner"] == seat)
        self.tally(seat, "reinforce_fresh", self._born[0] == seat and group in self._born[1])
        loyalty = snap["loyalty"][seat]
        if loyalty in (GOVERNMENT, REBEL):
            self.tally(seat, "reinforce_opposed", g["faction"] != loyalty)

    def _turn_menu(self, state, seat, action):
        """A discard under the hand's capacity (l.91, l.15) counts once the turn ends: a blunder
        when no draw (l.95) followed it. A trade offered in a turn that has made one (phase D
        reached: each costs an action, l.86, and the table has just answered the first). An
        ambush marker point bought while the seat has no group it can defend: it acts as an
        Ambush card (l.79), which cannot be played on a complex (l.120)."""
        if action == TRADE:
            self.tally(seat, "trade_again", state.observation(seat)["phase_reached"] == TRADE_LETTER)
        elif action == MARKER:
            snap = state._snap()
            self.tally(seat, "marker_idle", not any(g["owner"] == seat and g["complex"] < 0 for g in snap["groups"]))
        elif action == DISCARD:
            obs = state.observation(seat)
            if len(obs["hand"]) <= obs["hand_limit"] and self._discarded != seat:
                self._discarded = seat
        elif action == DRAW and self._discarded == seat:
            self.tally(seat, "discard_undrawn", False)
            self._discarded = -1
        elif action == END and self._discarded == seat:
            self.tally(seat, "discard_undrawn", True)
            self._discarded = -1

    def _weaker_left(self, state, snap, legal) -> bool:
        """Whether a unit no stronger than the strongest named could still defend: the named
        units do not combine, the strongest defends alone (reading 8), and only named units
        take losses (l.64), so naming it risks nothing and can cost the loser more."""
        battle = snap["battle"]
        g = next(g for g in snap["groups"] if g["id"] == battle["defender"])
        deck = state.deck

        def strength(c):
            return deck.types[deck.cards[c]].value(HALVES[g["faction"]])
        top = max(strength(c) for c in [battle["named"], *battle["also"]])
        return any(strength(a - view.A_CARD) <= top for a in legal if a >= view.A_CARD)

    def _traitors(self, snap, seat, group):
        """Traitors (l.140) on a group of the seat's own faction: turned or its leader shot,
        either outcome hurts the faction the seat needs to win."""
        g = next(g for g in snap["groups"] if g["id"] == group)
        loyalty = snap["loyalty"][seat]
        if loyalty in (GOVERNMENT, REBEL):
            self.tally(seat, "traitors_own_faction", g["faction"] == loyalty)

    def _assassin(self, snap, seat, leader):
        """An Assassin (l.123) on a leader of the seat's own faction: his kill scores for the
        other faction."""
        g = next(g for g in snap["groups"] if g["leader"] == leader)
        loyalty = snap["loyalty"][seat]
        if loyalty in (GOVERNMENT, REBEL):
            self.tally(seat, "assassin_own_faction", g["faction"] == loyalty)

    def _laid(self, state, snap, seat, kind):
        """A card laid in a trade (l.87) that serves one faction better than the other: a unit
        or leader by its two halves (l.7-l.8), an event by the faction its data names (l.119-
        l.122, l.127). Counted when it is the seat's own faction's."""
        loyalty = snap["loyalty"][seat]
        t = next(t for t in state.deck.types if t.name == kind)
        if t.kind in ("unit", "leader"):
            use = [t.value(half) for half in HALVES]
        else:
            use = [int(t.faction == half) for half in HALVES]
        if loyalty in (GOVERNMENT, REBEL) and use[0] != use[1]:
            self.tally(seat, "trade_own", use[loyalty] > use[1 - loyalty])

    def before(self, state, seat, action):
        self._node = state._snap()["node"]

    def after(self, state, seat, action):
        snap = state._snap()
        self._deployed(state, snap, seat)
        self._newborn(snap)
        if self._loss is not None and snap["node"] not in (N_LOSSES, N_ORDER):
            loser, score, cheapest = self._loss
            self.tally(loser, "costlier_loss", sum(snap["score"]) - score > cheapest)
            self._loss = None

    def _newborn(self, snap):
        """The groups the turn's deployments made (the turn's menu or the Bridge's free one):
        reinforcing one in the same turn spends an action the deployment could have saved, a
        group taking its leader and units at once (l.17, l.82)."""
        if snap["active"] != self._born[0]:
            self._born = (snap["active"], set())
        if self._deploying is not None:
            self._born[1].update({g["id"] for g in snap["groups"]} - self._deploying)

    def _deployed(self, state, snap, seat):
        """Units new on the table count for the seat that put them there: the mover, or at
        the initial deployment's reveal each group's owner."""
        units = {c: (g["faction"], g["owner"]) for g in snap["groups"] for c in g["units"]}
        deck = state.deck
        for c, (faction, owner) in units.items():
            if c in self._units:
                continue
            by = seat if seat >= 0 and self._node not in PLAN_NODES else owner
            loyalty = snap["loyalty"][by]
            if loyalty not in (GOVERNMENT, REBEL):
                continue
            strength = deck.types[deck.cards[c]].value(HALVES[faction])
            self.tally(by, f"deployed_government_{view.LOYALTIES[loyalty].lower()}",
                       strength if faction == GOVERNMENT else 0, strength)
        self._units = {c: f for c, (f, _) in units.items()}

    @classmethod
    def rows(cls, totals, reference):
        gov = share_row("deployed_government_government", "Government's share of the strength "
                        "deployed by Government-loyal seats", totals)
        reb = share_row("deployed_government_rebel", "Government's share of the strength "
                        "deployed by Rebel-loyal seats", totals)
        gap = None if gov.value is None or reb.value is None else round(gov.value - reb.value, 1)
        return [
            gov, reb,
            Row("loyalty_gap", "the two shares' difference (points)", None, None, gap, "pts",
                ">= 30", check(gap, ">= 30")),
            share_row("reinforce_opposed", "reinforcements to groups of the faction opposed to "
                      "the seat's loyalty", totals, "<= 10"),
            share_row("reinforce_own", "reinforcements to the seat's own groups", totals),
            share_row("reinforce_fresh", "reinforcements to a group the seat deployed in the same "
                      "turn (one deployment could have placed them, l.82)", totals),
            share_row("trade_own", "cards laid in trades that serve the seat's own faction better "
                      "than the other (of those that serve one better)", totals),
            share_row("traitors_own_faction", "Traitors played on a group of the seat's own "
                      "faction", totals),
            share_row("assassin_own_faction", "Assassins played on a leader of the seat's own "
                      "faction", totals),
            share_row("informant_refused", "retreats bought with the seat's own Informant and "
                      "then refused", totals, "<= 0"),
            share_row("costlier_loss", "losses chosen costlier (points to the enemy) than the "
                      "cheapest allowed", totals, "<= 0"),
            share_row("named_short", "leaderless defences named short: done with a unit no "
                      "stronger than those named left out (it risks nothing, l.58, l.64)", totals, "<= 0"),
            share_row("discard_undrawn", "turns with a discard under the hand's capacity that "
                      "ended without the draw (l.91, l.95)", totals, "<= 0"),
            share_row("marker_unrolled", "the defender's ambush marker left unrolled (the roll is "
                      "free, l.79), of his decisions in the battle window where it was offered", totals),
            share_row("trade_again", "trades offered in a turn that had offered one (each costs an "
                      "action, l.86)", totals),
            share_row("marker_idle", "ambush marker points bought with no group of the seat's it can "
                      "defend (not on a complex, l.79, l.120)", totals),
            share_row("un_long_shot", "attacks on the UN card with under 10% to win (it scores "
                      "no one anything, l.129), of the attacks on it", totals),
        ]


def un_win_chance(state, action: int) -> float:
    """The chance that the attack on the UN card wins, its dice tried on clones: the card leaves
    play when beaten (l.129: "Card remains in play until eliminated in battle")."""
    def chance(s) -> float:
        if not s.is_chance_node():
            return float(s._snap()["un"] < 0)
        total = 0.0
        for outcome, p in s.chance_outcomes():
            rolled = s.clone()
            rolled.apply_action(outcome)
            total += p * chance(rolled)
        return total
    tried = state.clone()
    tried.apply_action(action)
    return chance(tried)


def loss_costs(state) -> list[int]:
    """The points every allowed set of losses gives away, from the first pick of a loss (tried
    on clones, card by card to "done"; the victor's ordering of the cards changes nothing)."""
    costs: list[int] = []
    loser, start = state.current_player(), sum(state._snap()["score"])

    def walk(s):
        if len(costs) >= LOSS_LEAVES:
            return
        snap = s._snap()
        if s.is_chance_node() or s.is_terminal() or snap["node"] not in (N_LOSSES, N_ORDER):
            costs.append(sum(snap["score"]) - start)
            return
        actions = s.legal_actions()
        if snap["node"] == N_ORDER or s.current_player() != loser:
            actions = actions[:1]
        for a in actions:
            child = s.clone()
            child.apply_action(a)
            walk(child)

    walk(state)
    return costs
