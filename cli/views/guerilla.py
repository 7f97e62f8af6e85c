"""Guerilla on screen, from one seat's observation (core/games/guerilla/view.py): the groups on
the table by faction, the public tallies, the seat's own hand and loyalty (another seat's only
once the rules made it known), trade offers, the reaction window, the battle, the markers."""
from __future__ import annotations

import re
from collections import Counter

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from partisan.cli.console import seat_name
from partisan.cli.views.fit import BySize, Flow
from partisan.cli.views.generic import symbol_table
from partisan.core.games.guerilla.state import MODES, NODES
from partisan.core.games.guerilla.view import (FACTIONS, MODE_TEXT, NODE_TEXT, REVOLUTION, SKIP_MARK, all_lost,
                                               battle_sides, kind_name, move_phrase)
from partisan.core.narration import counted, does, listed, who, whose

PHASES = {"A": "withdrawal", "B": "attack", "C": "deployment", "D": "trade", "E": "discard/repair",
          "F": "draw"}
FACTION_STYLE = {"Government": "bold blue", "Rebel": "bold red", "Mercenary": "bold yellow"}
ARMOR = "Armor Column"
CROWDED = 12        # groups on the table from which the compact screen names each owner once
CROWDED_SEATS = 5   # seats from which it always does: six seats' groups cross CROWDED back and forth
                    # and its leaders by rating alone
MODE_ARMOR, MODE_SINGLE, MODE_SIDEWAYS, MODE_COMMANDED = (MODES["armor"], MODES["single"], MODES["sideways"],
                                                         MODES["commanded"])
SUPPLY_CUT_STEP = NODE_TEXT[NODES["cut"]]     # the step whose battle fields hold the cutting group
WIDE = 1000        # a width no table reaches: measures a table's natural width


def short_name(name: str) -> str:
    """A card as the compact screen names it: a leader card by its two surnames."""
    name = kind_name(name)
    if " / " in name:
        return "/".join(half.split()[-1] for half in name.split(" / "))
    return name


def _cards(names, empty: str = "none", short: bool = False) -> Text:
    """Card names, copies counted: '2× Ambush, Unit 3/1'."""
    if not names:
        return Text(empty, style="dim")
    counts = Counter(short_name(n) if short else kind_name(n) for n in names)
    return Text(", ").join(Text(f"{k}× {name}" if k > 1 else name, style="cyan")
                           for name, k in sorted(counts.items()))


def _loyalty(obs: dict, seat: int) -> str | None:
    """A seat's loyalty if this observation may show it (its own, or made known)."""
    if "loyalties" in obs:
        return obs["loyalties"][seat]
    return obs["loyalty"].get(str(seat))


# ------------------------------------------------------------------ header and markers

def _turn_line(obs: dict, me: int, sep: str) -> Text:
    text = Text("Guerilla", style="bold")
    if "variant" in obs:
        text.append(" open duel", style="bold")      # our two-player reconstruction
    text.append(f"{sep}turn {obs['turns'] + 1}")
    if obs.get("winner") is not None:
        text.append(f"{sep}round over", style="bold yellow")
    elif obs["active"] is not None:
        text.append(sep).append(f"{whose(obs['active'], me)} turn",
                                style="bold green" if obs["active"] == me else "bold")
        letter = obs["phase_reached"]
        text.append(f"{sep}phase {letter} ({PHASES[letter]})")
        text.append(f"{sep}{obs['actions_left']} action{'s' * (obs['actions_left'] != 1)} left")
        banco = _working_banco(obs)
        if banco is not None:
            # "The extra action must be used by the faction controlling the bank" (l.133): whose
            # it is while unspent, and that it went once spent, so the count left reads right
            text.append(f" +1 Banco ({banco['faction'][:3]})" if obs["banco"] else " (Banco's spent)", style="yellow")
    else:
        text.append(f"{sep}set-up: {obs['phase']}")
    return text


def _working_banco(obs: dict) -> dict | None:
    """The Banco of the player whose turn it is, while it gives its extra action (l.133): not
    damaged, and not cut off (an isolated complex loses its special abilities, l.128)."""
    return next((g for g in obs["groups"] if g["owner"] == obs["active"] and g["complex_stats"]
                 and g["complex_stats"]["name"].startswith("Banco") and not g["damage"] and g["cut_by"] is None),
                None)


def _status_line(obs: dict, me: int, sep: str, short: bool = False) -> Text:
    """Who is asked what (when compact, only another seat: the moves below say what you are
    asked), the deck and the discard pile."""
    text = Text()
    if (obs["to_move"] >= 0 and not (obs["phase"] == "turn" and obs["to_move"] == obs["active"])
            and not (short and obs["to_move"] == me)):
        role = asked(obs, me)
        text.append("To move: ")
        if role.startswith("you "):             # the viewer's role says who: "you attack: ..."
            text.append(role, style="bold green")
        else:
            text.append(who(obs["to_move"], me), style="bold green" if obs["to_move"] == me else "bold")
            text.append(f" ({role})")
        text.append(sep)
    text.append(f"deck {obs['deck']}{sep}discard {obs['discard_pile']}")
    if obs["discard_top"]:
        text.append(", top: ").append(short_name(obs["discard_top"]) if short else kind_name(obs["discard_top"]),
                                      style="cyan")
    return text


def _markers(obs: dict, me: int, sep: str) -> Text | None:
    parts = []
    if obs["bad_weather_before"] is not None:
        parts.append(Text(f"Bad Weather before {who(obs['bad_weather_before'], me)}", style="cyan"))
    if obs["un_protects"] is not None:
        parts.append(Text(f"UN protects {who(obs['un_protects'], me)}", style="cyan"))
    if obs["atrocity"]:
        parts.append(Text("atrocity this round", style="magenta"))
    if obs["sudden_death"] is not None and obs.get("winner") is None:
        parts.append(Text(f"sudden death at {obs['sudden_death']}", style="bold red"))
    if obs["second_deck"]:
        parts.append(Text("second deck", style="yellow"))
    if obs.get("revolution_played"):
        parts.append(Text("Revolution played", style="bold red"))
    if obs["playing"]:
        parts.append(Text(f"playing {kind_name(obs['playing'])}", style="bold yellow"))
    return Text(sep).join(parts) if parts else None


# ------------------------------------------------------------------ seats and tallies

def _seats(obs: dict, me: int) -> Table:
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold dim underline")
    final = "won" if "variant" in obs else "final"        # the open duel scores rounds won
    for col, justify in (("seat", "left"), ("loyalty", "left"), ("score", "right"), ("hand", "right"),
                         ("ambush", "right"), (final, "right")):
        if col != final or "final_scores" in obs:
            table.add_column(col, justify=justify, no_wrap=True)
    for q, score in enumerate(obs["scores"]):
        name = Text(seat_name(q), style="bold green" if q == me else "bold")
        if q == me:
            name.append(" you", style="green")
        if q == obs["active"] and obs.get("winner") is None:      # nobody's turn once the round is over
            name.append(" ▶", style="yellow")
        loyalty = _loyalty(obs, q)
        row = [name, Text(loyalty or "?", style=FACTION_STYLE.get(loyalty, "dim")), str(score),
               str(obs["hand_sizes"][q]), str(obs["ambush_markers"][q])]
        if "final_scores" in obs:
            row.append(Text(str(obs["final_scores"][q]), style="bold yellow" if q == obs["winner"] else ""))
        table.add_row(*row)
    return table


def _tallies(obs: dict) -> Text:
    text = Text("Factions: ")
    for i, (faction, points) in enumerate(obs["faction_scores"].items()):
        if i:
            text.append(" · ")
        text.append(f"{faction} {points}", style=FACTION_STYLE[faction])
    return text


def _compact_seats(obs: dict, me: int) -> Text:
    """Every seat on one line (six seats fit 80 columns): loyalty when known, score in points,
    cards in hand, ambush marker; the faction tallies head their groups' lines."""
    text = Text()
    for q, score in enumerate(obs["scores"]):
        text.append(" " if q else "")
        text.append(seat_name(q) + ("▶" if q == obs["active"] and obs.get("winner") is None else ""),
                    style="bold green" if q == me else "bold")
        loyalty = _loyalty(obs, q)
        if loyalty:
            text.append(loyalty[0], style=FACTION_STYLE[loyalty])
        text.append(f" {score}p {obs['hand_sizes'][q]}c")
        if obs["ambush_markers"][q]:
            text.append(f" a{obs['ambush_markers'][q]}", style="magenta")
        if "final_scores" in obs:
            text.append(f" ={obs['final_scores'][q]}", style="bold yellow" if q == obs["winner"] else "")
    return text


# ------------------------------------------------------------------ groups

def _leader(g: dict, short: bool, nameless: bool = False) -> Text:
    """The leader's name (surname when short; none on a crowded compact table: "L3+1"),
    command rating and modifier."""
    half = g["leader_half"]
    if half is None:
        return Text("-" if not short else "", style="dim")
    name = "L" if nameless else half["name"].split()[-1] + " " if short else half["name"] + " "
    mod = f"{half['modifier']:+d}" if half["modifier"] else ""
    return Text(f"{name}{half['rating']}{mod}", style="bold")


def _units(g: dict) -> Text:
    """Strengths in order; those past the leader's command lie sideways (l.22). The Armor
    Column, an elite unit that never changes faction (l.121), is named."""
    s = g["strengths"]
    k = g["commanded"] if g["leader_half"] else len(s)     # a leaderless group has no sideways units
    if [kind_name(u) for u in g["units"]] == [ARMOR]:
        return Text(f"{ARMOR} {s[0]}", style="bold")
    text = Text(" ".join(map(str, s[:k])))
    if len(s) > k:
        text.append(" ↷" + " ".join(map(str, s[k:])), style="dim")
    return text


def _complex(g: dict, short: bool) -> Text:
    c = g["complex_stats"]
    if c is None:
        return Text("")
    name = c["name"].split()[0] if short else c["name"]
    text = Text(f"{name} DF{c['df']} VP{c['vp']}", style="yellow")
    if g["damage"]:
        text.append(f" dmg{g['damage']}" if short else f" damaged {g['damage']}", style="bold red")
    return text


def _supply(g: dict, short: bool = False) -> Text:
    """The matching supply cut / cutting supply markers (l.128): the isolated group names its
    cutter and is isolated from the cut ("A Group with supply cut is isolated"), its isolation
    modifier shown once its first marker is on; the cutter names the group it cuts."""
    text = Text()
    if g["cut_by"] is not None:
        text.append(f"cut by g{g['cut_by']}", style="bold magenta")
        modifier = f"-{g['isolation']}" if g["isolation"] else ""
        text.append(f" iso{modifier}" if short else f", isolated {modifier}".rstrip(), style="bold magenta")
    if g["cuts"] is not None:
        text.append(" " if text else "")
        text.append(f"cuts g{g['cuts']}", style="magenta")
    return text


def _group_marks(g: dict, obs: dict, short: bool) -> str:
    """In the battle (attacking ⚔, defending ⛨), or has attacked this turn (*), l.52."""
    battle = obs["battle"] or {}
    for key, word, mark in (("attacker", "attacking", "⚔"), ("with", "attacking", "⚔"),
                            ("defender", "defending", "⛨")):
        if g["id"] == battle.get(key):
            return mark if short else word
    if g["attacked"]:
        return "*" if short else "has attacked"
    return ""


