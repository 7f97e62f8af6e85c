"""A combat on the map, step by step, for the screen. `BalerState.apply_action` hands every
action taken while a combat is on (and the one that starts it) to `record`, which keeps the
account of the combat under way and of the one before: kind, area, firepower, each side's
surveillance, its dice as rolled and as they stand, the modifiers offered and the one used,
re-roll results, successes, and where each casualty lands. Everything in it is public (a
combat has no hidden part). The search never calls apply_action: it costs nothing there.
A journal is never changed once made (each action makes a new one), so clones share it."""
from __future__ import annotations

import copy
import re

from partisan.core.games.baler.view import (KINDS, PHASES, PUSHED_OUT, TARGETS, WALLS, action_to_string,
                                            bed_moves, combat_name, shooting_note, targets, trench_name, unit_label,
                                            units_words, vp_from, vp_why)

KEEP = 2                # combats kept: the one under way (or the last) and the one before
# A card's combat strength serves a combat's firepower (the strengths' difference, l.617), which
# "Firepower and surveillance markers are not used in the artillery attack." (l.862) leaves out.
STRENGTH_IDLE = "unused"
SURVEILLANCE_BONUS = (0, 0, 1, 1, 2, 2)     # by die face (l.636-l.640)
TARGET_TEXT = ("sabotage the first trench", "sabotage the second trench",
               "eliminate the artillery", "lower the walls")


def _flow() -> dict:
    from partisan.core.games.baler.state import FLOW     # state.pyx imports this module
    return FLOW


def moment(state) -> dict:
    """What `record` needs of the state before an action: the combat, where the units stand,
    the walls, trenches and VP, the node, the modifiers offered, and a copy to name the action
    by once it has been checked and applied."""
    s = state._snap()
    offered = []
    if s["node"] == _flow()["N_MOD"]:
        offered = [action_to_string(state, a) for a in state.legal_actions() if a != 0]
    return {"snap": s, "combat": state._combat(), "offered": offered, "state": state.clone()}


def _new(state) -> dict:
    s, cb = state._snap(), state._combat()
    record = {"kind": KINDS[cb["kind"] - 1], "area": cb["area"] + 1, "attacker": cb["attacker"],
              "turn": s["turn"], "phase": PHASES[s["phase"]], "firepower": cb["firepower"],
              "surveillance": [None, None], "bonus": [None, None],
              "rolled": [None, None], "dice": [[], []], "modified": [[], []],
              "trail": [[], []], "room": _room(state), "successes": None, "offered": [],
              "steps": [], "over": False}
    for side in (0, 1):
        extra = [f"+{n} {what}" for n, what in ((cb["bonus_cf"][side], "combat strength"),
                                               (cb["bonus_dice"][side], "dice"),
                                               (cb["card_rerolls"][side], "free re-rolls")) if n]
        if record["kind"] == "artillery" and cb["bonus_cf"][side]:
            extra[0] += f" ({STRENGTH_IDLE})"
        record["bonus"][side] = ", ".join(extra) or None
    _update(record, state)
    return record


def _room(state) -> int | None:
    """What the combat just begun can take in its area (view.targets); None for a shooting."""
    cb = state._combat()
    if KINDS[cb["kind"] - 1] == "shooting":
        return None
    return targets(state, state._snap(), cb["area"], cb["attacker"])


def _update(record: dict, state) -> None:
    """The live parts: firepower, surveillance bonuses, dice as they stand, modifiers offered."""
    cb = state._combat()
    record["firepower"] = cb["firepower"]
    for side in (0, 1):
        if cb["surveillance"][side] >= 0:
            record["surveillance"][side] = cb["surveillance"][side]
        if (cb["rolled"] >> side) & 1:
            if record["rolled"][side] is None:      # a side without a unit there rolls none
                record["rolled"][side] = list(cb["dice"][side])
            record["dice"][side] = list(cb["dice"][side])
            record["modified"][side] = list(cb["modified"][side])
    record["offered"] = []
    if state._snap()["node"] == _flow()["N_MOD"]:
        record["offered"] = [action_to_string(state, a) for a in state.legal_actions() if a != 0]


def _same(before: dict, after: dict) -> bool:
    """The combat after the action is the one before it (not a new one begun in its run)."""
    if not after["kind"]:
        return False
    return ((before["kind"], before["area"], before["attacker"])
            == (after["kind"], after["area"], after["attacker"])
            and after["rolled"] & before["rolled"] == before["rolled"]
            and after["scored"] >= before["scored"])


