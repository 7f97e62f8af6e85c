"""Guerilla's behaviour measures (issue: the bots' deployments show no trace of their secret
loyalty, they reinforce the other side's groups, trade away their own faction's cards, refuse
a retreat their own Informant bought, and give up more points than a loss requires; Traitors
played on their own faction's groups and long shots at the UN card were seen in play).

The watcher reads the table from the state's snapshot (`_snap()`: groups, loyalties, scores,
the decision node), as an observer who sees every marker; the bots never see it.
"""
from __future__ import annotations

from partisan.core.games.guerilla import view
from partisan.core.games.guerilla.state import ABILITIES, ACTIONS, CHANCE_OUTCOMES, GOV, NODES, REB, TARGETED, WINDOWS

from blunders.base import Row, Watcher, check, share_row

GOVERNMENT, REBEL = GOV, REB
HALVES = ("government", "rebel")
PLAN_NODES = (view.N_PLAN, view.N_PLAN_FACTION)     # the secret initial deployment (l.30-l.33)
N_LOSSES = NODES["loss"]                              # the loser's cards, one by one
N_ORDER = NODES["order"]
N_FACTION = NODES["faction"]                          # a new group's faction, chosen after its cards (l.37)
N_PICK = NODES["pick"]                                # the cards of a deployment, reinforcement or discard
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
N_WPART = NODES["wpart"]                              # the cards of a withdrawal (l.47: "or part of a group")
DISCARD, DRAW, END = ACTIONS.discard, ACTIONS.draw, ACTIONS.end       # the turn's menu (l.91, l.95)
DRAW_ROOM = 15              # a deck this full is far from its end (sudden death, l.100-l.102)
TRADE = ACTIONS.trade                                 # offer a trade (l.86)
MARKER = ACTIONS.ability + ABILITIES["marker"]        # buy an ambush marker point (l.78)
RETRIEVALS = (ACTIONS.yes, ACTIONS.ability + ABILITIES["port"])   # the turn's menu: the Barracks', the Port's (l.134, l.137)
TRADE_LETTER = "D"                                    # the trade phase: reached only by an offer
DEPLOYS = (ACTIONS.deploy, ACTIONS.ability + ABILITIES["bridge_deploy"])   # a new group (l.82, l.135)
PLAY_ARMOR = "play Armor Column"                      # deploys it, its first attack offered (l.121)
ATTACK_WITH = "attack with group"                     # the turn's attack (l.52), by group id
BRING_IN = "bring into command"                       # a sideways unit into command (l.22-l.26)
RELIEF_CHANCE = 0.5         # an attack on a group cutting the seat's supply with a better chance
FAIR_CHANCE = 1 / 3         # an attack less likely to win loses about twice as often (ties: no effect)
CARD_WORTH = 2              # Atrocities or Press moving fewer points waits for a bigger battle
AFTER = WINDOWS["after"]    # the window after a battle: Atrocities and Press (l.124)
D10 = len(CHANCE_OUTCOMES.span("die"))     # Traitors' die: above 5 with the leader's modifier turns the group (l.140)


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
        self._born: tuple[int, set[int]] = (-1, set())   # the turn's seat and the groups it deployed, reinforced or withdrew from
        self._arranging = None                # (seat, group, commanded strength) of a rearrangement under way
        self._unled = None                    # (seat, group) of a reinforcement of its own leaderless group
        self._placing = None                  # (seat, group or None, groups before) of cards being placed
        self._relief = None                   # [seat, a cutter attacked] of a turn that could relieve a cut
        self._withdrew = -1                   # the seat that withdrew cards this turn (l.47)
        self._stripping = None                # (seat, complex group) of a withdrawal from a garrison it needs
        self._garrisoning = None              # (seat, complex group) of a reinforcement of its own leaderless garrison

    def decided(self, state, seat, action, legal, bot):
        super().decided(state, seat, action, legal, bot)
        snap = state._snap()
        text = state.action_to_string(action)
        if text.startswith("reinforce group"):
            self._reinforce(snap, seat, action - view.A_REINFORCE)
            group = next(g for g in snap["groups"] if g["id"] == action - view.A_REINFORCE)
            self._placing = (seat, group["id"], set(group["units"]))
        elif snap["node"] == view.N_TURN and action in DEPLOYS:
            self._placing = (seat, None, {g["id"] for g in snap["groups"]})
        withdrawn = (snap["node"] == view.N_TURN and view.A_WITHDRAW <= action < view.A_ATTACK) or (
            snap["node"] == N_ABILITY and snap["ability"] == ABILITIES["bridge_withdraw"] and action >= view.A_GROUP)
        if withdrawn:
            group = action - (view.A_WITHDRAW if snap["node"] == view.N_TURN else view.A_GROUP)
            self._handled(seat, group)
            self._withdrew = seat
            g = next(g for g in snap["groups"] if g["id"] == group)
            if g["complex"] >= 0 and g["units"] and _wants_strong(snap, g, seat):
                self._stripping = (seat, group)
        if snap["node"] == N_OFFER and text != "done":
            self._laid(state, snap, seat, text.rsplit(" face ", 1)[0])
        elif snap["node"] == N_OFFER and seat != snap["active"] and _laid_count(snap, seat):
            obs = state.observation(snap["active"])
            self.tally(seat, "counter_short", _laid_count(snap, seat) < _laid_count(snap, snap["active"])
                       and len(obs["hand"]) <= obs["hand_limit"])
        if snap["node"] == view.N_ACCEPT and action >= view.A_SEAT:
            self._exchanged(state, snap, snap["active"], action - view.A_SEAT)
        if snap["node"] == N_TRAITOR:
            self._traitors(state, snap, seat, action - view.A_GROUP, legal)
        if snap["node"] == N_ABILITY and snap["ability"] == ASSASSIN and action >= view.A_CARD:
            self._assassin(snap, seat, action - view.A_CARD)
        if text == OFFER_RETREAT:
            self._informant = seat
        if snap["node"] == N_WINDOW and snap["window"] == AFTER and action in (view.A_USE, view.A_USE + 1):
            doubles = (action == view.A_USE) != (state.game.options.get("atrocities", "double") == "halve")
            points = snap["battle"]["points"]
            self.tally(seat, "after_small", (points if doubles else points - points // 2) < CARD_WORTH)
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
        if snap["node"] == N_TARGET and view.A_GROUP <= action < view.A_CARD:
            if _cuts_for(snap, action - view.A_GROUP, seat):
                if self._relief is not None and self._relief[0] == seat:
                    self._relief[1] = True
            else:
                long_odds = state._target_odds(action - view.A_GROUP) < FAIR_CHANCE
                self.tally(seat, "attack_long_odds", long_odds)
                if long_odds:
                    how = self._compelled[1] if self._compelled and self._compelled[0] == seat else None
                    self.detail(seat, "attacks at long odds", COMPELLED.get(how, "an attack declared"))
        if snap["node"] == view.N_TURN:
            self._relieving(state, seat, legal)
            self._turn_menu(state, seat, action)
            deploys = action in DEPLOYS or text == PLAY_ARMOR
            self._deploying = {g["id"] for g in snap["groups"]} if deploys else None
            if text.startswith(ATTACK_WITH):
                self._armor_again(state, snap, seat, int(text.rsplit(" ", 1)[1]))
        if snap["node"] in (view.N_TURN, view.N_REGROUP):
            self._rearranging(state, snap, seat, action, text)
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
        self._handled(seat, group)          # one reinforcement could have brought the later cards
        if g["owner"] == seat and g["leader"] < 0 and g["complex"] < 0:
            self._unled = (seat, group)
        if g["owner"] == seat and g["leader"] < 0 and g["complex"] >= 0:
            self._garrisoning = (seat, group)
        loyalty = snap["loyalty"][seat]
        if loyalty in (GOVERNMENT, REBEL):
            self.tally(seat, "reinforce_opposed", g["faction"] != loyalty)

    def _handled(self, seat, group):
        """The group was reinforced or withdrawn from in the seat's turn."""
        if self._born[0] != seat:
            self._born = (seat, set())
        self._born[1].add(group)

    def _relieving(self, state, seat, legal):
        """A turn whose menu offers an attack with better than RELIEF_CHANCE of beating a group
        that cuts the supply of one of the seat's groups (l.128: left alone, the isolated group
        surrenders, "points to the supply cutter"): counted at its end, a blunder when no attack
        on such a group was declared."""
        if self._relief is not None and self._relief[0] == seat:
            return
        attacks = [a - view.A_ATTACK for a in legal if view.A_ATTACK <= a < view.A_REINFORCE]
        if any(state._relief_odds(g) > RELIEF_CHANCE for g in attacks):
            self._relief = [seat, False]

    def _relieved(self, snap):
        """The turn that could relieve a cut is over: was a cutter attacked?"""
        if self._relief is not None and (snap["active"] != self._relief[0] or snap["node"] == view.N_OVER):
            self.tally(self._relief[0], "cut_unanswered", not self._relief[1])
            self._relief = None

    def _turn_menu(self, state, seat, action):
        """A discard under the hand's capacity (l.91, l.15) counts once the turn ends: a blunder
        when no draw (l.95) followed it. A trade offered in a turn that has made one (phase D
        reached: each costs an action, l.86, and the table has just answered the first). An
        ambush marker point bought while the seat has no group it can defend: it acts as an
        Ambush card (l.79), which cannot be played on a complex (l.120), nor attacked under the
        UN card (l.129). A turn's menu with the draw offered (l.95, which ends the turn too) and
        the deck far from its end: ending the turn there counts, and so does spending its last
        action on an ambush marker point (l.78) with the hand at most half full."""
        if DRAW in state.legal_actions() and END in state.legal_actions():
            obs = state.observation(seat)
            if obs["deck"] >= DRAW_ROOM:
                last = (action == MARKER and obs["actions_left"] == 1      # a Banco's extra action aside
                        and 2 * len(obs["hand"]) <= obs["hand_limit"])
                self.tally(seat, "end_undrawn", action == END or last)
        if action in RETRIEVALS:
            obs = state.observation(seat)
            self.tally(seat, "retrieved_lost", len(obs["hand"]) >= obs["hand_limit"])
        if action == TRADE:
            self.tally(seat, "trade_again", state.observation(seat)["phase_reached"] == TRADE_LETTER)
        elif action == MARKER:
            snap = state._snap()
            self.tally(seat, "marker_idle", snap["un"] == seat
                       or not any(g["owner"] == seat and g["complex"] < 0 for g in snap["groups"]))
        elif action == DISCARD:
            obs = state.observation(seat)
            if len(obs["hand"]) <= obs["hand_limit"] and self._discarded != seat:
                self._discarded = seat
        if action in (DRAW, END) and self._withdrew == seat:
            obs = state.observation(seat)
            self.tally(seat, "withdrawn_lost", action == END and len(obs["hand"]) > obs["hand_limit"])
            self._withdrew = -1
        if action == DRAW and self._discarded == seat:
            self.tally(seat, "discard_undrawn", False)
            self._discarded = -1
        elif action == END and self._discarded == seat:
            self.tally(seat, "discard_undrawn", True)
            self._discarded = -1

    def _sideways(self, state, snap):
        """A deployment or reinforcement of the seat's own group that placed units, once placed:
        counted when its leader has more units than his command rating (l.22: the excess lie
        sideways and do not function). `before`: the groups before a deployment, the group's
        units before a reinforcement."""
        seat, group, before = self._placing
        self._placing = None
        for g in snap["groups"]:
            placed = g["id"] not in before if group is None else g["id"] == group and set(g["units"]) - before
            if placed and g["owner"] == seat and g["leader"] >= 0:
                rating, units = _strengths(state, g)
                self.tally(seat, "sideways_added", len(units) > rating)
                if group is None and units and g["complex"] < 0:
                    self._weakens(state, seat, g, "a deployment in the turn")

    def _revealed(self, state, snap):
        """The secret initial deployment turned face up (l.37): each new group with a leader
        counts for its owner as the turn's deployments do (leader_weakens, sideways_added)."""
        if self._node in PLAN_NODES:
            for g in snap["groups"]:
                if g["leader"] >= 0 and g["units"] and g["complex"] < 0:
                    self._weakens(state, g["owner"], g, "the secret initial deployment")
                if g["leader"] >= 0:
                    rating, units = _strengths(state, g)
                    self.tally(g["owner"], "sideways_added", len(units) > rating)

    def _weakens(self, state, seat, g, when):
        gain = _lead_gain(state, g)
        weakened = gain < 0
        self.tally(seat, "leader_weakens", weakened)
        self.tally(seat, "leader_idle", gain <= 0)
        if weakened:
            self.detail(seat, "new groups weakened by their leader", when)

    def _armor_again(self, state, snap, seat, group):
        """An attack with an Armor Column ("Cost: 1 action for any number of attacks", l.121):
        counted when the column was deployed this turn, whose deployment offered that attack."""
        g = next(g for g in snap["groups"] if g["id"] == group)
        deck = state.deck
        if len(g["units"]) == 1 and deck.types[deck.cards[g["units"][0]]].name == "Armor Column":
            self.tally(seat, "armor_again", self._born[0] == seat and group in self._born[1])

    def _rearranging(self, state, snap, seat, action, text):
        """A rearrangement (free, l.22-l.26) of the seat's own group of its faction: one that
        leaves the commanded units no stronger counts when done (after), and so does keeping,
        when asked in another's turn, a stronger unit sideways than one commanded."""
        if snap["node"] == view.N_REGROUP:
            group = next(g for g in snap["groups"] if g["id"] == snap["pick_group"])
            if _wants_strong(snap, group, seat) and _stronger_aside(state, group):
                self.tally(seat, "regroup_kept", action == view.A_NO)
        if text.startswith(BRING_IN):
            group = next(g for g in snap["groups"] if action - view.A_CARD in g["units"])
            if _wants_strong(snap, group, seat):
                self._arranging = (seat, group["id"], _commanded(state, group))

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

    def _traitors(self, state, snap, seat, group, legal):
        """Traitors (l.140) on a group of the seat's own faction while a group of the other was
        offered (a drawn red card "must be played immediately", l.95, so with none it is forced):
        turned or its leader shot, either outcome hurts the faction the seat needs to win. Forced
        among several of his own faction's, a target of more expected harm than another
        (_traitors_harm) counts too."""
        faction = {g["id"]: g["faction"] for g in snap["groups"]}
        loyalty = snap["loyalty"][seat]
        offered = {faction[a - view.A_GROUP] for a in legal if view.A_GROUP <= a < view.A_CARD}
        if loyalty in (GOVERNMENT, REBEL) and offered - {loyalty}:
            self.tally(seat, "traitors_own_faction", faction[group] == loyalty)
        elif loyalty in (GOVERNMENT, REBEL) and len(offered) == 1 and len(legal) > 1:
            harm = {a - view.A_GROUP: _traitors_harm(state, snap, a - view.A_GROUP) for a in legal}
            self.tally(seat, "traitors_harm", harm[group] > min(harm.values()))

    def _assassin(self, snap, seat, leader):
        """An Assassin (l.123) on a leader of the seat's own faction: his kill scores for the
        other faction."""
        g = next(g for g in snap["groups"] if g["leader"] == leader)
        loyalty = snap["loyalty"][seat]
        if loyalty in (GOVERNMENT, REBEL):
            self.tally(seat, "assassin_own_faction", g["faction"] == loyalty)

    def _exchanged(self, state, snap, active, partner):
        """The cards an accepted trade hands over (l.87-l.88): each side counts when it hands
        over more cards than it gets (the offering player aside when his hand is over its
        capacity, l.15: he sheds cards he would lose at random). Each card that serves one faction
        better, given by a loyalist, counts when it serves the faction he needs to lose and the
        taker's table is of that faction (its groups hold more than twice the other's strength:
        the markers are secret, l.29, the table is not)."""
        count = {seat: _laid_count(snap, seat) for seat in (active, partner)}
        for giver, taker in ((active, partner), (partner, active)):
            self.tally(giver, "trade_short", count[giver] > count[taker]
                       and not (giver == active and len(state.observation(giver)["hand"])
                                > state.observation(giver)["hand_limit"]))
            loyalty = snap["loyalty"][giver]
            if loyalty not in (GOVERNMENT, REBEL):
                continue
            for c, laid in enumerate(snap["offer"]):
                if laid and snap["where"].get(c) == view.P_HAND + giver:
                    use = _use(state.deck.types[state.deck.cards[c]])
                    if use[0] != use[1]:
                        self.tally(giver, "trade_armed", use[1 - loyalty] > use[loyalty]
                                   and _seems(state, snap, taker) == 1 - loyalty)

    def _laid(self, state, snap, seat, kind):
        """A card laid in a trade (l.87) that serves one faction better than the other: a unit
        or leader by its two halves (l.7-l.8), an event by the faction its data names (l.119-
        l.122, l.127). Counted when it is the seat's own faction's."""
        loyalty = snap["loyalty"][seat]
        use = _use(next(t for t in state.deck.types if t.name == kind))
        if loyalty in (GOVERNMENT, REBEL) and use[0] != use[1]:
            self.tally(seat, "trade_own", use[loyalty] > use[1 - loyalty])

    def before(self, state, seat, action):
        self._node = state._snap()["node"]

    def after(self, state, seat, action):
        snap = state._snap()
        self._revealed(state, snap)
        self._deployed(state, snap, seat)
        self._newborn(snap)
        self._relieved(snap)
        if self._placing is not None and snap["node"] not in (N_PICK, N_FACTION):
            self._sideways(state, snap)
        if self._unled is not None and snap["node"] != N_PICK:
            by, group = self._unled
            g = next((g for g in snap["groups"] if g["id"] == group), None)
            if g is not None:               # not lost in an Air Assault's attack
                self.tally(by, "reinforce_leaderless", g["leader"] < 0)
                if g["leader"] >= 0:
                    self.tally(by, "leader_idle", _lead_gain(state, g) <= 0)
            self._unled = None
        if self._garrisoning is not None and snap["node"] != N_PICK:
            by, group = self._garrisoning
            g = next((g for g in snap["groups"] if g["id"] == group), None)
            if g is not None and g["leader"] >= 0:
                self.tally(by, "garrison_leader_negative",
                           state.deck.types[state.deck.cards[g["leader"]]].modifier < 0)
            self._garrisoning = None
        if self._withdrew >= 0 and snap["active"] != self._withdrew:
            self._withdrew = -1                 # the turn ended by no menu choice of its own
        if self._stripping is not None and snap["node"] != N_WPART:
            by, group = self._stripping
            g = next(g for g in snap["groups"] if g["id"] == group)
            self.tally(by, "garrison_stripped", not g["units"])
            self._stripping = None
        if self._arranging is not None and snap["node"] != view.N_ARRANGE:
            by, group, before = self._arranging
            g = next(g for g in snap["groups"] if g["id"] == group)
            self.tally(by, "arranged_weaker", _commanded(state, g) <= before)
            self._arranging = None
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
            share_row("reinforce_leaderless", "reinforcements of the seat's own leaderless group "
                      "that left it leaderless (one unit attacks, its attacker names the defenders, "
                      "l.57-l.58)", totals, "<= 0"),
            share_row("sideways_added", "deployments (the secret initial one's too) and reinforcements "
                      "of units to the seat's own led group that left it more units than its leader "
                      "commands (l.22: the excess lie sideways)", totals, "<= 0"),
            share_row("leader_weakens", "new groups (the secret initial deployment's and the turns') "
                      "whose leader leaves them weaker than their best unit alone (his modifier, l.111, "
                      "over the units he commands, l.22), of the new groups with a leader and no "
                      "complex", totals, "<= 0"),
            share_row("leader_idle", "new groups with a leader and no complex, and leaders brought "
                      "to the seat's own leaderless group, whose leader leaves them no stronger than "
                      "their best unit alone (he adds only his own points for their attacker, l.70, "
                      "l.111)", totals, "<= 0"),
            share_row("reinforce_fresh", "reinforcements to a group the seat deployed, reinforced or "
                      "withdrew cards from in the same turn (one deployment could have placed them, l.82; "
                      "a withdrawal undone, l.47)", totals),
            share_row("garrison_leader_negative", "leaders brought to the seat's own complex whose "
                      "command modifier is negative (the defence counts it, l.67), of the leaders brought "
                      "to its complexes", totals, "<= 0"),
            share_row("garrison_stripped", "withdrawals from the garrison of the seat's own complex "
                      "of the faction it needs (any faction for a Mercenary) that left it no unit (l.75: "
                      "any loss then captures it), of the withdrawals from such a garrison with a unit",
                      totals, "<= 0"),
            share_row("withdrawn_lost", "turns with a withdrawal (l.47) that ended with the hand over "
                      "its capacity (l.15: the excess is lost at random), of the turns with one", totals,
                      "<= 0"),
            share_row("trade_own", "cards laid in trades that serve the seat's own faction better "
                      "than the other (of those that serve one better)", totals),
            share_row("trade_short", "accepted trades in which the seat handed over more cards than "
                      "it got (l.87-l.88), of the accepted trades it took part in, the offering player "
                      "with a hand over its capacity (l.15) aside", totals, "<= 0"),
            share_row("counter_short", "counter-offers ended with fewer cards laid than the offer while "
                      "the offering player's hand was within its capacity (l.87): he accepts none that "
                      "hands over more cards than it brings, so its cards were shown for nothing, of the "
                      "counter-offers that laid cards", totals, "<= 0"),
            share_row("trade_armed", "cards handed over in trades that serve the faction the giver "
                      "needs to lose, to a seat whose table is of that faction (of the cards that "
                      "serve one faction better)", totals, "<= 0"),
            share_row("traitors_own_faction", "Traitors played on a group of the seat's own "
                      "faction, of those played while a group of the other was offered", totals, "<= 0"),
            share_row("traitors_harm", "Traitors forced onto the seat's own faction (every target "
                      "of it) played where they harm it more than on another target (the group turned on "
                      "a d10 plus the leader's modifier above 5, else the leader shot, l.140)", totals,
                      "<= 0"),
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
            share_row("armor_again", "attacks with an Armor Column deployed the same turn, its "
                      "deployment's attack declined (l.121: one action for any number of attacks), of "
                      "the attacks with a column", totals, "<= 0"),
            share_row("end_undrawn", "turns ended while the draw was offered and the deck held "
                      f"{DRAW_ROOM} or more, or their last action spent there on an ambush marker point "
                      "with a hand at most half full (of the menus with both)", totals, "<= 0"),
            share_row("retrieved_lost", "retrievals from the discard pile (the Barracks', the Port's) "
                      "into a hand at its capacity (l.134, l.137: the excess is discarded at random at "
                      "the turn's end, l.15: a swap of a random card for the one retrieved), of the "
                      "retrievals", totals),
            share_row("trade_again", "trades offered in a turn that had offered one (each costs an "
                      "action, l.86)", totals),
            share_row("marker_idle", "ambush marker points bought with no group of the seat's it can "
                      "defend (not on a complex, l.79, l.120)", totals),
            share_row("arranged_weaker", "rearrangements of the seat's own group of its faction "
                      "that left its commanded units no stronger (l.22-l.26)", totals, "<= 0"),
            share_row("regroup_kept", "asked to rearrange its own group of its faction after a "
                      "battle, the seat kept a stronger unit sideways than one commanded (of the times "
                      "asked with one)", totals, "<= 0"),
            share_row("after_small", "Atrocities and Press played where they move fewer than "
                      f"{CARD_WORTH} points (l.124: the card is discarded after use), of their plays",
                      totals),
            share_row("attack_long_odds", "attacks declared on a group with under a third of a chance "
                      "to win (they lose about twice as often, each loss points for the defender, "
                      "l.110), of the attacks on groups that cut none of the seat's supply", totals, "<= 0"),
            share_row("cut_unanswered", "turns that offered an attack with a better than even "
                      "chance of beating a group cutting the seat's supply and declared none on such "
                      "a group (l.128: the isolated group surrenders, points to the cutter)", totals),
            share_row("un_long_shot", "attacks on the UN card with under 10% to win (it scores "
                      "no one anything, l.129), of the attacks on it", totals),
        ]


def _traitors_harm(state, snap, group: int) -> int:
    """What Traitors on the group is expected to cost its faction, in tenths (l.140): a d10 plus
    the leader's modifier above 5 turns the group (its units, the leader's rating and modifier,
    a complex's VP), else the leader is shot."""
    g = next(g for g in snap["groups"] if g["id"] == group)
    types = state.deck.types
    half = HALVES[g["faction"]]
    leader = types[state.deck.cards[g["leader"]]] if g["leader"] >= 0 else None
    led = leader.value(half) + leader.modifier if leader else 0
    turns = min(D10, max(0, D10 // 2 + (leader.modifier if leader else 0)))
    worth = sum(types[state.deck.cards[c]].value(half) for c in g["units"])
    worth += types[state.deck.cards[g["complex"]]].vp if g["complex"] >= 0 else 0
    return turns * (worth + led) + (D10 - turns) * led


def _cuts_for(snap, group: int, seat: int) -> bool:
    """Group `group` cuts the supply of one of seat's groups (l.128)."""
    owner = {g["id"]: g["owner"] for g in snap["groups"]}
    cuts = next(g["cuts"] for g in snap["groups"] if g["id"] == group)
    return cuts >= 0 and owner[cuts] == seat


def _laid_count(snap, seat) -> int:
    """The cards seat has laid in the trade under way (l.87)."""
    return sum(1 for c, on in enumerate(snap["offer"]) if on and snap["where"].get(c) == view.P_HAND + seat)


def _use(t) -> list[int]:
    """What a card type is worth to each faction: a unit or leader by its two halves (l.7-l.8),
    an event by the faction its data names (l.119-l.122, l.127)."""
    if t.kind in ("unit", "leader"):
        return [t.value(half) for half in HALVES]
    return [int(t.faction == half) for half in HALVES]


def _seems(state, snap, seat) -> int:
    """The faction the seat's table shows (its groups hold more than twice the other's unit
    strength), else -1."""
    deck, held = state.deck, [0, 0]
    for g in snap["groups"]:
        if g["owner"] == seat and g["faction"] in (GOVERNMENT, REBEL):
            held[g["faction"]] += sum(deck.types[deck.cards[c]].value(HALVES[g["faction"]]) for c in g["units"])
    return GOVERNMENT if held[0] > 2 * held[1] else REBEL if held[1] > 2 * held[0] else -1


def _wants_strong(snap, group, seat) -> bool:
    """The seat's own group, of the faction of its loyalty (any of its groups without one)."""
    loyalty = snap["loyalty"][seat]
    return group["owner"] == seat and (loyalty not in (GOVERNMENT, REBEL) or group["faction"] == loyalty)


def _strengths(state, group) -> tuple[int, list[int]]:
    """The group's leader's rating (0 leaderless) and its units' strengths in order, commanded
    first (l.22)."""
    deck, half = state.deck, HALVES[group["faction"]]
    rating = deck.types[deck.cards[group["leader"]]].value(half) if group["leader"] >= 0 else 0
    return rating, [deck.types[deck.cards[c]].value(half) for c in group["units"]]


def _lead_gain(state, group) -> int:
    """What the group's leader adds to its best unit alone: the strongest units he commands
    plus his modifier (l.22, l.57, l.111), less that unit."""
    rating, units = _strengths(state, group)
    best = sorted(units, reverse=True)
    return sum(best[:rating]) + state.deck.types[state.deck.cards[group["leader"]]].modifier - best[0]


def _commanded(state, group) -> int:
    rating, units = _strengths(state, group)
    return sum(units[:rating])


def _stronger_aside(state, group) -> bool:
    rating, units = _strengths(state, group)
    return bool(units[rating:]) and max(units[rating:]) > min(units[:rating])


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