def _group_table(obs: dict, me: int, faction: str, short: bool = False) -> Table | Text:
    """A faction's groups under its tally, a group to a row; when `short`, its leader by surname,
    its complex by its first word and its part in the battle by a mark, to stand beside the
    other faction's."""
    groups = [g for g in obs["groups"] if g["faction"] == faction]
    title = Text(f"{faction} {obs['faction_scores'][faction]}", style=FACTION_STYLE[faction])
    if not groups:
        return title.append(": no groups", style="dim")
    table = Table(title=title, title_justify="left", box=None, pad_edge=False,
                  padding=(0, 1), header_style="bold dim underline", expand=False)
    for col in ("grp", "owner", "leader", "units" if short else "units (↷ sideways)", "complex", ""):
        table.add_column(col, no_wrap=True)
    for g in groups:
        # short, the battle mark sits on the group's number ("g0⚔"), not at the row's end,
        # where it would read as the next table's group beside it
        part = _group_marks(g, obs, short)
        marks = Text("" if short else part)
        supply = _supply(g, short)
        if supply:
            marks.append(", " if marks else "").append_text(supply)
        table.add_row(f"g{g['id']}{part if short else ''}",
                      Text(who(g["owner"], me), style="green" if g["owner"] == me else ""),
                      _leader(g, short), _units(g), _complex(g, short), marks)
    return table


def _side_by_side(obs: dict, me: int) -> Table:
    """The two factions' short tables next to each other."""
    pair = Table.grid(padding=(0, 3))
    pair.add_row(_group_table(obs, me, "Government", True), _group_table(obs, me, "Rebel", True))
    return pair


def _group_entries(obs: dict, me: int, faction: str) -> list[tuple[str, Text]]:
    """A faction's groups as short entries, each with the separator before it:
    g3 P1 Valdivia 3+1: 3 2 ↷1 Airfield DF3 VP2. A crowded table (six seats late in a round)
    names each owner once before his groups, the viewer's first: "you: g3 Valdivia 3+1: 3 2 ↷1 · g5 4
    │ P2: ..."; so does a table of five or six seats all along, so that the layout and the place
    of the viewer's groups do not change from one turn to the next as groups come and go."""
    groups = [g for g in obs["groups"] if g["faction"] == faction]
    seats = len(obs["scores"])
    by_owner = len(obs["groups"]) > CROWDED or seats >= CROWDED_SEATS
    if by_owner:
        groups.sort(key=lambda g: (g["owner"] - me) % seats)
    entries = []
    for i, g in enumerate(groups):
        owner = who(g["owner"], me)
        new_owner = not i or groups[i - 1]["owner"] != g["owner"]
        text = Text()
        if by_owner and new_owner:
            text.append(f"{owner}: ", style="green" if g["owner"] == me else "")
        text.append(f"g{g['id']}{_group_marks(g, obs, True)}", style="bold")
        if not by_owner:
            text.append(" ").append(owner, style="green" if g["owner"] == me else "")
        lead = _leader(g, True, nameless=by_owner)
        if lead:
            text.append(" ").append_text(lead).append(":")
        if g["strengths"]:
            text.append(" ").append_text(_units(g))
        if g["complex_stats"]:
            text.append(" ").append_text(_complex(g, True))
        supply = _supply(g, True)
        if supply:
            text.append(" ").append_text(supply)
        entries.append(("" if not i else " │ " if by_owner and new_owner else " · ", text))
    return entries


def _compact_groups(obs: dict, me: int, faction: str, title: str | None = None) -> RenderableType:
    """A faction's groups flowing on a few lines after its tally, a group never broken across
    two (see _group_entries)."""
    head = Text(f"{title or faction[:3]} {obs['faction_scores'][faction]}: ", style=FACTION_STYLE[faction])
    entries = _group_entries(obs, me, faction)
    if not entries:
        return head.append("none", style="dim")
    return _Entries(head, entries)


class _Entries:
    """A head and entries laid out line by line, as many entries on a line as fit, none broken
    unless it is wider than a line alone; a separator that would end a line is left out."""

    INDENT = "  "

    def __init__(self, head: Text, entries: list[tuple[str, Text]]):
        self.head, self.entries = head, entries

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        line, started = self.head.copy(), False
        for sep, entry in self.entries:
            if started and line.cell_len + len(sep) + entry.cell_len > options.max_width:
                yield line
                line, sep = Text(self.INDENT), ""
            line.append(sep if started else "", style="dim").append_text(entry)
            started = True
        yield line


class _Fitted:
    """The table with its groups in the first of `tables` that fits the width without cutting a
    column and leaves about a third of the screen's rows to the events once the table and the
    moves are drawn (cli/play/screen.py draws them first), else `flowing`; on a console without a
    height, the first that fits the width."""

    def __init__(self, head: list, tables: list, flowing, tail: list, obs: dict, me: int):
        self.head, self.tables, self.flowing, self.tail = head, tables, flowing, tail
        self.obs, self.me = obs, me

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        def rows(renderables) -> int:
            return sum(len(console.render_lines(r, options, pad=False)) for r in renderables)

        yield from self.head
        room = None
        if console.is_terminal:
            usable = console.height - 1                        # the prompt's row
            room = usable - (usable + 2) // 3 - rows(self.head) - rows(self.tail) - rows(_menu_rows(self.obs, self.me))
        chosen = self.flowing
        for layout in self.tables:
            if Measurement.get(console, options.update_width(WIDE), layout).maximum > options.max_width:
                continue                # it would cut a column
            if room is None or len(console.render_lines(layout, options, pad=False)) <= room:
                chosen = layout
                break
        yield chosen
        yield from self.tail


# ------------------------------------------------------------------ battle, trade, reaction, hand

def _battle(obs: dict, me: int) -> Text | None:
    """The battle under way: who attacks whom (the parties as they were when it began, so a
    captured complex is not shown attacking its captor), the mode, then the dice, the totals
    and the loss due (l.67-l.68)."""
    b = obs["battle"]
    if not b:
        return None
    owner = {g["id"]: g["owner"] for g in obs["groups"]}
    attacker = b.get("attacker_seat", owner.get(b["attacker"], -1))
    defender = b.get("defender_seat", owner.get(b["defender"], -1))
    if b.get("attempt"):
        return _attempt(obs, b, attacker, defender, me)
    if obs["phase"] == SUPPLY_CUT_STEP:         # a special attack (l.128), not a battle
        return Text("Supply Cut: ", style="bold red").append(
            f"{does(attacker, me, 'cut', 'supply')} with g{b['attacker']} (choosing the group to cut)")
    text = Text("Battle: ", style="bold red")
    text.append(f"{who(attacker, me)} attack{'s' * (attacker != me)} with ")
    if b.get("with", -1) >= 0:     # Air Assault's combined attack (l.119)
        text.append(f"g{b['attacker']} + g{b['with']} ")
    elif b.get("unit_card") and kind_name(b["unit_card"]) != ARMOR:
        # "Only one unit (owner chooses which) in a leaderless group can attack" (l.58)
        text.append(f"{kind_name(b['unit_card'])} of g{b['attacker']} ")
    else:
        text.append(f"g{b['attacker']} ")
    if b["defender"] >= 0:
        text.append(f"against {whose(defender, me)} g{b['defender']}")
        if obs["phase"] not in ("attacking unit", "target", "defender", "attack mode"):
            text.append((": " if b.get("armor_garrison") else ", ") + _defence(obs, b, attacker, me))
    else:
        text.append(f"(choosing the {'attacking unit' if obs['phase'] == 'attacking unit' else 'target'})",
                    style="dim")
    if b["loser"] >= 0:            # the dice are this battle's once a loser is known
        dice = (f"; d10s: {whose(attacker, me)} {b['rolls'][0]}, {whose(defender, me)} {b['rolls'][1]}"
                f"; totals {whose(attacker, me)} {b['totals'][0]} against {whose(defender, me)} {b['totals'][1]}"
                f"{_isolation_note(obs, b, attacker, defender, me)}")
        text.append(dice, style="bold")
        loser = attacker if b["loser"] == b["attacker"] else defender
        # losses at printed strength, a leader for one (l.68-l.69): not the victor's points
        if obs["phase"] == "losses":
            text.append(f"; {who(loser, me)} must lose at least {b['due']} strength in units "
                        f"({b['taken']} chosen so far)", style="bold")
        elif b["taken"] >= b["due"]:
            text.append(f"; {who(loser, me)} lost {b['taken']} strength ({b['due']} needed)"
                        + (f"; {b['left_alone']}, left alone, is eliminated too" if b.get("left_alone") else ""),
                        style="bold")
        else:                      # the due reached all under attack, which all went (l.68)
            text.append(f"; {_all_lost(obs, b, loser, me)}", style="bold")
    if obs["doubled"]:
        loser = attacker if b["loser"] == b["attacker"] else defender if b["loser"] >= 0 else -1
        text.append("; doubled: ").append_text(Text(", ").join(
            Text(_doubled(obs, card, loser, me), style="cyan") for card in obs["doubled"]))
    return text


def _isolation_note(obs: dict, b: dict, attacker: int, defender: int, me: int) -> str:
    """The isolation modifiers on the battle's dice, which its totals include (l.67, l.128): " (P3's
    isolation -1)"; a combined attack's is the larger of its two (RULES.md reading 20). A group
    gone from the table no longer shows it."""
    iso = {g["id"]: g["isolation"] for g in obs["groups"]}
    sides = ((attacker, max(iso.get(b["attacker"], 0), iso.get(b.get("with", -1), 0))),
             (defender, iso.get(b["defender"], 0)))
    parts = [f"{whose(seat, me)} isolation -{n}" for seat, n in sides if n]
    return f" ({', '.join(parts)})" if parts else ""


def _attempt(obs: dict, b: dict, attacker: int, defender: int, me: int) -> Text:
    """An assassination (the Assassin's or the Policia's), an air strike, a demolition or
    propaganda under way: who tries it on what, never as a battle's sides and mode; a leader
    by the half in play."""
    text = Text(f"{b['attempt'][0].upper()}{b['attempt'][1:]}: ", style="bold red")
    verb = "tries to kill" if b["attempt"] in ("Policia", "Assassin") else "targets"
    if attacker == me:
        verb = "try to kill" if verb == "tries to kill" else "target"
    text.append(f"{who(attacker, me)} {verb} ")
    target = f"{whose(defender, me)} g{b['defender']}"
    if not b["named_card"]:
        return text.append(target)
    g = next((g for g in obs["groups"] if g["id"] == b["defender"]), None)
    name = (g["leader_half"]["name"] if g is not None and g["leader"] == b["named_card"]
            else kind_name(b["named_card"]))
    return text.append(f"{name} of {target}")


def _all_lost(obs: dict, b: dict, loser: int, me: int) -> str:
    """Everything under attack went (l.68); a complex beaten beyond its garrison is captured
    instead of taking losses, once that garrison is lost (l.75: "Units and leaders
    garrisoning a complex must be the first to take losses")."""
    its = "your" if loser == me else "its"
    target = next((g for g in obs["groups"] if g["id"] == b["defender"]), None)
    if (target is not None and target["complex_stats"] and b["loser"] == b["defender"]
            and target["owner"] != b["defender_seat"]):
        name = target["complex_stats"]["name"]
        must = f"{who(loser, me)} had to lose {b['due']} strength: "
        if not b["taken"]:
            return must + f"the {name}, which had no garrison, is captured"
        return must + f"{its} garrison ({b['taken']}) is lost, then the {name} is captured"
    return all_lost(loser, me, b["due"], b["taken"], past=True)


def _doubled(obs: dict, card: str, loser: int, me: int) -> str:
    """A unit doubled by an Ambush or an Arms Cache (l.120, l.122), with whose it is and its
    group ("your Unit 2/2 of g0"); one no longer on the table was lost by the battle's loser."""
    g = next((g for g in obs["groups"] if card in g["units"]), None)
    if g is None:
        return f"{whose(loser, me)} {kind_name(card)} (eliminated)" if loser >= 0 else kind_name(card)
    return f"{whose(g['owner'], me)} {kind_name(card)} of g{g['id']}"