def record(state, journal: list | None, before: dict | None, action: int) -> list:
    """The journal after `action` was applied to the state `before` describes (from `moment`;
    None when no combat was on)."""
    journal = list(journal or [])
    if before is not None:
        before["text"] = action_to_string(before["state"], action)
    cb0, cb1 = before["combat"] if before else {"kind": 0}, state._combat()
    if cb0["kind"] and journal and not journal[-1]["over"]:
        rec = journal[-1] = copy.deepcopy(journal[-1])      # clones share the records before
        told = len(rec["steps"]) + 1        # the action's own step; what it changed follows
        _step(rec, state, before)
        over = not _same(cb0, cb1)
        if over:
            _final_dice(rec, before)
            rec["over"], rec["offered"] = True, []
        else:
            _update(rec, state)
        if rec["successes"] is None and (over or cb1["scored"]):
            rec["successes"] = successes(rec)
            rec["steps"][told:told] = [{"side": None, "text": _results(rec)}] + _targets_lost(rec)
        if over:
            rec["steps"] += (_casualties_lost(rec) + _placed(rec, state)
                             + [{"side": None, "text": f"the {combat_name(rec)} is over"}]
                             + _passed(rec, state, before["snap"]))
    if cb1["kind"] and not (cb0["kind"] and _same(cb0, cb1)):
        journal.append(_new(state))
    return journal[-KEEP:]


PICKS = {"first shootings": 2, "second shootings": 1}     # areas picked before they shoot (l.498, l.1159)


def _passed(rec: dict, state, s0: dict) -> list[dict]:
    """A step for each mandatory shooting of the phase that follows the combat just over and
    has no effect, a side manning no guard post in its area (l.500, l.592): the shooter's; one
    with units on both sides begins a combat of its own."""
    s1 = state._snap()
    picks = PICKS.get(PHASES[s0["phase"]])
    if picks is None:
        return []
    begun = [min(max(s["step"] - picks, 0), 2) if (s["turn"], s["phase"]) == (s0["turn"], s0["phase"]) else 2
             for s in (s0, s1)]
    ended = begun[1] - bool(s1["combat"]["kind"])       # the last one begun may be under way
    return [{"side": rec["attacker"], "text": f"shooting in area {area + 1}{shooting_note(state, s1, area)}"}
            for area in s1["shoot_area"][begun[0]:ended]]


def _results(rec: dict) -> str:
    """The dice once final and what each side's achieved, the attacker's first, before the
    casualties they call for are placed: "shooting in area 1, final dice: Spain 2 4 5 ⇒ 0 kills
    (6), 1 wound (5); the Philippines 6 ⇒ 1 kill (6), 0 wounds (5)"."""
    sides = [f"{('Spain', 'the Philippines')[side]} " + (" ".join(map(str, rec["dice"][side])) or "no dice")
             + f" ⇒ {rec['successes'][side]}" for side in (rec["attacker"], 1 - rec["attacker"])]
    return f"{combat_name(rec)}, final dice: {'; '.join(sides)}"


def side_result(rec: dict, side: int) -> str | None:
    """What a side's dice achieve: once counted, its results (successes); before, as they
    stand: a shooting's kills and wounds, an incursion's or a shelling's successes (its net
    needs both sides' dice), and an incursion's 1s, each of which wounds an attacker (l.827:
    the modifier that turns one into a 2 spares him); None before the side rolls."""
    if rec["successes"]:
        return rec["successes"][side]
    if not rec["rolled"][side]:
        return None
    if rec["kind"] == "shooting":
        return successes(rec)[side]
    told = f"{_plural(_count(rec, side, SUCCESS[rec['kind']]), 'success')} ({SUCCESS[rec['kind']]}-6)"
    ones = _count(rec, side, 1, 1) if rec["kind"] == "incursion" else 0
    return told + (f", {ones} 1{'s' * (ones > 1)}: {_plural(ones, 'attacker')} wounded" if ones else "")


