"""Heroes of Baler's behaviour measure (issue: in a shooting where only 5s and 6s count, the bot
spends its last morale on "+1 on a 3", and it re-rolls 6s): dice modifiers that cannot improve
the result; and, seen in play, a trench its card lets it build given up.

A modifier is "SOURCE +1 on a F" or "SOURCE re-roll on a F" (core/games/baler/view.py). What a
face is worth depends on the roll (core/games/baler/combat_rules.pyx combat_score, territory.pyx
tfight_result), as the rulebook scores it:
- shooting: each 6 kills, each 5 injures (l.664-l.666), for either side's dice;
- incursion: 5-6 succeed, and every 1 on either side injures an attacker (l.788, l.827);
- artillery: 4-6 succeed; a Filipino 6 also injures a Spaniard (l.864-l.877);
- territorial combat: 5-6 succeed (l.1400);
- the Takeover attempt's die (Persistence, l.1147-l.1153): its card's table, which the watcher
  reads by trying the die on clones.
A "+1" that does not raise the die's worth, or a re-roll of a die no face beats, changes nothing
the side wants (or makes it worse). The defender of an incursion or artillery modifies after the
attacker (l.784, l.864): a success of his is worth nothing when it cancels nothing that counts,
the attacker's successes being none, or more than two beyond his own (l.801, l.870-l.871), and
no Filipino 6 left uncancelled (l.877).

An event given up (l.356: "you can choose not to resolve some or even all the events on the
cards"): the Events phase ended while an event part that is no gamble (no attack, no Spanish
supply roll) could still change something (core/games/baler/view.py, "could change nothing"): a
morale or supply gained, a man healed, a gun placed. An Action phase ended with points left
(l.541: "all points not used in this phase are lost") while an action that only gains was offered.

An attack that can change nothing for its side, from the board the attacker sees: a shooting
where no enemy stands in the area's guard posts (l.592); an incursion with no target in reach
(l.743, l.819: Filipinos on walls already Destroyed; l.739-l.741: Spain with neither a built
trench nor a gun in the area), whose 1s only wound the attackers (l.827); artillery on Destroyed
walls with no Spaniard in the area for its shrapnel (l.866-l.877).
"""
from __future__ import annotations

from partisan.core.games.baler.state import ACTIONS, COMBATS, FLOW, NODES
from partisan.core.games.baler.view import ACTS, TRACK_TOP, _could_change_nothing, patients

from blunders.base import Watcher, share_row

N_MOD, N_TMOD, N_PERSIST = NODES["mod"], NODES["tmod"], NODES["persist"]
CB_SHOOTING, CB_INCURSION, CB_ARTILLERY = COMBATS["shooting"], COMBATS["incursion"], COMBATS["artillery"]
KINDS = {kind: name for name, kind in COMBATS.items()}
A_DONE, A_YES = ACTIONS["done"], ACTIONS["yes"]
N_FOW_KEEP = NODES["fow_keep"]             # keep the enemy's Fog of War card drawn (1 morale) or give it back
N_TRENCH = NODES["trench"]                  # a trench section for the procedure under way
N_EV_NEXT = NODES["ev_next"]                # the next event to resolve, or "done": the rest given up
A_MOD = ACTIONS["modifier"]
A_ATTACK = ACTIONS["attack"]
A_EVENT = ACTIONS["event"]                  # + slot * 2 + part (0 main, 1 secondary)
A_ACT_CODES = ACTIONS.span("act")          # the Action phase's actions, + a code (view.ACTS)
N_ACT = NODES["act"]                        # the choice of an action, or "done": the points left are lost
ATTACKS = range(A_ATTACK, A_ATTACK + 12)           # + (kind - 1) * 4 + area
SPAIN, PHILIPPINES = 0, 1
FILIPINO_DICE = (FLOW["D4_PHIL_ATTR"], FLOW["D4_SUPPLY"])   # their attrition die, their supply action's
MODIFIERS = range(A_MOD, A_MOD + 60)
TERRITORIAL = "territorial"
FACES = range(1, 7)


def face_worth(kind, attacker: bool, face: int) -> int:
    """How much a die showing `face` is worth to its own side (higher is better)."""
    if kind == CB_SHOOTING:
        return {6: 2, 5: 1}.get(face, 0)
    if kind == CB_INCURSION:
        if face >= 5:
            return 2
        # an attacker's own 1 injures him; a defender's 1 injures the attacker
        return (0 if face == 1 else 1) if attacker else (1 if face == 1 else 0)
    if kind == CB_ARTILLERY:
        if attacker:
            return 2 if face == 6 else 1 if face >= 4 else 0
        return 1 if face >= 4 else 0
    return 1 if face >= 5 else 0            # territorial


def decode(action: int) -> tuple[int, bool, int]:
    """(source, re-roll?, face) of a modifier id: A_MOD + source * 12 + op * 6 + face - 1."""
    code = action - A_MOD
    return code // 12, bool((code // 6) % 2), code % 6 + 1