def _defence(obs: dict, b: dict, attacker: int, me: int) -> str:
    """What defends: a complex with its garrison, or alone (l.67: "the DF of any complex, the
    group leader's command modifier"); the units the attacker named against a leaderless group
    (l.58); else the attack's mode (l.60-l.63). Once the defender's losses are placed the table
    no longer shows what defended, so a complex is then named alone, never as ungarrisoned."""
    target = next((g for g in obs["groups"] if g["id"] == b["defender"]), None)
    if b.get("armor_garrison"):     # the garrison before the complex (l.121)
        return b["armor_garrison"]
    if b["mode"] == MODE_SINGLE and b["named"] >= 0:
        # the attacker's Ambush may "select a single unit in the defending group as the only defender" (l.120)
        return f"{kind_name(b['named_card'])} alone, singled out by {whose(attacker, me)} Ambush"
    if target is not None and target["complex_stats"]:
        name = target["complex_stats"]["name"]
        if b["loser"] == b["defender"] and obs["phase"] != "losses":
            return f"the {name}" + (" (captured)" if target["owner"] != b["defender_seat"] else "")
        return _garrison(target, name)
    if b["named"] >= 0 and b["mode"] not in (MODE_SINGLE, MODE_ARMOR, MODE_SIDEWAYS) and (
            target is None or target["leader"] is None):
        unit = kind_name(b["named_card"])
        if target is None:                 # the group is gone with the unit that defended
            return f"{unit} defending"
        if [c.endswith(f"(card {b['named']})") for c in target["units"]] == [True]:
            return f"its only unit, {unit}"
        named = [b["named_card"], *b["also_cards"]]
        text = f"the units {who(attacker, me)} named: {listed([kind_name(c) for c in named])}"
        if len(named) < 2:
            return text
        # no leader combines them (l.57): the strongest defends, all named may be lost (reading 8)
        best = b["strongest"]
        return (text + f" (no leader combines them: the strongest, {best['name']}, defends with "
                       f"{best['strength']}; all {len(named)} may be lost)")
    if b["mode"] == MODE_ARMOR and b["named"] >= 0:
        # "If attacking an Infantry Rebel group, the defender decides which unit is attacked" (l.121)
        return f"{kind_name(b['named_card'])}, the unit {who(b['defender_seat'], me)} chose"
    if b["mode"] == MODE_COMMANDED and not _has_sideways(target):
        return MODE_TEXT[MODES["all"]]         # no part was chosen: nothing lies sideways (l.60)
    return MODE_TEXT[b["mode"]]


def _has_sideways(g: dict | None) -> bool:
    """Whether a group has units beyond its leader's command rating, turned sideways (l.22)."""
    return g is not None and g["leader"] is not None and len(g["units"]) > g["commanded"]


def _garrison(g: dict, name: str) -> str:
    """A complex and the garrison defending it, named card by card (l.17: "a garrison of up to
    one unit and/or a leader"); its leader is a garrison on his own (l.126)."""
    leader = g["leader_half"]
    if not g["units"] and leader is None:
        return "the complex alone (no garrison)"
    if not g["units"]:
        return f"the {name} and its garrison, the leader {leader['name']} alone (no unit)"
    units = " and ".join(map(kind_name, g["units"]))
    return f"the {name} and its garrison: {units}" + (f" and the leader {leader['name']}" if leader else "")


def _trade(obs: dict, me: int, short: bool = False) -> Text | None:
    """The offer and the counter-offers laid (l.87); when `short`, leaders by their surnames."""
    laid = obs.get("trade")
    if not laid:
        return None
    text = Text("Trade: ", style="bold cyan")
    n = len(obs["scores"])
    order = sorted(laid.items(), key=lambda kv: (int(kv[0]) - obs["active"]) % n)   # offer first
    for i, (seat, cards) in enumerate(order):
        q = int(seat)
        if i:
            text.append("; ")
        verb = "offers" if q == obs["active"] else "counters"
        text.append(f"{who(q, me)} {verb if q != me else verb[:-1]} ", style="bold")
        up = _cards(cards["face_up"], "", short)
        down = cards["face_down"]
        text.append_text(up)
        if down:
            if up:
                text.append(" + ")
            if isinstance(down, list):
                text.append("face down: ").append_text(_cards(down, short=short))
            else:
                text.append(f"{down} face down", style="italic")
    return text


def _reaction(obs: dict, me: int) -> Text | None:
    r = obs["reaction"]
    if not r:
        return None
    text = Text(f"Reaction window ({r['window']}): ", style="bold magenta")
    if r["step"] != "reaction":
        text.append(f"{r['step']}, ")
    return text.append(f"{who(r['asked'], me)} to answer")


def _hand(obs: dict, me: int, short: bool) -> Text:
    mine = _loyalty(obs, me)
    text = Text("You are ", style="bold")
    text.append(mine or "without a loyalty marker yet", style=FACTION_STYLE.get(mine, "dim"))
    n, limit = len(obs["hand"]), obs["hand_limit"]
    # "A player may hold a maximum number of cards in hand at the end of his turn" (l.15): more
    # is no breach until then (the initial deal is eight, l.32; a withdrawal, l.47)
    over = " — limit checked at your turn's end" if n > limit else ""
    if obs.get("to_return") and obs["to_move"] == me:       # but a trade may not end over it (l.88)
        over = f" — return {obs['to_return']['count']} now, as the trade ends"
    text.append(f"   Your hand ({n} of {limit}){over}: ", style="bold")
    laid = _laid_by(obs, me)
    shown_apart = set(obs.get("picked") or ()).union(laid, *(obs.get("my_plan") or ()),
                                                     *(obs.get("held") or {}).values())
    text.append_text(_cards([c for c in obs["hand"] if c not in shown_apart], short=short))
    for faction, cards in (obs.get("held") or {}).items():     # the Barracks' cards (l.134)
        text.append(f"   to deploy as {faction} (Barracks): ", style="bold")
        text.append_text(_cards(cards, short=short))
    if laid and not short:                 # compact: the trade's line names them (_trade)
        text.append("   laid in the trade: ", style="bold").append_text(_cards(laid, short=short))
    if obs.get("picked"):
        text.append(f"   {_picked_label(obs, me)}: ", style="bold").append_text(_cards(obs["picked"], short=short))
    if obs.get("my_plan"):
        text.append("   your plan:", style="yellow")
        for grp, faction in zip(obs["my_plan"], obs["my_plan_factions"]):
            text.append(f" {faction}", style=FACTION_STYLE[faction])
            text.append(" [").append_text(_cards(grp, short=short)).append("]")
    return text


def _laid_by(obs: dict, me: int) -> list[str]:
    """The cards the viewer has laid in the trade under way, face up or down (l.87: "The
    offering player places the cards he is offering before him"): still his, shown apart from
    the rest of his hand."""
    mine = (obs.get("trade") or {}).get(str(me)) or {}
    down = mine.get("face_down")
    return [*mine.get("face_up", ()), *(down if isinstance(down, list) else ())]


def _picked_label(obs: dict, me: int) -> str:
    """The cards picked so far; while the victor orders the loser's cards onto the discard pile
    (l.72: "The victor decides the order in which they go there"), they are the loser's, apart
    from the hand."""
    b = obs["battle"] or {}
    if obs["phase"] != "order of the losses" or not b:
        return "picked"
    loser = b["defender_seat"] if b["loser"] == b["defender"] else b["attacker_seat"]
    return f"not your hand: {whose(loser, me)} losses to place on the discard pile"


def _inspected(obs: dict, me: int) -> Text | None:
    """The hand a Recon Patrol inspects, shown to its player alone (l.127)."""
    seen = obs.get("inspected")
    if not seen:
        return None
    return Text(_inspected_words(seen, me) + ": ", style="bold cyan").append_text(_cards(seen["hand"]))


def _inspected_words(seen: dict, me: int) -> str:
    return f"Recon Patrol (your g{seen['group']}): {whose(seen['seat'], me)} hand, seen in secret"


def _result(obs: dict, me: int) -> Text | None:
    if obs.get("winner") is None:
        return None
    return Text(f"Round over: {who(obs['winner'], me)} win{'s' * (obs['winner'] != me)}",
                style="bold yellow")


def _extras(obs: dict, me: int, short: bool = False) -> list:
    """The battle, the trade (leaders by surname when compact), the reaction window (in the
    status line when compact) and the round's result."""
    reaction = None if short else _reaction(obs, me)
    return [x for x in (_battle(obs, me), _palace(obs, me), _ability_target(obs, me), _trade(obs, me, short), reaction,
                        _inspected(obs, me), _result(obs, me)) if x is not None]


def _ability_target(obs: dict, me: int) -> Text | None:
    """An ability's or a targeted card's target being chosen (an air strike, an assassination,
    propaganda, a demolition, a repair ...): no battle, what is being chosen."""
    asked = obs.get("ability_target")
    if not asked:
        return None
    return Text(f"{asked['ability']}: ", style="bold").append(f"{does(obs['active'], me, 'choose')} {asked['target']}")


def _palace(obs: dict, me: int) -> Text | None:
    """The Palace's new leader being chosen (l.138): no battle, what is being chosen (the
    leader picked is on the hand's line)."""
    palace = obs.get("palace")
    if not palace:
        return None
    chosen = (f"the leader to send from {whose(obs['active'], me)} hand" if palace["step"] == "leader"
              else "the group for the new leader")
    return Text("Palace: ", style="bold").append(f"{does(obs['active'], me, 'choose')} {chosen}")


# ------------------------------------------------------------------ layouts

def render(observation: dict, seat: int) -> RenderableType:
    """The table as `seat` sees it; in full on a roomy console (100×40), else compact (80×24)."""
    return BySize(lambda: _full(observation, seat), lambda: _compact(observation, seat))


def _full(obs: dict, me: int) -> RenderableType:
    """The groups a faction to a table, the two side by side, or flowing, as the rows allow."""
    sep = " · "
    head = [_turn_line(obs, me, sep), _status_line(obs, me, sep)]
    marks = _markers(obs, me, sep)
    if marks:
        head.append(marks)
    head.append(_seats(obs, me))
    tables = [Group(*(_group_table(obs, me, f, short) for f in FACTIONS)) for short in (False, True)]
    tables.insert(1, _side_by_side(obs, me))
    flowing = Group(*(_compact_groups(obs, me, f, f) for f in FACTIONS))
    return _Fitted(head, tables, flowing, [*_extras(obs, me), _hand(obs, me, False)], obs, me)


def _compact(obs: dict, me: int) -> RenderableType:
    """About a third of the rows: every line holds several facts, no frames."""
    sep = " · "
    head = _turn_line(obs, me, sep)
    head.append(sep).append_text(_status_line(obs, me, sep, short=True))
    marks = _markers(obs, me, sep)
    if marks:
        head.append(sep).append_text(marks)
    parts = [head, _compact_seats(obs, me), *(_compact_groups(obs, me, f) for f in FACTIONS),
             *_extras(obs, me, True), _hand(obs, me, True)]
    return Group(*parts)


def _menu_rows(obs: dict, me: int) -> list:
    """What the play screen draws under the table when the viewer is to move (cli/play/screen.py):
    its heading, the note on the decision and the moves; their rows are not the events'."""
    menu = obs.get("menu")
    if not menu:
        return []
    note = decision_note(obs, me)
    return [Text("Your turn. Legal moves:"), *([Text(note)] if note else []), _menu_layout(_shown(obs, me))]


# ------------------------------------------------------------------ what is asked, the menu

# What the seat to move is asked, by the step (the view's phase names), with its role.
_ATTACK_STEPS = {"attacking unit": "you attack: choose the attacking unit",
                 "retreat": "you defend: an Informant offers your group a retreat before combat "
                            "(accept: its cards go back to your hand, no battle)",
                 "target": "you attack: choose the target",
                 "attack mode": "you attack: which units you attack",
                 "sortie": "you attack: the cards that sortie",
                 "garrison": "you won: garrison the captured complex",
                 # l.72: "This may be significant if the Barracks or Port complexes are in play"
                 "order of the losses": "you won: the order of the losses on the discard pile; the last put is "
                                        "on top: the Barracks and the Port take back the card of their kind "
                                        "nearest the top",
                 "armor column: first target": "you attack with the Armor Column: choose the group",
                 "armor column: attack again": "you attack with the Armor Column"}