def _final_dice(rec: dict, before: dict) -> None:
    """The dice when the action ended the combat in its run: those before it, with the roll,
    the re-rolled die or the +1 it made."""
    flow, s, text = _flow(), before["snap"], before["text"] or ""
    side = s["actor"]
    if s["node"] == flow["N_C_ROLL"] and text.startswith("roll "):
        rec["dice"][side] = [int(v) for v in text.split()[1:]]
        rec["modified"][side] = [False] * len(rec["dice"][side])
    elif s["node"] == flow["N_C_DIE"] and s["die_for"] == flow["D4_REROLL"]:
        dice = before["combat"]["dice"][side]
        rec["dice"][side] = [int(text.split()[1]) if v == 0 else v for v in dice]
        rec["modified"][side] = [True if v == 0 else m for v, m in
                                 zip(dice, before["combat"]["modified"][side])]
    elif s["node"] == flow["N_MOD"] and " +1 on a " in text:
        value = int(text.rsplit(" ", 1)[1])
        dice, mods = list(before["combat"]["dice"][side]), list(before["combat"]["modified"][side])
        i = next(i for i, (v, m) in enumerate(zip(dice, mods)) if v == value and not m)
        dice[i], mods[i] = value + 1, True
        rec["dice"][side], rec["modified"][side] = dice, mods


MAX_TARGETS = 2         # "limited to a maximum of two per incursion" (l.801); artillery: 2 levels (l.871)
SUCCESS = {"incursion": 5, "artillery": 4}      # the lowest face that succeeds (l.788, l.864)


def _count(rec: dict, side: int, low: int, high: int = 99) -> int:
    return sum(low <= min(v, 6) <= high for v in rec["dice"][side])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{('es' if word.endswith('s') else 's') * (n != 1)}"


def _net(rec: dict) -> tuple[int, int]:
    """An incursion's or a shelling's net successes, and the targets or wall levels they take:
    at most two (l.801, l.871), and no more than the area holds (`room`, when known)."""
    a, low = rec["attacker"], SUCCESS[rec["kind"]]
    net = _count(rec, a, low) - _count(rec, 1 - a, low)
    room = rec.get("room")
    return net, min(max(net, 0), MAX_TARGETS, MAX_TARGETS if room is None else room)


def _due(rec: dict) -> list[list[int]]:
    """[kills, wounds] each side must take from the final dice: a shooting's 6s and 5s hit the
    enemy (l.664-l.666); an incursion's 1s on either side wound the attacker (l.827); a
    shelling's Filipino 6s not cancelled by a Spanish success wound Spain (l.877)."""
    a, due = rec["attacker"], [[0, 0], [0, 0]]
    if rec["kind"] == "shooting":
        for side in (0, 1):
            due[1 - side] = [_count(rec, side, 6), _count(rec, side, 5, 5)]
    elif rec["kind"] == "incursion":
        due[a][1] = _count(rec, 0, 1, 1) + _count(rec, 1, 1, 1)
    else:
        due[0][1] = max(_count(rec, a, 6) - _count(rec, 1 - a, 4), 0)
    return due


def successes(rec: dict) -> list[str]:
    """What each side's final dice achieved (l.664-l.666, l.788, l.827, l.864-l.877); net
    successes beyond the two a combat takes, or beyond what the area holds, said lost."""
    a, kind = rec["attacker"], rec["kind"]
    if kind == "shooting":       # casualties to place: a standing wall's 1 saves one (l.701)
        return [f"{_plural(_count(rec, side, 6), 'kill')} (6), {_plural(_count(rec, side, 5, 5), 'wound')} (5)"
                for side in (0, 1)]
    low = SUCCESS[kind]
    out = [f"{_plural(_count(rec, side, low), 'success')} ({low}-6)" for side in (0, 1)]
    net, taken = _net(rec)
    lost = _lost_words(rec, net, taken)
    if kind == "incursion":
        out[a] += f", net {net}: {taken} target(s){lost}; 1s{_whose_ones(rec)} wound {_plural(_due(rec)[a][1], 'attacker')}"
    else:
        out[a] += f", net {net}: {_shelled(rec, net, taken, lost)}{_shrapnel(rec)}"
    return out


def _whose_ones(rec: dict) -> str:
    """Whose dice rolled an incursion's 1s, either side's wounding the attacker (l.827), in few
    words, as the combat panel's row has little room left: " (Phil.'s)", " (Spain 1, Phil. 1)",
    put beside the 1s (not the attackers, whose side it is not); nothing when none was rolled."""
    ones = {name: _count(rec, side, 1, 1) for side, name in enumerate(("Spain", "Phil."))}
    rolled = {name: n for name, n in ones.items() if n}
    if len(rolled) == 1:
        return f" ({next(iter(rolled))}'s)"
    return f" ({', '.join(f'{name} {n}' for name, n in rolled.items())})" if rolled else ""