def gains_nothing(kind, attacker: bool, reroll: bool, face: int, idle_success: bool = False) -> bool:
    """Whether the modifier can better the die (`idle_success`: a success is worth a miss)."""
    def worth(f: int) -> int:
        return 0 if idle_success and f >= (5 if kind == CB_INCURSION else 4) else face_worth(kind, attacker, f)
    if reroll:
        return max(worth(f) for f in FACES) <= worth(face)
    return worth(min(face + 1, 6)) <= worth(face)


def reroll_loses(kind, attacker: bool, face: int, idle_success: bool = False) -> bool:
    """Whether re-rolling a die that already harms the enemy (a shooting's or an incursion's 5-6,
    artillery's 4-6) is worth less on average than keeping it."""
    def worth(f: int) -> int:
        return 0 if idle_success and f >= (5 if kind == CB_INCURSION else 4) else face_worth(kind, attacker, f)
    harms = face >= (4 if kind == CB_ARTILLERY else 5)
    return harms and sum(worth(f) for f in FACES) < len(FACES) * worth(face)


def success_idle(combat: dict) -> bool:
    """Whether one more success of the defender cancels nothing that counts (module docstring)."""
    if combat["kind"] not in (CB_INCURSION, CB_ARTILLERY):
        return False
    least = 5 if combat["kind"] == CB_INCURSION else 4
    ours, theirs = combat["dice"][1 - combat["attacker"]], combat["dice"][combat["attacker"]]
    net = sum(f >= least for f in theirs) - sum(f >= least for f in ours)
    shrapnel = combat["kind"] == CB_ARTILLERY and sum(f == 6 for f in theirs) > sum(f >= least for f in ours)
    return not (1 <= net <= 2 or shrapnel)


def takeover_gains_nothing(state, action: int) -> bool:
    """Persistence on the Takeover die: no outcome of the modified die brings the walls lower
    than the die as it stands."""
    kept = state.clone()
    kept.apply_action(A_DONE)
    walls = sum(kept._snap()["walls"])
    tried = state.clone()
    tried.apply_action(action)
    results = []
    if tried.is_chance_node():
        for outcome, _ in tried.chance_outcomes():
            rolled = tried.clone()
            rolled.apply_action(outcome)
            results.append(sum(rolled._snap()["walls"]))
    else:
        results.append(sum(tried._snap()["walls"]))
    return min(results) >= walls


def attack_idle(area: dict, side: int, kind: int) -> bool:
    """Whether an attack by `side` in an area of the observed board can change nothing."""
    enemy_posts = [p for p in area["posts"][1 - side] if p["unit"]]
    if kind == CB_SHOOTING:
        return not enemy_posts
    if kind == CB_INCURSION:
        if side != SPAIN:
            return area["walls"] == "Destroyed"
        return "built" not in area["trenches"] and area["artillery"] is None
    return area["walls"] == "Destroyed" and not [p for p in area["posts"][SPAIN] if p["unit"]]


def sure_action(state, snap: dict, seat: int, action: int) -> bool:
    """An action of the Action phase that only gains: raising the morale below 6 (l.1125),
    healing with a man in the infirmary (Spain, l.1107), the Philippines' supply roll below 6
    (their table only adds supply, l.1048-l.1054)."""
    if not A_ACT_CODES.start <= action < A_ACT_CODES.stop:
        return False
    what = ACTS[action - A_ACT_CODES.start]
    if what == "morale +2":
        return snap["morale"][seat] < TRACK_TOP
    if what == "heal":
        return bool(patients(state, snap))
    return what == "supply" and seat != SPAIN and snap["supply"][seat] < TRACK_TOP