def asked(obs: dict, me: int) -> str:
    """The step the seat to move answers, naming its role when it is the viewer ("you attack:
    name the defending units", "you defend: the unit that faces the Armor Column")."""
    phase, b = obs["phase"], obs["battle"] or {}
    if obs["reaction"] and phase == "reaction":
        phase = f"{obs['reaction']['window']} reaction"
    if obs["to_move"] != me:
        return phase
    if phase == "defender":
        if b.get("mode") == MODE_ARMOR:
            return "you defend: the unit that faces the Armor Column"
        return ("you attack: name the defending units (no leader combines them: the strongest unit named "
                "defends alone, and every unit named may be lost)")
    if phase == "ambush":                      # the Ambush singles out; an Arms Cache only doubles
        single = any(m.startswith("single out") for m in obs.get("menu") or ())
        return ("you attack: double your unit" + (" or single out a defender" if single else "")
                if b.get("attacker_seat") == me else "you defend: double a defending unit")
    if phase == "losses":
        return (f"you lost: eliminate units worth at least {b.get('due', 0)} strength "
                f"(printed strength; a leader counts 1)")
    return _ATTACK_STEPS.get(phase, phase)


def decision_note(obs: dict, me: int) -> str | None:
    """The role and the ask above the moves, when a step is a battle's or a choice of cards;
    why an Ambush held is not offered."""
    text = asked(obs, me)
    if text != obs["phase"]:
        return text[0].upper() + text[1:] + "." + _no_ambush(obs, me) + _not_offered(obs, me)
    if obs["phase"] == "trade: lay cards":       # l.87: offers, counter-offers, one accepted or none
        if obs["active"] == me:
            return ("Your trade offer: lay the cards one by one, face up or down, then end it; the others "
                    "counter-offer and you accept one or none (what you want in return is not asked: "
                    "the counter-offers are the answer).")
        # l.87: "He then says what he wants in return": no speech here (RULES.md reading 36)
        return (f"Your counter-offer to {who(obs['active'], me)}: an offer names no wants in Partisan, so "
                f"counter with any cards (`rules trade`); lay them one by one, face up or down, then end it "
                f"(or offer nothing); {who(obs['active'], me)} accepts one or none.")
    if "not_turnable" in obs:
        return _turncoat_note(obs, me)
    if refused := not_offered(obs, me):
        return refused
    if obs.get("to_return") and obs["to_move"] == me:
        back = obs["to_return"]
        return (f"The trade put you over your hand capacity: return {counted(back['count'], 'card')} to "
                f"{who(back['to'], me)} now, one at a time (no one may finish a trade over his capacity).")
    if _discarding(obs):      # l.91: "He must reveal only the last card discarded": order counts
        return ("Discard up to four cards, one at a time: the first you pick goes on top of the pile, shown; "
                "the others go under it, face down." + _held_kept(obs))
    if obs["phase"] in ("initial deployment", "pick cards") and not _choosing_side(obs):
        full = obs.get("pick_limit")
        left = obs.get("complexes_left")
        return ("Pick the cards one by one, in any order; done when the choice is complete."
                + (f" Not offered: {listed(full['cards'])} ({'the group is full: ' * full['full']}{full['why']})."
                   if full else "")
                + (f" Every complex must be deployed before your deployment ends: {listed(left)} "
                   f"{'is' if len(left) == 1 else 'are'} still in your hand." if left else ""))
    skips = sorted({m[-1] for m in obs.get("menu") or () if m[-3:-1] == f" {SKIP_MARK}"})
    if skips:
        return f"{SKIP_MARK}{skips[0]}: skips a whole phase on to {skips[0]}; any move ends the phases before its own."
    return None


def not_offered(obs: dict, me: int) -> str | None:
    """Why the viewer's own Rebel complexes are not offered to destroy: "Destroying a complex
    counts as an attack, so a group which took control of a complex could not destroy it on the
    same turn unless an Arms Cache event card was played" (l.76)."""
    refused = (obs.get("ability_target") or {}).get("not_offered")
    if obs["to_move"] != me or not refused:
        return None
    return f"Not offered: {listed(refused)} (taken or attacked with this turn: destroying counts as an attack)."


_NOT_TURNABLE = {"palace": "{holds} the Presidential Palace, so {whose} groups are excluded",
                 "armor": "the Armor Column never changes faction"}


_TURNCOAT_ASK = {"revolution: turn a group": "The Revolution: turn one deployed Government group Rebel.",
                 "traitors": "The Traitors: play them on one deployed leader or complex."}


def _turncoat_note(obs: dict, me: int) -> str:
    """The Revolution's second step or the Traitors' target, and why some groups are not offered
    (l.139: "his groups are excluded from the change of faction"; l.140: "except those belonging
    to a player controlling the ... Presidential Palace"; l.121: "Never changes faction")."""
    text = _TURNCOAT_ASK[obs["phase"]]
    excluded = {}
    for x in obs["not_turnable"]:
        excluded.setdefault((x["why"], x["owner"]), []).append(f"g{x['group']}")
    parts = [f"{whose(q, me)} {listed(ids)} ({_NOT_TURNABLE[why].format(holds=does(q, me, 'hold'), whose='your' if q == me else 'his')})"
             for (why, q), ids in excluded.items()]
    return text + (f" Not offered: {'; '.join(parts)}." if parts else "")


def _choosing_side(obs: dict) -> bool:
    """The side of a group being chosen (l.37: "The owning player may choose whether units and
    leaders will be Government or Rebel"): no card is picked at this step."""
    return any(m.startswith("deploy the group as ") for m in obs.get("menu") or ())


def _discarding(obs: dict) -> bool:
    return any(m.endswith(("on top (shown)", "under it (face down)")) for m in obs.get("menu") or ())


def _held_kept(obs: dict) -> str:
    """At a discard, why the Barracks' cards are not offered: "Place retrieved cards face down on
    the table until deployed" (l.134), so they are not in the hand to discard (RULES.md
    reading 34), though they count towards its capacity."""
    if not obs.get("held"):
        return ""
    return (" The cards the Barracks retrieved lie on the table until deployed: they cannot be discarded, "
            "though they count towards your hand capacity.")


def _no_ambush(obs: dict, me: int) -> str:
    """In a battle's reaction window against a complex, why the Ambush the viewer holds (and the
    ambush marker, which acts as one, l.79) is not offered: it "Cannot be played on a complex"
    (l.120), garrisoned or not (RULES.md reading 17)."""
    b, reaction = obs["battle"] or {}, obs["reaction"] or {}
    if reaction.get("window") != "battle" or reaction.get("asked") != me:
        return ""
    target = next((g for g in obs["groups"] if g["id"] == b.get("defender")), None)
    if target is None or not target["complex_stats"]:
        return ""
    held = ["your Ambush"] if any(kind_name(c) == "Ambush" for c in obs["hand"]) else []
    if target["owner"] == me and obs["ambush_markers"][me]:
        held.append("your ambush marker")
    if not held:
        return ""
    return (f" No Ambush here: {' and '.join(held)} cannot be used, as the Ambush \"Cannot be played on a "
            f"complex\" and g{target['id']} is the {target['complex_stats']['name']}.")


def _not_offered(obs: dict, me: int) -> str:
    """In a battle's reaction window, why a card the viewer holds for battles is not on the
    menu (the Ambush against a complex: _no_ambush): the Arms Cache doubles "one unit" of a
    Rebel group (l.122), the attacker's in his own turn (RULES.md reading 21); the Ambush is the
    attacker's or the defender's (l.120), "Can only be played on the Armor Column in defence",
    no unit doubled twice; the Informant cancels an Ambush card or lets a Rebel group retreat
    (l.126); Atrocities and Press come "immediately after a battle" (l.124); the Bodyguard
    against an Assassin or the Policia (l.125). Only at the reaction menu itself: a step inside
    it (the unit an Ambush doubles) offers no card, whatever the player holds."""
    b, reaction = obs["battle"] or {}, obs["reaction"] or {}
    if reaction.get("window") != "battle" or reaction.get("asked") != me or obs["phase"] != "reaction":
        return ""
    held = {kind_name(c) for c in obs["hand"]}
    menu = " ".join(obs.get("menu") or ())
    groups = {g["id"]: g for g in obs["groups"]}
    attacking, target = groups.get(b.get("attacker")), groups.get(b.get("defender"))
    reasons = []
    if "Arms Cache" in held and "play Arms Cache" not in menu:
        reasons.append(("Arms Cache", "only the attacker doubles a unit with it, in his own turn"
                        if b.get("attacker_seat") != me else "Rebel groups only"
                        if attacking is not None and attacking["faction"] != "Rebel" else "every attacking unit is doubled already"))
    if "Ambush" in held and "play Ambush" not in menu and not (target and target["complex_stats"]):
        armor = attacking is not None and [kind_name(u) for u in attacking["units"]] == [ARMOR]
        reasons.append(("Ambush", "only the attacker and the defender play it"
                        if me not in (b.get("attacker_seat"), b.get("defender_seat"))
                        else "against the Armor Column only in defence" if armor and b.get("attacker_seat") == me
                        else "no unit it could double or single out is left"))
    if "Informant" in held and "play Informant" not in menu and "refuse combat" not in menu:
        retreat = ("the retreat was offered already" if target is not None and target["faction"] == "Rebel"
                   and target["units"] else f"g{b.get('defender')} is no Rebel group with units to retreat")
        reasons.append(("Informant", f"no Ambush card to cancel, and {retreat}"))
    if "Atrocities/Press" in held:
        reasons.append(("Atrocities/Press", "played after the battle"))
    if "Bodyguard" in held:
        reasons.append(("Bodyguard", "against an Assassin or the Policia only"))
    if not reasons:
        return ""
    return " Not offered now: " + "; ".join(f"your {card} ({why})" for card, why in reasons) + "."


def move_text(state, action: int, seat: int) -> str:
    """A move in the menu's words (the hint's and undo's), never a card's internal number."""
    return move_phrase(state, action, seat)


def untold(state, action: int, seat: int) -> bool:
    """Whether the play screen leaves the move out of `seat`'s events (the log keeps it): a pass
    in a reaction window, which every seat is asked in turn at every battle. A seat's pass reads
    the same whether or not it held a card to play (its hand is secret), so none is told: a
    reaction is told by the card played. The choice not to roll an ambush marker, which every
    seat sees, is told."""
    actor = state.current_player()
    if actor < 0 or state.action_to_string(action) != "no reaction":
        return False
    if actor == seat and state.legal_actions() == [action]:     # nothing to play: not even a choice
        return True
    return state.describe_action(action, seat) == f"{who(actor, seat)}: no reaction"


# A turn's moves by what a player needs first on a short menu (cli/play/screen.py keeps them
# first): his attacks and the cards he plays, then the turn's main actions and his own groups'
# reinforcements; the rest (withdrawals, sorties, rearranging, another's group reinforced) last.
_ATTACKS = ("attack with ", "attack again with ", "play ", "air strike", "assassination", "propaganda",
            "destroy a Rebel complex")
_MAIN = ("end the turn", "draw cards", "deploy a new group", "discard cards", "offer a trade", "retrieve a card",
         "repair a complex", "new leader", "deploy free", "reinforce your ")


# The turn's moves of phase A alone, withdrawals and rearranging (l.45-l.49, l.26): the first
# move of a later phase ends it (l.44) and they vanish, so they are numbered last and the other
# moves keep their numbers from one screen of the turn to the next.
_PHASE_A = ("withdraw ", "bring ")


def menu_order(obs: dict, me: int) -> list[int] | None:
    """The order the turn's menu lists and numbers the legal moves in (cli/console.py
    menu_actions), as indices of the legal moves: phase A's last (_PHASE_A); None at any other
    step, whose menu keeps the legal moves' order."""
    menu = obs.get("menu")
    if not menu or obs["phase"] != "turn" or obs["active"] != me:
        return None
    return sorted(range(len(menu)), key=lambda i: (menu[i].startswith(_PHASE_A), i))


def _shown(obs: dict, me: int) -> list[str]:
    """The menu's moves in the order it numbers them (menu_order)."""
    menu, order = obs.get("menu") or [], menu_order(obs, me)
    return [menu[i] for i in order] if order else menu