def _shrapnel(rec: dict) -> str:
    """What a shelling's 6s did: "each 6 rolled by the attacker injures a defender. However, a
    success obtained by the Spanish (4, 5, or 6) cancels this casualty." (l.877): the wounds,
    and those cancelled, each said; "" without a 6."""
    a = rec["attacker"]
    sixes = _count(rec, a, 6)
    if not sixes:
        return ""
    wounds = _due(rec)[1 - a][1]
    said = [f"{_plural(wounds, 'wound')} to Spain"] * bool(wounds)
    cancelled = sixes - wounds
    if cancelled:
        said.append(f"{cancelled} cancelled by Spain's success{'es' * (cancelled > 1)}")
    return f", shrapnel from {sixes} {'six' if sixes == 1 else 'sixes'}: {' and '.join(said)}"


def _shelled(rec: dict, net: int, taken: int, lost: str) -> str:
    """What a shelling's net successes did to the walls: levels lost, none (the walls hold), or
    nothing they could do to walls Destroyed before it (l.870-l.873)."""
    if taken:
        return f"walls -{taken}{lost}"
    return "no effect, the walls are already Destroyed" if net > 0 and rec.get("room") == 0 else "walls hold"


def _lost_words(rec: dict, net: int, taken: int) -> str:
    """The net successes a combat cannot use, each cause with its count when both struck:
    beyond two, and with no target left."""
    if net <= taken:
        return ""
    capped, unplaced = net - min(net, MAX_TARGETS), min(net, MAX_TARGETS) - taken
    if not unplaced:
        return f" (at most {MAX_TARGETS})"
    left = "no target left" if rec["kind"] == "incursion" else "the walls are Destroyed"
    if not capped:
        return f" ({_plural(unplaced, 'success')} lost: {left})"
    left = "no target left" if rec["kind"] == "incursion" else "the walls Destroyed"
    return (f" ({_plural(capped + unplaced, 'success')} lost: {capped} beyond the {MAX_TARGETS} a combat "
            f"takes, {unplaced} with {left})")


def _targets_lost(rec: dict) -> list[dict]:
    """A step for net successes lost for want of a target (the area's trenches and gun, or its
    walls, run out), told when the dice are counted."""
    if rec["kind"] == "shooting":
        return []
    net, taken = _net(rec)
    lost = min(net, MAX_TARGETS) - taken
    if lost <= 0:
        return []
    left = (f"no target left in area {rec['area']}" if rec["kind"] == "incursion"
            else f"the walls of area {rec['area']} are {'already ' * (taken == 0)}Destroyed")
    return [{"side": rec["attacker"], "text": f"{_plural(lost, 'success')} lost: {left}"}]


def _casualties_lost(rec: dict) -> list[dict]:
    """Steps for the kills and wounds a side could not take: no unit of its was left in the
    area's guard posts to take them (l.683, l.697: a post is rolled until a manned one). Wounds
    are the ones lost, kills being placed first (l.677)."""
    if rec["successes"] is None:
        return []
    steps = []
    for side, (kills, wounds) in enumerate(_due(rec)):
        landed = sum(1 for st in rec["steps"] if st.get("casualty") == side)
        lost = kills + wounds - landed
        if lost <= 0:
            continue
        lost_wounds = min(wounds, lost)
        words = [_plural(n, word) for n, word in ((lost - lost_wounds, "kill"), (lost_wounds, "wound")) if n]
        steps.append({"side": None, "text": f"{' and '.join(words)} scored by {('the Philippines', 'Spain')[side]} "
                      f"lost: no {('Spanish', 'Filipino')[side]} unit left in area {rec['area']} to take "
                      f"{'it' if lost == 1 else 'them'}"})
    return steps