def _gamble(state, snap: dict, action: int) -> bool:
    """Whether the event part of a "next event" move rolls a die that may cost more than it
    wins, which a player may decline: an attack; Spain's supply roll, whose 1 costs morale
    (l.1037-l.1054)."""
    k = action - A_EVENT
    card = state.parts_view().deck.cards[snap["ev_card"][k // 2]]
    return any(effect.kind == "attack" or (effect.kind == "supply_roll" and snap["actor"] == SPAIN)
               for effect in (card.main, card.secondary)[k % 2])


def attack_firepower(state, action: int) -> int:
    """The firepower attack `action` begins with, seen from the attacker (+: his advantage),
    an event's combat strength and an incursion's uncounted gun as the game counts them."""
    after = state.clone()
    after.apply_action(action)
    combat = after._combat()
    return combat["firepower"] * (1 if combat["attacker"] == SPAIN else -1)


class BalerWatcher(Watcher):
    def decided(self, state, seat, action, legal, bot):
        super().decided(state, seat, action, legal, bot)
        if action in ATTACKS and len(legal) > 1:
            kind, area = (action - A_ATTACK) // 4 + 1, (action - A_ATTACK) % 4
            areas = state.observation(seat)["board"]["areas"]
            idle = attack_idle(areas[area], seat, kind)
            self.tally(seat, "idle_attack", idle)
            if idle:
                self.detail(seat, "attacks that can change nothing", state.action_to_string(action))
            if kind != CB_ARTILLERY:
                outgunned = attack_firepower(state, action) < 0
                self.tally(seat, "outgunned_attack", outgunned)
                if outgunned:
                    self.detail(seat, "attacks begun outgunned", state.action_to_string(action))
        snap = state._snap()
        if snap["node"] == N_TRENCH and len(legal) > 1:
            self.tally(seat, "trench_declined", action == A_DONE)
        if snap["node"] == N_ACT and A_DONE in legal and snap["ap"][seat] > 0:
            gains = [a for a in legal if sure_action(state, snap, seat, a)]
            self.tally(seat, "points_left", action == A_DONE and bool(gains))
            if action == A_DONE and gains:
                self.detail(seat, "Action phases ended with points left and an action that only gains",
                            ", ".join(state.action_to_string(a) for a in gains))
        if snap["node"] == N_EV_NEXT and len(legal) > 1:
            left = [a for a in legal if a != A_DONE and not _gamble(state, snap, a)
                    and not _could_change_nothing(state, snap, a)]
            declined = action == A_DONE and bool(left)
            self.tally(seat, "events_declined", declined)
            if declined:
                self.detail(seat, "events given up that could change something",
                            ", ".join(state.action_to_string(a) for a in left))
        if snap["node"] == N_FOW_KEEP and len(legal) > 1:
            self.tally(seat, "fow_kept", action == A_YES)
            if action == A_YES:
                card = state.parts_view().deck.cards[snap["fow_drawn"][seat]]
                self.detail(seat, "enemy Fog of War cards kept", f"{card.name} at morale {snap['morale'][seat]}")
        if action not in MODIFIERS:
            return
        node = snap["node"]
        _, reroll, face = decode(action)
        if node == N_PERSIST:
            where, wasted = "Takeover die", takeover_gains_nothing(state, action)
        elif node == N_TMOD:
            where, wasted = "territorial combat", gains_nothing(TERRITORIAL, False, reroll, face)
        elif node == N_MOD:
            combat = snap["combat"]
            attacker = snap["actor"] == combat["attacker"]
            idle = not attacker and success_idle(combat)
            wasted = gains_nothing(combat["kind"], attacker, reroll, face, idle)
            where = f"{KINDS[combat['kind']]}, {'attacker' if attacker else 'defender'}"
            if reroll and not wasted:
                loses = reroll_loses(combat["kind"], attacker, face, idle)
                self.tally(seat, "losing_reroll", loses)
                if loses:
                    self.detail(seat, "re-rolls worse on average than the die", f"{state.action_to_string(action)} ({where})")
        else:
            return
        self.tally(seat, "no_gain_modifier", wasted)
        if wasted:
            self.detail(seat, "modifiers without gain",
                        f"{state.action_to_string(action)} ({where})")

    def before(self, state, seat, action):
        """A Filipino supply die (Attrition, l.450; the supply action, l.1048) rolled with no
        troops on the territorial map, which gives it the -1 of Baler."""
        if seat >= 0:
            return
        snap = state._snap()
        if (snap["node"] == FLOW["N_C_DIE"] and snap["die_for"] in FILIPINO_DICE
                and snap["actor"] == PHILIPPINES):
            self.tally(PHILIPPINES, "no_troops_roll", snap["terr_space"] == 0)

    @classmethod
    def rows(cls, totals, reference):
        return [share_row("no_gain_modifier", "dice modifiers that cannot improve the result "
                          "(+1 that changes no success, re-roll of a die no face beats)",
                          totals, "<= 0"),
                share_row("losing_reroll", "re-rolls of a die that already harms the enemy, worse "
                          "on average than the die kept (a shooting's 5, an artillery 4 or 5: "
                          "l.664-l.666, l.864-l.877), of the combat re-rolls that can better their "
                          "die", totals, "<= 0"),
                share_row("idle_attack", "attacks that can change nothing (a shooting with no "
                          "enemy in the area, an incursion with no target in reach, artillery "
                          "on Destroyed walls with no Spaniard)", totals, "<= 0"),
                share_row("outgunned_attack", "shootings and incursions begun with the firepower "
                          "against the attacker (the stronger side rolls the extra dice, l.617; "
                          "both sides fire, l.586; an incursion's 1s injure the attackers, l.827), "
                          "of the shootings and incursions", totals, "<= 0"),
                share_row("trench_declined", "trench sections given up where one could be "
                          "built, repaired or destroyed (l.1081, l.1133)", totals),
                share_row("points_left", "Action phases ended with points left while an action "
                          "that only gains was offered (l.541: points not used are lost)", totals, "<= 0"),
                share_row("events_declined", "the Events phase ended with an event left that "
                          "could change something and is no gamble (l.356: a side may "
                          "decline them)", totals, "<= 0"),
                share_row("fow_kept", "enemy Fog of War cards kept, for a morale level and the "
                          "shared card giving them back brings (l.1210-l.1211), of those a side "
                          "could keep", totals),
                share_row("no_troops_roll", "the Philippines' supply dice (Attrition, the supply "
                          "action) rolled with no troops on the territorial map (the -1 of Baler, "
                          "l.450; the rulebook: \"The Philippine side should advance throughout "
                          "the map\", l.155)", totals)]