def menu_first(obs: dict, me: int) -> list[int] | None:
    """The numbers of the turn's moves, those a player needs most first ("end the turn", the
    move a player looks for, then _ATTACKS, then _MAIN, then the rest, each in menu order),
    for a menu too long for the screen, which shows those it keeps in menu order; None at any
    other step, whose menu keeps its own order."""
    menu = _shown(obs, me)
    if not menu or obs["phase"] != "turn" or obs["active"] != me:
        return None

    def need(move: str) -> int:
        move = move.split(f" {SKIP_MARK}")[0]
        return (-1 if move == "end the turn" else 0 if move.startswith(_ATTACKS)
                else 1 if move.startswith(_MAIN) else 2)

    return sorted(range(1, len(menu) + 1), key=lambda n: (need(menu[n - 1]), n))


def moves(obs: dict, me: int, texts: list[str]) -> RenderableType | None:
    """The moves as what they do ("double your Unit 3/2 of g5"); each may be typed as shown,
    by its number, or by its short text."""
    menu = obs.get("menu")
    if not menu or len(menu) != len(texts) or menu == texts:
        return None
    return _menu_layout(_shown(obs, me))


def _menu_layout(menu: list[str]) -> RenderableType:
    items = [Text(f"{i:>2}. ", style="cyan") + Text(m) for i, m in enumerate(menu, 1)]
    columns = Columns(items, padding=(0, 3))
    return columns if len(menu) <= SHORT_MENU else BySize(lambda: _Menu(columns, menu), lambda: _Runs(menu))


SHORT_MENU = 8        # moves a column layout shows in a few rows, at 80×24 too
MENU_ROWS = 8         # rows a long menu's columns may take on a roomy screen before it flows in runs


class _Menu:
    """A long menu on a roomy screen: in columns while they take at most MENU_ROWS rows, else
    flowing in runs under their verbs, whichever takes fewer rows, so that the screen's title
    and the events above stay in sight (a turn late in a round offers some 45 moves)."""

    def __init__(self, columns: Columns, menu: list[str]):
        self.columns, self.menu = columns, menu

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        def rows(renderable) -> int:
            return len(console.render_lines(renderable, options, pad=False))

        if rows(self.columns) <= MENU_ROWS:
            yield self.columns
            return
        flow = _Runs(self.menu, MENU_ROWS).flow(rows)
        yield flow if rows(flow) < rows(self.columns) else self.columns


class _Runs(Flow):
    """A long menu flowing in runs (_runs), naming the owner of each group not the player's
    ("P2's g3") when that takes no more rows than the group numbers alone, or than `room`; read
    as the runs of group numbers (menu_entries), which a shortened menu keeps."""

    def __init__(self, menu: list[str], room: int = 0):
        super().__init__(_runs(menu))
        self.named, self.room = Flow(_runs(menu, owners=True)), room

    def flow(self, rows) -> Flow:
        bare = Flow(self.runs, self.gap)
        return self.named if rows(self.named) <= max(rows(bare), self.room) else bare

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        yield self.flow(lambda renderable: len(console.render_lines(renderable, options, pad=False)))


_OBJECT = re.compile(r"^(?P<verb>.+?) (?P<owner>your|P\d+'s) (?P<object>g\d+)(?P<skip> →[A-F])?$")


def _runs(menu: list[str], owners: bool = False) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """The menu in runs for a compact screen: moves that differ only by their group, one after
    the other, under their verb and by the group's number, its owner shown on the table
    ("reinforce: 12. g0  13. g1") or, with `owners`, named when not the player
    ("reinforce: 12. P2's g0  13. g1"); the others alone."""
    runs: list[tuple[str | None, list[tuple[int, str]]]] = []
    for i, move in enumerate(menu, 1):
        m = _OBJECT.match(move)
        after = _OBJECT.match(menu[i]) if i < len(menu) else None
        label = m and f"{m['verb']}{m['skip'] or ''}:"
        group = m and (f"{m['owner']} {m['object']}" if owners and m["owner"] != "your" else m["object"])
        if m and runs and runs[-1][0] == label:
            runs[-1][1].append((i, group))
        elif m and after and after["verb"] == m["verb"] and after["skip"] == m["skip"]:
            runs.append((label, [(i, group)]))
        else:
            runs.append((None, [(i, move)]))
    return runs


# ------------------------------------------------------------------ what changed

def changes(before: dict, after: dict, viewer: int | None) -> list[str]:
    """What an action did that its own line does not say: cards eliminated or gone back to
    hand, complexes captured or destroyed, groups that changed faction, points scored, the
    loyalty markers a seat now knows (a Revolution's swap, l.139), and the round's end."""
    me = viewer                 # None: everyone (a finished game's replay) reads every seat by its name
    lines = (_deck_out(before, after) + _revolution(before, after, viewer) + _table_changes(before, after, me)
             + _cuts_back(before, after, me) + _isolation_grows(before, after, me) + _un_passes(before, after, viewer)
             + _armor_goes_on(before, after, me) + _ambush_undone(before, after, me))
    why = _rescored(before, after, me)
    told = _placed_own_loss(before, viewer)       # the move's line told the share it scored
    for faction, points in after["faction_scores"].items():
        if points != before["faction_scores"][faction] and not told:
            lines.append(f"{faction} tally {before['faction_scores'][faction]} → {points}"
                         + (f" ({why(points > before['faction_scores'][faction])})" if why else ""))
    won = _battle_won(before, me) if why is None else None
    for q, (s0, s1) in enumerate(zip(before["scores"], after["scores"])):
        if s0 != s1 and not told:
            lines.append(f"{who(q, viewer)}: {s1 - s0:+d} point{'s' * (abs(s1 - s0) != 1)} (now {s1})"
                         + (f" ({why(s1 > s0)})" if why else won(q) + _share(before, s1 - s0) if won else ""))
    if viewer is not None and before["hand_limit"] != after["hand_limit"]:
        lines.append(f"your hand capacity {before['hand_limit']} → {after['hand_limit']}: {after['hand_limit_why']}")
    seen = before.get("inspected")
    if seen and viewer is not None and viewer == before["seat"] and not after.get("inspected"):
        lines.append(f"{_inspected_words(seen, viewer)}: {', '.join(sorted(map(kind_name, seen['hand'])))}")
    lines += _loyalty_changes(before, after, after["seat"], viewer) + _dealt_red_returned(before, after, viewer)
    if after.get("winner") is not None and before.get("winner") is None:
        lines.append(f"Round over: {who(after['winner'], viewer)} "
                     f"win{'s' * (after['winner'] != viewer)} with {after['final_scores'][after['winner']]}")
    return lines


def _dealt_red_returned(before: dict, after: dict, viewer: int | None) -> list[str]:
    """The Bad Weather dealt in the viewer's hand, returned as the refill reaches the viewer
    (RULES.md section 4, note 2): it leaves the hand with no move of the viewer's to say so."""
    if viewer is None or before["phase"] not in ("initial deployment", "refill"):
        return []
    gone = [card for card in before["hand"] if card.startswith("Bad Weather") and card not in after["hand"]]
    return [f"your {kind_name(card)} is discarded at the refill: a red card dealt in a hand goes back into the "
            "deck like one drawn now, and another is drawn in its place (`rules 4`, note 2)" for card in gone]


def _placed_own_loss(before: dict, viewer: int | None) -> bool:
    """Whether the viewer put one of a battle's losses on the discard pile (l.72: "The victor
    decides the order in which they go there"): his own line says what share of the battle's
    points it scored, and his score and the tally show on the table, so they are not told
    again, which would fill a page at each card."""
    return viewer is not None and before["phase"] == "order of the losses" and before["to_move"] == viewer


def _share(before: dict, gained: int) -> str:
    """": 3 of its 8 points, 5 to come" after the battle named, for points a card ordered onto
    the discard pile scores (l.72), the battle's line having told them as due."""
    due = (before["battle"] or {}).get("points_due")
    if due is None or gained == due:
        return ""
    rest = due - before["battle"]["points"] - gained
    return f": the last of its {due} points" if rest == 0 else f": {gained} of its {due} points, {rest} to come"


def _sides(obs: dict, me: int) -> tuple[str, str, int] | None:
    """The battle under way in `obs` as its lines name its two sides (battle_sides: "P4's g0",
    "the sideways units of P2's g8") and the group combined with the attacker (-1 if none), so
    that its losses and points read alone; None when there is no battle (an attempt is none)."""
    b = obs["battle"]
    if not b or b.get("attempt") or b["attacker"] < 0:
        return None
    groups = {g["id"]: g for g in obs["groups"]}
    att, dfd = groups.get(b["attacker"]), groups.get(b["defender"])
    armor = att is not None and [kind_name(u) for u in att["units"]] == [ARMOR]
    side, target = battle_sides(b["attacker"], b["attacker_seat"], b.get("with", -1), b["defender"],
                                b["defender_seat"], b["mode"], me, armor, _has_sideways(dfd))
    return side, target, b.get("with", -1)


def _in_battle(g: dict, before: dict, me: int) -> str:
    """", attacked by P4's g0" or ", attacking P2's g8" after a group that lost cards in the
    battle under way, which names it; ", hit by P4's propaganda" after the target of an
    attempt; else nothing."""
    b = before["battle"]
    if b and b.get("attempt") and g["id"] == b["defender"]:
        return f", hit by {whose(b['attacker_seat'], me)} {b['attempt']}"
    sides = _sides(before, me)
    if sides is None:
        return ""
    side, target, partner = sides
    if g["id"] == b["defender"]:
        return f", attacked by {side}"
    if g["id"] in (b["attacker"], partner):
        return f", attacking {target}"
    return ""


def _battle_won(before: dict, me: int):
    """The battle a seat's points were won in: ", won by P4's g0 against P2's g8", the
    scoring seat's side first; None when no battle is under way."""
    sides = _sides(before, me)
    if sides is None:
        return None
    side, target, _ = sides
    attacker = before["battle"]["attacker_seat"]
    return lambda q: f", won by {side} against {target}" if q == attacker else f", won by {target} against {side}"


def _ambush_undone(before: dict, after: dict, me: int) -> list[str]:
    """What an Informant's cancelled Ambush no longer does (l.126: it "cancels the effects of an
    Ambush card"): the unit it doubled is no longer doubled, or the defender it singled out no
    longer defends alone (l.120); the Informant's own line says whose Ambush and who cancelled it."""
    b0, b1 = before["battle"] or {}, after["battle"] or {}
    window = (before["reaction"] or {}).get("window") == "battle" == (after["reaction"] or {}).get("window")
    if not window or (b0.get("attacker"), b0.get("defender")) != (b1.get("attacker"), b1.get("defender")):
        return []
    lines = []
    for card in (c for c in before["doubled"] if c not in after["doubled"]):
        lines.append(f"the Ambush is cancelled: {_doubled(after, card, -1, me)} is no longer doubled")
    if b0["mode"] == MODE_SINGLE and b1["mode"] != MODE_SINGLE and b0["named_card"]:
        lines.append(f"the Ambush is cancelled: {kind_name(b0['named_card'])} of {whose(b0['defender_seat'], me)} "
                     f"g{b0['defender']} no longer defends alone")
    return lines


def _armor_goes_on(before: dict, after: dict, me: int) -> list[str]:
    """An Armor Column's next attack on the same group begun with no move of its player (option
    armor_repeat=must: it "Must only stop when an attack fails to eliminate a defending unit or
    leader, or until the Rebel group refuses combat", l.121)."""
    b0, b1 = before["battle"] or {}, after["battle"] or {}
    armor = next((g for g in after["groups"] if g["id"] == b1.get("attacker")), {"units": []})
    ended = (before["reaction"] or {}).get("window") == "after the battle"
    begun = after["phase"] == "defender" or (after["reaction"] or {}).get("window") == "battle"
    if (not (ended and begun) or [kind_name(u) for u in armor["units"]] != [ARMOR]
            or (b0.get("attacker"), b0.get("defender")) != (b1.get("attacker"), b1.get("defender"))):
        return []
    owner = b1["defender_seat"]
    return [f"{whose(b1['attacker_seat'], me)} Armor Column must attack {whose(owner, me)} g{b1['defender']} "
            "again: it stops only when an attack eliminates nothing or the group refuses combat"]