def _step(rec: dict, state, before: dict) -> None:
    """The account of one action: what was chosen or rolled, then what it changed."""
    flow, s, text = _flow(), before["snap"], before["text"]
    node, side, steps = s["node"], s["actor"], rec["steps"]
    if node == flow["N_SURV"]:
        steps.append({"side": side, "text": ("activates" if text == "yes" else "does not activate")
                      + f" its surveillance marker in area {rec['area']}"})
    elif node == flow["N_C_DIE"] and s["die_for"] in (flow["D4_SURV_A"], flow["D4_SURV_D"]):
        who = rec["attacker"] if s["die_for"] == flow["D4_SURV_A"] else 1 - rec["attacker"]
        face = int(text.split()[1])
        bonus = SURVEILLANCE_BONUS[face - 1]
        steps.append({"side": who, "text": f"surveillance die {face}: "
                      + (f"+{bonus} firepower" if bonus else "no bonus")})
    elif node == flow["N_C_ROLL"]:
        faces = [int(v) for v in text.split()[1:]]
        rec["rolled"][side] = faces
        rec["trail"][side] = [[face, None] for face in faces]
        steps.append({"side": side, "text": "rolls " + " ".join(map(str, faces))})
    elif node == flow["N_MOD"]:
        if text != "done":
            value = int(text.rsplit(" ", 1)[1])
            _trail(rec, side, value, value + 1 if " +1 on a " in text else 0)
        steps.append({"side": side, "text": "keeps its dice" if text == "done" else f"uses {text}",
                      "offered": before["offered"]})
    elif node == flow["N_C_DIE"] and s["die_for"] == flow["D4_REROLL"]:
        old = next((st["text"].rsplit(" ", 1)[1] for st in reversed(steps)
                    if st["side"] == side and "re-roll on a" in st["text"]), "?")
        _trail(rec, side, 0, int(text.split()[1]))
        steps.append({"side": side, "text": f"re-roll: {old} → {text.split()[1]}"})
    elif node == flow["N_C_CASUALTY"]:
        face = int(text.split()[1])
        saved = side == 0 and face == 1 and s["walls"][rec["area"] - 1]
        steps.append({"side": side, "text": f"casualty location die {face}"
                      + (": a 1 behind standing walls, no casualty" if saved else "")}
                     | ({"casualty": side} if saved else {}))
        steps.extend(sorted(_changes(rec, state, s), key=lambda line: not _at_face(line, face)))
        return
    elif node == flow["N_TARGET"]:
        steps.append({"side": side, "text": f"target: {TARGET_TEXT[TARGETS.index(text)]}"})
    elif node == flow["N_REDEPLOY"] and text == "done":
        steps.append({"side": side, "text": "ends its redeployment"})
    if node == flow["N_REDEPLOY"]:          # where the survivors stood as their placement began
        rec.setdefault("placing", {"from": list(s["at"]), "moves": 0, "side": side})
        rec["placing"]["moves"] += text != "done"
    steps.extend(_changes(rec, state, before["snap"]))


def _placed(rec: dict, state) -> list[dict]:
    """After the survivors' placement at the end of an incursion ("the attacking player returns
    their surviving units to the guard posts and can reposition them as they wish", l.840: one
    move after another, each a swap or a post taken), a step with its net change when it took
    more than one move: only the men who end in another post, or none (moves undone)."""
    placing = rec.get("placing")
    if not placing or placing["moves"] < 2:
        return []
    parts, area = state.parts_view(), rec["area"] - 1
    now = state._snap()["at"]
    moved = [f"{unit_label(parts.board.counters, c)} {_where(parts, was, area)} → {_where(parts, now[c], area)}"
             for c, was in enumerate(placing["from"])
             if was != now[c] and area in dict(parts.board.spaces[was].areas)]
    said = "; ".join(moved) if moved else "no change, every man back in the post he held"
    return [{"side": placing["side"], "text": f"survivors placed, all told: {said}"}]


def _trail(rec: dict, side: int, value: int, now: int) -> None:
    """A die of the side's roll changes (the trail keeps the dice in the order rolled, each
    as [rolled, now], now None while untouched, 0 while re-rolled): +1 or a re-roll picks a
    die showing `value` that no modifier has touched (each die once, l.906); value 0 is the
    die being re-rolled, which takes its new face."""
    for die in rec["trail"][side]:
        if (die[1] == 0 if value == 0 else die[1] is None and die[0] == value):
            die[1] = now
            return


def _at_face(line: dict, face: int) -> bool:
    """Whether a change's line is the casualty at the post a location die of `face` picks
    ("... (post 3-4) wounded ..."): told first, before a casualty that needed no die (the
    only manned post left, l.683)."""
    post = re.search(r"\(post (\d)(?:-(\d))?\)", line["text"])
    return bool(post) and int(post[1]) <= face <= int(post[2] or post[1])