def _deck_out(before: dict, after: dict) -> list[str]:
    """The draw pile exhausted: sudden death begins (3-4 players, or the second deck's end), or
    the discard pile becomes a second deck (5-6 players' first time), l.100-l.103."""
    if after["second_deck"] and not before["second_deck"]:
        return ["The deck is exhausted: the discard pile is shuffled into a second draw pile"]
    if after["sudden_death"] is None or before["sudden_death"] is not None:
        return []
    marker = after["sudden_death"]
    return [f"The deck is exhausted: sudden death begins. No more cards are drawn (the Port and the Barracks "
            f"still retrieve from the discard pile). The end of round marker is on {marker}: at the end of "
            f"each player's turn a d10 of the marker's number or more ends the round; otherwise the marker "
            f"moves down one"]


def _un_passes(before: dict, after: dict, viewer) -> list[str]:
    """The UN card in play moved by an atrocity to the player who suffered it (l.129)."""
    old, new = before["un_protects"], after["un_protects"]
    if old is None or new is None or old == new:
        return []
    return [f"the UN card passes to {who(new, viewer)}, who suffered the atrocity: it now protects {who(new, viewer)}"]


# Whose tally a kill outside battle feeds: the Assassin's, the faction opposed to the victim
# (RULES.md reading 24, an Assassin being no faction's); the Policia's, its own (l.136).
_KILL_SCORES = {"Assassin": "an Assassin's kill scores for the faction opposed to the leader's",
                "Policia": "a Policia kill scores for the Policia's faction, the leader's own"}


def _rescored(before: dict, after: dict, me: int):
    """Why points change without a battle's line: the Atrocities or Press played after it
    doubled or halved the battle's points (l.124), or the round ended and each complex scores
    its VP for whoever controls it (l.114); None elsewhere."""
    if after.get("winner") is not None and before.get("winner") is None:
        return lambda up: "the complexes held at the round's end score their VP, less damage and isolation"
    attempt = (before.get("battle") or {}).get("attempt")
    if attempt in _KILL_SCORES:
        return lambda up: _KILL_SCORES[attempt]
    if attempt in (*_ONE_UNIT, "demolition"):
        return lambda up: _attempt_points(before, after, me)
    if (before["reaction"] or {}).get("window") != "after the battle":
        return None
    sides = _sides(before, me)
    battle = f"the points of {sides[0]} against {sides[1]}" if sides else "this battle's points"
    return lambda up: f"{battle} {'doubled' if up else 'halved'} by the card played after it"


def _attempt_points(before: dict, after: dict, me: int) -> str:
    """What an air strike's, a propaganda's or a demolition's points are made of: the unit's
    printed strength and, when it was the last, its leader's "Command rating plus command
    modifier" (l.110-l.111), who dies left alone (l.70); or a complex destroyed, whose "victory
    point value" a Rebel destroyer scores (l.112): "propaganda on P2's g1: 2 for Unit 2/2, 3 for
    the leader left alone"."""
    b = before["battle"]
    g = next(g for g in before["groups"] if g["id"] == b["defender"])
    h = next((h for h in after["groups"] if h["id"] == g["id"]), {"units": [], "leader": None, "complex": None})
    if g["complex"] and h["complex"] != g["complex"]:
        parts = [f"{g['complex_stats']['vp']} for the {g['complex_stats']['name']} destroyed"]
    else:
        parts = [f"{v} for {_short_card(u)}" for u, v in zip(g["units"], g["strengths"]) if u not in h["units"]]
        lead = g["leader_half"]
        if lead and h["leader"] != g["leader"]:
            parts.append(f"{max(0, lead['rating'] + lead['modifier'])} for the leader left alone")
    return f"{b['attempt']} on {whose(g['owner'], me)} g{g['id']}: {', '.join(parts)}"


def _is_playing(obs: dict, card: str) -> bool:
    return bool(obs["playing"]) and kind_name(obs["playing"]) == card


def _revolution(before: dict, after: dict, viewer) -> list[str]:
    """The Revolution drawn, announced with what follows (l.139)."""
    if _is_playing(before, REVOLUTION) or not _is_playing(after, REVOLUTION):
        return []
    drawer = after["active"]
    return [f"The Revolution! {does(drawer, viewer, 'draw', 'it')}: {who(drawer, viewer)} may swap the "
            f"loyalty markers of two players (never a Palace holder's), then turn"
            f"{'s' * (drawer != viewer)} one Government group Rebel"]


def _table_changes(before: dict, after: dict, viewer: int) -> list[str]:
    old = {g["id"]: g for g in before["groups"]}
    new = {g["id"]: g for g in after["groups"]}
    placed = {c for g in after["groups"] for c in _cards_of(g)}
    lines = []
    for gi, g in old.items():
        left = [c for c in _cards_of(g) if c not in placed]
        if left:
            lines += _gone(g, left, before, after, viewer)
        h = new.get(gi)
        if h is None:
            continue
        if h["complex"] and g["complex"] == h["complex"] and h["owner"] != g["owner"]:
            lines.append(f"{does(h['owner'], viewer, 'capture', whose(g['owner'], viewer))} "
                         f"{_short_card(h['complex'])} (g{gi}, now {h['faction']})")
        elif h["faction"] != g["faction"] and h["owner"] == g["owner"]:
            lines.append(f"{whose(g['owner'], viewer)} g{gi} turns {h['faction']}"
                         + (" (the Revolution)" if _is_playing(before, REVOLUTION) else ""))
        if g["cut_by"] is not None and h["cut_by"] is None:     # relieved, or its cutter gone (l.128)
            lines.append(f"{whose(h['owner'], viewer)} g{gi} is no longer isolated (g{g['cut_by']}'s supply cut "
                         f"ends{_cut_discarded(g, before, after, viewer)})")
        if left:
            lines += _into_command(g, h, viewer)
    return lines + _formed(old, new, viewer)


def _cuts_back(before: dict, after: dict, viewer: int) -> list[str]:
    """The Supply Cuts that went back to their cutters' hands: "If an isolated group surrenders,
    changes faction, or is eliminated by propaganda, the supply cutter gets his supply cut card
    back in hand", as when it is overrun (l.128), with the reason (the line of a group still
    isolated before says a discarded card's fate, _table_changes)."""
    lines = []
    for g, cutter, back in _cuts_ended(before, after):
        if back:
            lines.append(f"{whose(cutter, viewer)} Supply Cut goes back to {'your' if cutter == viewer else 'his'} "
                         f"hand ({_why_back(g, before, after, viewer)})")
    return lines


def _isolation_grows(before: dict, after: dict, viewer: int | None) -> list[str]:
    """An isolated group's marker placed or raised: "A -1 Isolated marker goes on the group at
    the end of the owner's turn if still isolated and modifies all attack and defence die rolls
    made for that group. This modifier is increased by one each turn." (l.128); the group
    surrenders when it equals the group's highest unit strength or complex DF."""
    was = {g["id"]: g["isolation"] for g in before["groups"]}
    return [f"{whose(g['owner'], viewer)} g{g['id']}, isolated: its dice -{g['isolation']} (was "
            f"{'-' + str(was[g['id']]) if was[g['id']] else 'none'}; it surrenders when this reaches its "
            "strongest unit or complex)"
            for g in after["groups"] if g["id"] in was and g["isolation"] > was[g["id"]]]


def _cuts_ended(before: dict, after: dict) -> list[tuple[dict, int, bool]]:
    """Each supply cut link that ended (l.128): the group it isolated, the cutter's seat and
    whether the card went back to his hand (else to the discard pile, where it is seen: a link
    ended without its card reaching the pile went back). Of several ended at once, those with
    a reason to go back are taken to be the ones that did."""
    new = {g["id"]: g for g in after["groups"]}
    ended = [g for g in before["groups"] if g["cut_by"] is not None
             and (new.get(g["id"]) or {}).get("cut_by") != g["cut_by"]]
    ended.sort(key=lambda g: _why_back(g, before, after, 0) is None)
    back = len(ended) - (after.get("supply_cuts_discarded", 0) - before.get("supply_cuts_discarded", 0))
    owner = {c["id"]: c["owner"] for c in before["groups"]}
    return [(g, owner.get(g["cut_by"], -1), k < back) for k, g in enumerate(ended)]


def _why_back(g: dict, before: dict, after: dict, viewer: int) -> str | None:
    """Why the cut on group g ended with its card back in hand (l.128), or None."""
    h = next((h for h in after["groups"] if h["id"] == g["id"]), None)
    head = f"{whose(g['owner'], viewer)} g{g['id']}"
    if _surrender_to(g, before, after) is not None:
        return f"{head} surrendered"
    if h is not None and h["faction"] != g["faction"] and h["owner"] == g["owner"]:
        return f"{head}, which it cut off, changed sides"
    if h is None or not (h["units"] or h["leader"]):
        return f"{head}, which it cut off, was {'overrun' if h is not None else 'eliminated'}"
    return None


def _cut_discarded(g: dict, before: dict, after: dict, viewer: int) -> str:
    """"; P3's Supply Cut is discarded" when the link that isolated g ended with its card on
    the discard pile (l.128: "In certain circumstances it is returned to the player's hand
    rather than discarded")."""
    fate = next(((cutter, back) for e, cutter, back in _cuts_ended(before, after) if e["id"] == g["id"]), None)
    if fate is None or fate[1] or fate[0] < 0:
        return ""
    return f"; {whose(fate[0], viewer)} Supply Cut is discarded"


def _into_command(g: dict, h: dict, viewer: int) -> list[str]:
    """Sideways units a group's losses (or a part withdrawn) brought into command: "When a
    group contains more units than its leader's command rating, any excess units are turned
    sideways" (l.22), so with fewer units they serve under him again."""
    if g["leader"] is None or h["leader"] != g["leader"]:
        return []
    back = [u for u in g["units"][g["commanded"]:] if u in h["units"][:h["commanded"]]]
    if not back:
        return []
    names = ", ".join(map(_short_card, back))
    return [f"{whose(h['owner'], viewer)} g{h['id']}: {names} {'comes' if len(back) == 1 else 'come'} into command "
            f"(no longer beyond its leader's command rating, {h['leader_half']['rating']})"]


def _formed(old: dict, new: dict, viewer: int) -> list[str]:
    """Groups placed by this action, each by its number: from the hand (a deployment, l.82;
    the initial deployment's, one line a seat), split from a group (a sortie, l.59), or a
    garrison refusing combat as a group of its own (l.121)."""
    lines, placed = [], {}
    for gi, h in new.items():
        cards = set(_cards_of(h))
        if gi in old and cards & set(_cards_of(old[gi])):
            continue
        source = next((g for g in old.values() if cards & set(_cards_of(g))), None)
        if source is None:
            placed.setdefault(h["owner"], []).append(f"g{gi} ({h['faction']})")
        elif source["complex"]:
            lines.append(f"{whose(h['owner'], viewer)} garrison leaves the {_short_card(source['complex'])} "
                         f"(g{source['id']}) and forms g{gi}")
        else:
            lines.append(f"the sortie from {whose(source['owner'], viewer)} g{source['id']} becomes g{gi}")
    return [does(q, viewer, "form", ", ".join(groups)) for q, groups in placed.items()] + lines


def _gone(g: dict, left: list[str], before: dict, after: dict, viewer: int) -> list[str]:
    """Cards that left a group, by where they went: a complex only ever by its destruction
    (l.122, l.131); a surrender says so, why, and that the Supply Cut goes back to its
    player's hand (l.128) (the turn it ends may have ended with a draw, which a hand growing
    must not pass for the cards coming home); the others back to the owner's hand (a
    withdrawal, a retreat: his hand holds them, or grew by as many) or eliminated."""
    head = f"{whose(g['owner'], viewer)} g{g['id']}{_in_battle(g, before, viewer)}"
    lines = []
    cards = [c for c in left if c != g["complex"]]
    if g["complex"] in left:
        lines.append(f"{head}: {_short_card(g['complex'])} destroyed")
    successor = _palace_successor(g, left, after)
    if successor:
        cards.remove(g["leader"])
        lines.append(f"{head}: {_short_card(g['leader'])} replaced by {_short_card(successor)}, sent from "
                     "the Presidential Palace (discarded, no points)")
    if not cards:
        return lines
    names = ", ".join(map(_short_card, cards))
    cutter = _surrender_to(g, before, after)
    if cutter is not None:
        iso = g["isolation"] + 1
        lines.append(f"{head} surrenders, isolated -{iso}: {names} eliminated, the points to "
                     f"{who(cutter, viewer)} (cut off by {whose(cutter, viewer)} g{g['cut_by']}'s Supply Cut, "
                     f"its isolation reached its highest {_surrender_measure(g)}, {iso})")
        return lines
    if g["owner"] == viewer:
        home = all(c in after["hand"] for c in cards)
    else:
        home = after["hand_sizes"][g["owner"]] - before["hand_sizes"][g["owner"]] >= len(cards)
    if not home and _left_alone(g, cards, before):
        units = ", ".join(_short_card(c) for c in cards if c != g["leader"])
        lines.append(f"{head}: {units} eliminated; {_short_card(g['leader'])}, the leader left alone, dies")
        return lines
    lines.append(f"{head}: {names} {'back to hand' if home else 'eliminated'}")
    return lines


# The attempts that eliminate one unit (l.131, l.141): its leader goes only when left alone.
_ONE_UNIT = ("propaganda", "air strike")


def _left_alone(g: dict, cards: list[str], before: dict) -> bool:
    """Whether the leader among the `cards` group g lost went because an air strike or
    propaganda took its last unit: "Any leader left alone after losses are taken is
    eliminated" (l.70)."""
    attempt = (before["battle"] or {}).get("attempt")
    return attempt in _ONE_UNIT and g["leader"] in cards and len(cards) > 1


def _palace_successor(g: dict, left: list[str], after: dict) -> str | None:
    """The leader who took over group `g` whose own leader left it: only the Palace sends one
    into a led group, and "Any existing group leader is removed to the discard pile. No points
    are scored for this." (l.138)."""
    h = next((h for h in after["groups"] if h["id"] == g["id"]), None)
    if g["leader"] not in left or h is None or not h["leader"] or h["leader"] == g["leader"]:
        return None
    return h["leader"]


def _surrender_measure(g: dict) -> str:
    """What an isolation modifier reached makes a group surrender: "the highest complex DF or
    unit strength in the group" (l.128), whichever it was."""
    df = g["complex_stats"]["df"] if g["complex_stats"] else 0
    return "complex DF" if df >= max(g["strengths"], default=0) else "unit strength"


def _surrender_to(g: dict, before: dict, after: dict) -> int | None:
    """The seat an isolated group surrendered to as its owner's turn ended: its modifier grown
    by one reached "the highest complex DF or unit strength in the group" (l.128); else None."""
    if g["cut_by"] is None or g["owner"] != before["active"]:
        return None
    if after["active"] == before["active"] and after["turns"] == before["turns"] and after.get("winner") is None:
        return None
    df = g["complex_stats"]["df"] if g["complex_stats"] else 0
    if g["isolation"] + 1 < max([df, *g["strengths"]]):
        return None
    return next((h["owner"] for h in before["groups"] if h["id"] == g["cut_by"]), None)


def _cards_of(g: dict) -> list[str]:
    return [c for c in [g["leader"], g["complex"], *g["units"]] if c]


def _short_card(name: str) -> str:
    return short_name(name)


def _loyalty_changes(before: dict, after: dict, me: int, viewer) -> list[str]:
    """The markers a seat now knows; one swapped for the same kind still says it was swapped.
    The seat `me` whose view it is reads "Your"; everyone (a finished game's replay), its name."""
    lines = []
    mine = str(me)
    owner = whose(me, viewer)
    owner = owner[0].upper() + owner[1:]
    learnt = [q for q in after["loyalty"] if q not in before["loyalty"]]
    if learnt and _is_playing(before, REVOLUTION) and before["loyalty"].get(mine) == after["loyalty"].get(mine):
        lines.append(f"{owner} loyalty marker is still {after['loyalty'][mine]} (the Revolution swapped it "
                     f"with {whose(int(learnt[0]), viewer)})")
    for seat, marker in sorted(after["loyalty"].items()):
        q = int(seat)
        if before["loyalty"].get(seat) == marker:
            continue
        if q == me and seat not in before["loyalty"]:
            continue                                   # the deal's own line tells it
        if q == me:
            lines.append(f"{owner} loyalty marker is now {marker}" +
                         (" (the Revolution swapped it)" if seat in before["loyalty"] else ""))
        else:
            lines.append(f"{whose(q, viewer)} loyalty marker: {marker}")
    return lines


# ------------------------------------------------------------------ hooks of the front end

MERCENARY_MARGIN = 25       # the Mercenary halves his points from this margin on (l.115)


def outcome(obs: dict, returns, game) -> dict:
    """Why the round ended (the deck ran out and sudden death struck, l.100-l.103, or the turn
    limit, RULES.md reading 41), the factions' tallies, and each seat's loyalty (revealed at the
    end) with its points and what they became (l.114-l.116)."""
    factions = obs["faction_scores"]
    gov, reb = factions["Government"], factions["Rebel"]
    won = "Government" if gov >= reb else "Rebel"
    if obs["turns"] >= game.options.get("turn_limit", 0) > 0:
        reason = f"the turn limit ({obs['turns']} turns) was reached; the round is scored as it stands"
    else:
        deck = "the second deck ran out" if obs["second_deck"] else "the deck ran out"
        reason = f"{deck} and the sudden-death roll ended the round"
    reason += (f"; {won} won the tally {max(gov, reb)} to {min(gov, reb)}"
               + (" (a tie goes to the Government)" if gov == reb else ""))
    totals = obs["totals"] if obs["rounds"] > 1 else obs["final_scores"]
    if totals.count(max(totals)) > 1:
        reason += "; the tie in points goes to the tied player whose turn came last"
    loyalties = obs.get("loyalties") or [_loyalty(obs, q) for q in range(len(obs["scores"]))]
    return {"reason": reason,
            "scores": [_seat_score(obs, q, loyalties[q], won, abs(gov - reb), totals[q])
                       for q in range(len(obs["scores"]))]}


def _seat_score(obs: dict, q: int, loyalty: str | None, won: str, margin: int, total: int) -> tuple[str, str]:
    """A seat's score and how it came: its loyalty, its points in the round and whether they
    were kept or halved (the open duel scores the round won), and where the points came from
    (_sources)."""
    points, final = obs["scores"][q], obs["final_scores"][q]
    if "variant" in obs:
        how = f"{loyalty}: {'won' if final else 'lost'} the round ({_points(points)} scored)"
    elif loyalty == "Mercenary":
        kept = margin < MERCENARY_MARGIN
        how = (f"Mercenary: {_points(points)}, kept in full (the margin {margin} is under {MERCENARY_MARGIN})"
               if kept else f"Mercenary: {_points(points)}, halved to {final} (the margin {margin} "
                            f"is {MERCENARY_MARGIN} or more)")
    elif loyalty == won:
        how = f"{loyalty} loyalist, the winning faction: {_points(points)} kept in full"
    else:
        how = f"{loyalty or 'unknown'} loyalist, the losing faction: {_points(points)} halved to {final}"
    sources = _sources(obs, q)
    if sources:
        how += f"; the {points}: {sources}"
    if obs["rounds"] > 1:
        how += f"; this round {final}, over {obs['rounds']} rounds {total}"
    return (f"{total} won" if "variant" in obs else _points(total)), how


def _sources(obs: dict, q: int) -> str:
    """Where a seat's points in the round came from, by the rows of the scoring table: battles
    (l.110-l.111: "Eliminating a unit", "Eliminating a leader"), "Complex destroyed by rebels" (l.112),
    the kills of the Policia and an Assassin, air strikes and propaganda, and the complexes held
    at the end (l.114: "Complex controlled at end of round | The complex victory point value
    less points of damage or modifiers due to isolation (minimum 0)"): "60 from battles, 34 for
    complexes destroyed, 6 for Policia kills, 3 for 1 complex held"; "" for no points."""
    held = [g["complex_stats"]["vp"] - g["damage"] - g["isolation"] for g in obs["groups"]
            if g["owner"] == q and g["complex_stats"]]
    if not obs["scores"][q]:
        return ""
    kept = sum(v for v in held if v > 0)
    won_by = {source: n for source, n in obs["won_by"][q].items() if n}
    battles = obs["scores"][q] - kept - sum(won_by.values())
    many = "complexes" if len(held) != 1 else "complex"
    return ", ".join([*([f"{battles} from battles"] if battles or not won_by else []),
                      *(f"{n} for {source}" for source, n in won_by.items()),
                      f"{kept} for {len(held)} {many} held" if held else "no complex held"])