def _where(parts, space: int, area: int) -> str:
    """A space as the panel names it: a guard post by its die label in the area, a bed by
    number, the eliminated pools as such."""
    sp = parts.board.spaces[space]
    faces = dict(sp.areas).get(area)
    if faces:
        return "post " + "-".join(map(str, (faces[0], faces[-1]) if len(faces) > 1 else faces))
    if sp.name.startswith("spain_bed_"):
        return f"bed {sp.number}"
    if sp.name.endswith("_eliminated"):
        return "eliminated"
    if sp.name.startswith("artillery_area_"):
        return "artillery post"
    return sp.label


def _changes(rec: dict, state, s0: dict) -> list[dict]:
    """What the action changed in the combat's area and the infirmary: units hit, pushed along
    the beds or dead, redeployed; walls, trenches, artillery, VP."""
    parts, s1 = state.parts_view(), state._snap()
    area = rec["area"] - 1
    units = parts.board.counters.counters
    lines = []
    watched = {i for i, sp in enumerate(parts.board.spaces)
               if area in dict(sp.areas) or sp.name.startswith("spain_bed_")}
    beds = {i: sp.number for i, sp in enumerate(parts.board.spaces) if sp.name.startswith("spain_bed_")}
    pushed = []             # (line, the man, the bed he leaves, the one he takes or None)
    # the dead by the side they score for (the enemy's) and by what they score (the VP's reason)
    scored = [{"kill": {}, "artillery": {}, "infirmary": {}} for _ in (0, 1)]
    for c, (was, now) in enumerate(zip(s0["at"], s1["at"])):
        if was == now or was not in watched:
            continue
        side = units[c].side
        in_bed = was in beds
        gun = parts.board.counters.types[units[c].type] == "artillery"
        # a man who leaves the area's posts (for a bed, the bag, his detachment space or the
        # eliminated units) is a casualty; one who changes posts within it redeploys
        hit = not in_bed and not gun and area not in dict(parts.board.spaces[now].areas)
        if _where(parts, now, area) == "eliminated":
            verb = PUSHED_OUT if in_bed else f"{'destroyed' if gun else 'killed'} → eliminated"
            dead = (("infirmary", "dead in the infirmary") if in_bed else ("artillery", "destroyed") if gun
                    else ("kill", "killed"))
            scored[1 - side][dead[0]].setdefault(dead[1], []).append(
                unit_label(parts.board.counters, c) + " (a leader)" * (parts.board.counters.types[units[c].type] == "leader"))
        else:
            verb = f"{'pushed' if in_bed else 'wounded' if hit else 'moves'} → {_where(parts, now, area)}"
        line = {"side": side, "text": f"{unit_label(parts.board.counters, c)} ({_where(parts, was, area)}) {verb}"}
        lines.append(line | {"casualty": side} if hit else line)
        if in_bed:
            pushed.append((line, unit_label(parts.board.counters, c), beds[was], beds.get(now)))
    free = sum(where in beds for where in s0["at"]) < s0["beds_open"]
    together = bed_moves([man for _, *man in pushed], pushed=True, free=free)
    if together:            # several men pushed: one line, each with his beds
        lines = [line for line in lines if all(line is not own for own, *_ in pushed)]
        lines.append({"side": pushed[0][0]["side"], "text": together})
    if s0["walls"][area] != s1["walls"][area]:
        lines.append({"side": None, "text": f"walls of area {area + 1}: {WALLS[s0['walls'][area]]}"
                      f" → {WALLS[s1['walls'][area]]}"})
    for t in (2 * area, 2 * area + 1):
        if not (s0["trench_sabotaged"] >> t) & 1 and (s1["trench_sabotaged"] >> t) & 1:
            lines.append({"side": None, "text": f"{trench_name(t)} sabotaged"})
    gained = [{source: now[source] - was[source] for source in now} for was, now in zip(vp_from(s0), vp_from(s1))]
    for side in (0, 1):
        if s0["vp"][side] != s1["vp"][side]:
            words = {source: units_words(dead) for source, dead in scored[side].items()}
            lines.append({"side": side, "text": f"VP {s0['vp'][side]} → {s1['vp'][side]}: {vp_why(gained[side], words)}"})
    return lines