def _points(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


# What each use of a card does, in the player's words (the Event and Red Card Tables,
# l.119-l.141); {name} stands for the use's parameters in the card data.
USE_TEXT = {
    "air_assault_deploy": "deploy units or a group from hand in the attack phase and attack",
    "air_assault_combine": "combine two deployed groups' strength in one attack",
    "air_assault_reinforce": "reinforce an isolated group, which must then attack its cutter",
    "ambush_double": "multiply one unit's strength by {factor} (attacker or defender)",
    "ambush_single_defender": "attacker: single out one defending unit",
    "ambush_counter_recon": "defender: counter a Recon Patrol with a one-unit Rebel group at ×{factor}",
    "armor_column": "an elite Government unit of strength {strength}: attacks one Rebel unit or "
                    "complex at a time, again and again until an attack fails",
    "arms_attack_again": "attack with the same group a second time",
    "arms_double": "multiply one unit's strength by {factor} for this battle",
    "arms_relieve": "relieve an isolated Rebel group (deployment phase)",
    "demolition": "demolish a Government complex: {attack} + d10 against DF + d10",
    "assassinate": "kill a leader: d10 minus the leader's modifier greater than {threshold}",
    "atrocities": "as Atrocities, after a battle: the losses score {score}, and the UN card in play passes to "
                  "the player who suffered the losses",
    "press": "as Press, after a battle: the losses score {score}",
    "bodyguard": "against an Assassin or the Policia: {extra_rolls} more roll(s), the lowest counts",
    "informant_cancel_ambush": "cancel an Ambush",
    "informant_retreat": "the attacked group retreats: no battle",
    "recon_patrol": "inspect another player's hand in secret; take or discard one of his: {takes}",
    "supply_cut": "cut a group's supply: it is isolated",
    "un_intervention": "once an Atrocity was played this round, protect a player: he cannot attack or be "
                       "attacked (but by an assassin, the Policia, demolition, propaganda); each later atrocity "
                       "passes the card to the player who suffered the losses; the card defends at {defence} "
                       "and stays until beaten in battle",
    "air_strike": "an air strike on one unit or complex: {attack} + d10 against the unit's strength + its "
                  "leader's modifier + d10, or the complex's DF + d10",
    "extra_action": "{actions} more action each turn",
    "retrieve": "take cards from the discard pile (Government: {government}; Rebel: {rebel})",
    "free_move": "deploy or withdraw {groups} group(s) of its faction for no action",
    "police": "an assassination attempt on a leader of its faction held by another player: d10 minus the leader's modifier "
              "greater than {threshold}",
    "hand_capacity": "hand capacity {delta:+d}",
    "immunity": "its owner is immune to the Revolution and Traitors while it is undamaged and not isolated",
    "replace_leader": "deploy a leader from hand to any group of its faction, whose leader is discarded",
    "propaganda": "a propaganda attack on the weakest unit: d10 greater than {threshold}",
    "revolution": "when drawn: a group changes faction and two loyalty markers are swapped",
    "traitors": "when drawn: a group may change sides, d10 greater than {threshold}",
    "bad_weather": "when drawn: no air assaults or strikes until a d10 above {clear_above}",
}


# What each half of Atrocities/Press does to a battle's points (l.124); option atrocities=halve
# swaps them (RULES.md reading 23).
_SCORE = {"atrocities": "×{multiplier}", "press": "÷{divisor}"}
_SWAPPED = {"atrocities": "press", "press": "atrocities"}


def _use_text(use, card_params: dict, options: dict) -> str:
    """A use in the player's words; `card_params` are those of all the card's uses (a swapped
    half of Atrocities/Press reads the other's)."""
    params = {k: ", ".join(v) or "none" if isinstance(v, tuple) else v for k, v in use.params.items()}
    if use.kind in _SCORE:
        half = _SWAPPED[use.kind] if options.get("atrocities", "double") == "halve" else use.kind
        params["score"] = _SCORE[half].format(**card_params)
    text = USE_TEXT.get(use.kind, use.kind.replace("_", " ")).format(**params)
    text = re.sub(r"\b(\d+) ([\w ]+?)\(s\)", lambda m: m[1] + " " + m[2] + "s" * (m[1] != "1"), text)
    if params.get("threshold") == 0:        # any die succeeds: no roll to speak of
        text = text.split(": d10")[0]
    if use.cost > 0:
        text += f" ({use.cost} action{'s' * (use.cost != 1)}"
        text += f", phase {use.phases})" if use.phases else ")"
    return text


# What the table shows, for `cards` (the reference): a symbol or word, what it means.
SYMBOLS = (
    ("turn 12 · phase B (attack)", "turns played this round; the phase the turn has reached (A withdrawal, "
                                   "B attack, C deployment, D trade, E discard/repair, F draw: 1 action, up to "
                                   "your hand's capacity, and it ends the turn; with no action left "
                                   "the turn ends without a draw)"),
    ("2 actions left", "the actions the player whose turn it is may still spend (two a turn)"),
    ("To move: P2 (role)", "who decides now and what, when it is not the turn's own menu"),
    ("P1 you ▶", "a seat; you; ▶ the player whose turn it is"),
    ("?", "a loyalty marker you have not seen"),
    ("P1G / P2R / P3M", "(compact) a seat and its loyalty when known: Government, Rebel, Mercenary"),
    ("15p 6c", "(compact) a seat's points this round and the cards in its hand"),
    ("a2", "a seat's ambush marker, bought at 1 action a point: when one of its groups is attacked, "
           "a d10 of 2 or less acts as an Ambush card in defence, and the marker drops by one"),
    ("=N / final", "at the end: the seat's final score (won: rounds won in the open duel); the winner's in yellow"),
    ("Gov 40 / Reb 31", "a faction's tally: the points its forces scored this round"),
    ("Unit 3/2", "(a card) a unit's strength serving the Government / the Rebels"),
    ("Ochoa 1/2+1", "(a leader card, in a menu) command rating for the Government / the Rebels, "
                    "and the leader's command modifier"),
    ("g3", "a group on the table, by number"),
    ("Valdivia 3+1 / L3+1", "the group's leader (by name, or L on a crowded table): command rating "
                            "and command modifier; - (full table) the group has no leader"),
    ("P2: g0 · g1 │", "(crowded table) a player's groups after his name; │ before the next player's"),
    ("3 2 ↷1", "unit strengths in play; past the ↷ the units beyond the leader's command, sideways "
               "(a leaderless group has none: any one of its units attacks)"),
    ("Armor Column 4", "the Armor Column, an elite Government unit that stands alone, and its strength"),
    ("DF3 VP5", "a complex: defence factor and victory points when held at the round's end"),
    ("damaged 2 / dmg2", "damage on a complex: it loses its ability, and its points at the round's end"),
    ("cut by g5 iso-1 / cuts g3", "a supply cut: the group cut is isolated and names the group "
                                  "cutting it, then its isolation modifier once its first marker is on "
                                  "(full table: isolated -1); the cutter names the group it cuts"),
    ("⚔ / ⛨", "the group attacking / defending in the battle under way (full table: attacking / defending)"),
    ("*", "the group has attacked this turn (full table: has attacked)"),
    ("+1 Banco (Gov)", "the Banco's extra action, unspent this turn: for a use of that faction's or one of "
                     "either faction's (trade, discard, draw, the UN, an ambush marker point); "
                     "\"Banco's spent\" once used"),
    (f"{SKIP_MARK}C", "(a move) it skips a whole phase on to phase C; any move ends the phases before its own"),
    ("2× Ambush", "copies of a card"),
    ("deck / discard", "cards left to draw; the discard pile and its top card"),
    ("Bad Weather before P3", "the Bad Weather card lies before P3: no air assaults or air strikes until "
                              "a d10 above 5 clears it at the start of one of P3's turns"),
    ("UN protects P2", "the UN Intervention card is played on P2: he cannot attack or be attacked but by "
                       "assassination, the Policia, demolition and propaganda; each later atrocity passes the "
                       "card to the player who suffered it"),
    ("atrocity this round", "an Atrocities card was played this round: the UN card may now be played"),
    ("Revolution played", "the Revolution has been drawn and played: two loyalty markers may have been "
                          "swapped and a Government group turned Rebel"),
    ("playing Traitors", "a red card just drawn, being played now"),
    ("sudden death at N", "the deck has run out: a d10 of N or more at a turn's end ends the round"),
    ("second deck", "(5-6 players) the discard pile was shuffled into a second deck"),
    ("Battle:", "the battle under way: the two sides, what defends, the dice, the totals and the losses; "
                "doubled: the units an Ambush or an Arms Cache doubled, and whose"),
    ("Palace:", "the Presidential Palace's new leader being sent: the leader, then the group (no battle)"),
    ("Repair: you choose …", "an ability's or a card's target being chosen (an air strike, an assassination, "
                             "propaganda, a demolition, a repair): what is chosen; no battle"),
    ("Trade:", "the offer and the counter-offers laid, face up by name, face down counted"),
    ("Reaction window (battle)", "cards may be played now (Ambush, Informant, Atrocities/Press, "
                                 "Bodyguard), and who answers"),
    ("Your hand (N of L)", "N cards in hand, L the most you may keep at the end of your turn: 8 with "
                           "groups of both factions deployed, else 7, one more with the Port; more than L "
                           "is allowed until then (the excess is then lost at random); the cards picked, "
                           "in your plan or the Barracks' are listed apart"),
    ("to deploy as X (Barracks)", "cards the Barracks retrieved: they deploy first on its side, X"),
    ("picked / your plan", "the cards chosen so far; your initial deployment's groups and their sides"),
    ("Recon Patrol: P3's hand", "the hand your Recon Patrol inspects, shown to you alone"),
    ("round over", "the round has ended: the winner, each seat's points and why"),
)


def reference(game) -> RenderableType:
    """The cards of the game's data (so an edited copy shows its own) and the table's symbols,
    for the `cards` command."""
    deck = game.data
    units = Table(box=None, pad_edge=False, padding=(0, 2), header_style="bold dim underline")
    for column in ("Government", "Rebel", "copies"):
        units.add_column(column, justify="right")
    for t in deck.of("unit"):
        units.add_row(str(t.government), str(t.rebel), str(t.count))
    leaders = Table(box=None, pad_edge=False, padding=(0, 2), header_style="bold dim underline")
    for column in ("Government half", "Rebel half", "modifier"):
        leaders.add_column(column)
    for t in deck.of("leader"):
        leaders.add_row(f"{t.leaders[0]} {t.government}", f"{t.leaders[1]} {t.rebel}", f"{t.modifier:+d}")
    cards = Table(box=None, pad_edge=False, padding=(0, 2), header_style="bold dim underline")
    for column in ("card", "copies", "what it does"):
        cards.add_column(column, no_wrap=column != "what it does")
    for t in (*deck.of("complex"), *deck.of("event"), *deck.of("red")):
        head = Text(t.name, style="yellow" if t.kind == "complex" else "bold red" if t.kind == "red" else "cyan")
        if t.kind == "complex":
            head.append(f" DF{t.df} VP{t.vp}", style="yellow")
        who_uses = f"{t.faction.capitalize()} groups only: " if t.faction != "any" else ""
        out_of_turn = "; played out of turn" if t.title == "yellow" else ""
        card_params = {k: v for u in t.uses for k, v in u.params.items()}
        cards.add_row(head, str(t.count),
                      who_uses + "; ".join(_use_text(u, card_params, game.options) for u in t.uses) + out_of_turn)
    symbols = symbol_table(SYMBOLS)
    return Group(Text("Units: strength by the faction they serve", style="bold underline"), units,
                 Text("Leaders: command rating by half, and the card's command modifier", style="bold underline"),
                 leaders, Text("Complexes, events and red cards", style="bold underline"), cards,
                 Text("On the table", style="bold underline"), symbols)


def confirm(obs: dict, seat: int, text: str) -> str | None:
    """The question asked before a move that gives something up (cli/console.py confirmation):
    ending the turn with actions left, drawing when the draw ends the turn (RULES.md reading 31)
    before a retrieval still open, going on to the draw phase with actions left (a number
    typed ahead for a step played for the player may land on it), reinforcing another player's group, whose cards
    "immediately belong to the owner of the group they join" (l.83), and attacking the UN card
    among other targets, which no one scores for (l.129)."""
    left = obs["actions_left"]
    menu = [m.split(f" {SKIP_MARK}")[0] for m in obs.get("menu") or ()]
    if text == "end the turn" and left:
        return f"End the turn with {counted(left, 'action')} left{_draw_skipped(obs, menu)}?"
    if text == "draw cards" and "draw cards (1 action, ends your turn)" in menu:
        # the Barracks' retrieval is free; the Port's costs the action the draw would need
        given_up = [m for m in menu if m == "retrieve a card (Barracks)" or (m == "retrieve a card (Port)" and left > 1)]
        if given_up:
            return f"Drawing ends your turn: give up {listed(given_up)}?"
    passed = _passed_over(obs, text)
    if passed and left and text != "draw cards":
        return (f"This goes on to phase F ({PHASES['F']}): pass over {passed} with "
                f"{counted(left, 'action')} left?")
    if text.startswith("UN Intervention (card ") and obs["phase"] == "target" and len(obs.get("menu") or ()) > 1:
        return f"The UN card defends at {obs['un_defence']} and no points are scored. Attack it?"
    if text.startswith("reinforce group "):
        group = next((g for g in obs["groups"] if g["id"] == int(text.rsplit(" ", 1)[1])), None)
        if group is not None and group["owner"] != seat:
            owner = f"P{group['owner'] + 1}"
            return f"Reinforce {owner}'s g{group['id']}? The cards you add become {owner}'s."
    return None


def _draw_skipped(obs: dict, menu: list[str]) -> str:
    """" and no draw (your hand stays 6 of 7)" when the draw is offered and the hand is below
    its capacity: the draw is the turn's last step (l.95), so ending the turn gives it up."""
    if not any(m.startswith("draw cards") for m in menu):
        return ""
    held, limit = len(obs["hand"]), obs["hand_limit"]
    if held >= limit:
        return ""
    return f" and no draw (your hand stays {held} of {limit})"


def _passed_over(obs: dict, text: str) -> str | None:
    """The phases the move `text` passes over on its way to the draw phase (its menu mark →F),
    which "must take place in the order shown" (l.44), so cannot come back this turn: "phases
    C-E (deployment, trade, discard/repair)"; None for any other move."""
    for entry in obs.get("menu") or ():
        move, mark, letter = entry.rpartition(f" {SKIP_MARK}")
        if mark and letter == "F" and (move == text or move.startswith(f"{text} (")):
            skipped = [x for x in PHASES if obs["phase_reached"] < x < "F"]
            return (f"phase{'s' * (len(skipped) > 1)} {skipped[0]}{f'-{skipped[-1]}' * (len(skipped) > 1)} "
                    f"({', '.join(PHASES[x] for x in skipped)})")
    return None
