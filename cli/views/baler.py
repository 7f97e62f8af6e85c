"""Heroes of Baler on screen, from one seat's observation (core/games/baler/view.py): the four
areas around the church, both sides' tracks, the Spanish detachment and infirmary, the Filipino
leaders and barracks, the territorial map, your hand and the shared cards."""
from __future__ import annotations

import io
import itertools
import re
import weakref

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from partisan.cli.views.fit import FULL_WIDTH, BySize, Flow
from partisan.cli.views.generic import symbol_table
from partisan.core.games.baler.automa import CRITERIA as AUTOMA_CRITERIA, LABEL as AUTOMA_LABEL, ROWS as AUTOMA_ROWS
from partisan.core.games.baler.journal import side_result
from partisan.core.games.baler.state import FLOW, MANPOWER, NODES
from partisan.core.games.baler.view import (HEAL_TWO, OBSERVED_CHANGES, PUSHED_OUT, SIDES, SOURCES, attack_limits,
                                            bed_moves, combat_name, factors as _factors, move_words, trench_name,
                                            units_words, VP_WHY, vp_why, whose)
from partisan.core.narration import counted, listed

STYLE = ("bold blue", "bold red")           # the card titles' colours: blue Spain, red the Philippines
TURNS = 6
LEAD = 15               # the VP lead that ends the siege (l.1189)
WALL_STYLE = {"Intact": "green", "Damaged": "yellow", "Wrecked": "bold red", "Destroyed": "reverse red"}
TRENCH = {"built": ("▰", "red"), "sabotaged": ("▱", "yellow"), "empty": ("·", "dim")}
ROLES = (("military", "medical", "religious"), ("military", "leadership", "us_support"))
ROLE_LABELS = {"military": "mil", "medical": "med", "religious": "rel", "leadership": "lead",
               "us_support": "US"}
SURVEILLANCE = "◉"
SHARED = "⇄"            # a guard post of several areas: one counter, shown in each
POST_CELL = 8           # a counter in a compact post column: "Kati 2/1"
STEPS = 3               # combat steps shown in full (the latest)
STEPS_OVER = 2          # once it is over: its results are above them, the events need the rows
POST_NAME = 10          # letters of a name in a guard post: four areas side by side in 100 columns
LEGEND = (f" ▰ trench ▱ sabotaged {SURVEILLANCE} surveillance ⇄n also area n "
          "c/m combat/manpower rN rank exh exhausted ")
EMPTY = Text("—", style="dim")
COMPACT_WIDTH = 80          # the compact layout is drawn for an 80×24 terminal
COMPACT_ROWS = 12           # in as many rows; the rule, the events' heading and four rows of them,
                            # the moves' heading and note, a row of moves and the count of the
                            # others, and a two-row prompt take the rest
EXTRA_ROWS = COMPACT_ROWS - 1      # what the board shows besides leaves a second row of moves
CARD_NODES = ("init", "ev_card", "ev_support")      # the decisions that pick a card from your hand
_MEASURE = Console(file=io.StringIO(), width=COMPACT_WIDTH, color_system=None, legacy_windows=False)


class Packed:
    """Pieces of text laid out in rows as wide as the room, a row breaking only between
    pieces (a card's name is never cut in two)."""

    def __init__(self, label: Text, pieces: list[Text], sep: str = " · "):
        self.label, self.pieces, self.sep = label, pieces, sep

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        row, fresh = self.label.copy(), True
        for piece in self.pieces:
            if not fresh and row.cell_len + len(self.sep) + piece.cell_len > options.max_width:
                yield row
                row, fresh = Text(), True
            if not fresh:
                row.append(self.sep, style="dim")
            row.append_text(piece)
            fresh = False
        yield row


def _side_of(card: dict) -> int | None:
    return {"spain": 0, "philippines": 1}.get(card["side"])


def _unit(u: dict | None, side: int, width: int | None = None) -> Text:
    """A counter: its name (cut to `width`) and combat/manpower factors; leaders in bold,
    exhausted or disabled counters dimmed."""
    if u is None:
        return EMPTY.copy()
    name = _short(u, width) if width else u["name"]
    style = ("blue", "red")[side] + (" bold" if u["type"] == "leader" else "")
    if u["exhausted"] or u["disabled"]:
        style += " dim"
    text = Text(name, style=style).append(" " + _factors(u), style="cyan")
    if u["disabled"]:
        text.append(" off", style="dim")
    elif u["exhausted"]:
        text.append(" exh", style="dim")
    return text


def _short(u: dict, width: int) -> str:
    """A counter's name in `width` letters: the group's for generic counters (their factors
    follow), else the last word (the surname owners call them by)."""
    if u["group"] != u["name"]:
        return u["group"].split()[0][:width]
    return u["name"].split()[-1][:width]


def _tracks(obs: dict, me: int) -> Table:
    """Both sides' tracks, hands, decks and pools; ◆ marks the initiative."""
    b = obs["board"]
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold dim")
    table.add_column("", no_wrap=True)
    for col in ("supply", "morale", "VP", "AP", "hand", "deck", "bag", "lost"):
        table.add_column(col, justify="right", no_wrap=True)
    table.add_column("", ratio=1)       # the notes wrap, said shortly first: the numbers keep their heads
    for side in (0, 1):
        name = Text(SIDES[side], style=STYLE[side]).append(" (you)" if side == me else "")
        if obs["initiative"] == SIDES[side]:
            name.append(" ◆", style="yellow")
        hand = len(obs["hand"]) if side == me else obs["other_hand"]
        notes = _notes(obs, me, side)
        if _head_start(obs, side):      # in the notes, where it widens no column
            start = Text(f"VP {obs['vp'][side]}: a head start", style="italic")
            notes = Text("; ", style="italic").join(t for t in (start, notes) if t.plain)
        table.add_row(name, str(obs["supply"][side]), str(obs["morale"][side]), str(obs["vp"][side]),
                      _ap(obs, side), str(hand), str(obs["deck"][side]), str(b["bags"][side]),
                      str(b["eliminated"][side]), notes)
    return table


def _notes(obs: dict, me: int, side: int) -> Text:
    """A side's secrets (_secrets) beside its tracks: said shortly where that saves a row, in
    full where even the short words would wrap (the automa's card, by its whole title)."""
    short = _secrets(obs, me, side, short=True)
    return short if short.cell_len <= NOTES_ROOM < _secrets(obs, me, side).cell_len else _secrets(obs, me, side)


def _secrets(obs: dict, me: int, side: int, short: bool = False) -> Text:
    """A side's initiative card and Fog of War draw: named to their owner, only announced to
    the other side; Persistence, the barracks and the artillery reserve for the Philippines."""
    notes = []
    revealed = obs["cards"]["revealed"][side]
    if revealed and (not short or obs["phase"] == "initiative"):
        notes.append(f"{'init' if short else 'played'}: {revealed['name']} i{revealed['initiative']}")
    if side == me:
        for key, label in (("initiative", "init" if short else "initiative card"),
                           ("fog_of_war", "FoW" if short else "Fog of War")):
            if obs["cards"][key] and not (key == "initiative" and revealed) \
                    and not (key == "fog_of_war" and short and _choosing_cards(obs, me)):  # in full below
                notes.append(f"{label}: {obs['cards'][key]['name']}")
    else:
        notes += ["chose init" if short else "has chosen an initiative card"] * (
            obs["other_chose"] and not revealed and obs["phase"] == "initiative")
        notes += ["drew FoW" if short else "drew a Fog of War card"] * obs["other_drew"]
        if obs["automa_card"]:
            notes.append(f"automa{'' if short else ' card'} {obs['automa_card']}: {obs['automa_title']}")
    if side == 1:
        notes += ["Persistence"] * bool(obs["persistence"])
    return Text("; ".join(notes), style="italic")


def _turn(obs: dict) -> Text:
    """The turn and its phase: "Turn 2/6 · action"."""
    return Text(f"Turn {obs['turn']}/{TURNS}", style="bold").append(f" · {obs['phase']}")


def _header(obs: dict, me: int, short: bool = False, brief: bool = False) -> Text:
    """The game, turn, phase, initiative and whose move it is (`brief`: without the game and
    the initiative, the tracks' ◆)."""
    text = Text("" if brief else "Baler · " if short else "Heroes of Baler · ", style="bold").append_text(_turn(obs))
    if not brief:
        text.append(" · init " if short else " · initiative: ").append(
            obs["initiative"], style=STYLE[SIDES.index(obs["initiative"])])
    if obs["over"]:
        text.append(" · the siege is over", style="bold green")
    elif obs["actor"] == me:
        text.append(" · ").append(f"your move, {SIDES[me]}", style="bold green")
    elif obs["actor"] in (0, 1):
        text.append(" · to act: ").append(SIDES[obs["actor"]], style=STYLE[obs["actor"]])
    return text


def _surveillance(area: dict) -> Text:
    """The sides whose surveillance marker stands in the area: S Spain, F the Filipinos."""
    marks = [Text("S", style="blue") if area["surveillance"][0] else None,
             Text("F", style="red") if area["surveillance"][1] else None]
    marks = [m for m in marks if m]
    return Text(" ").join(marks) if marks else EMPTY.copy()


def _trenches(area: dict) -> Text:
    text = Text()
    for t in area["trenches"]:
        glyph, style = TRENCH[t]
        text.append(glyph, style=style)
    return text


def _post(p: dict, side: int) -> Text:
    """A guard post: its die label (⇄n: shared with area n; ⇄all: the Bell Tower, in all
    four) and its counter."""
    label = Text(p["label"], style="bold")
    if p["shared"]:         # the Bell Tower stands in all four areas
        label.append(SHARED + ("all" if len(p["shared"]) == 3 else ",".join(map(str, p["shared"]))), style="dim")
    return label.append(" ").append_text(_unit(p["unit"], side, POST_NAME))


def _state(area: dict) -> Text:
    text = Text(area["walls"], style=WALL_STYLE[area["walls"]])
    fp = area["shooting_firepower"]
    text.append(f" fp {fp:+d}", style="blue" if fp > 0 else "red" if fp < 0 else "")
    surveillance = _surveillance(area)
    return text.append(f" {SURVEILLANCE}").append_text(surveillance) if surveillance.plain != "—" else text


def _works(area: dict) -> Text:
    text = _trenches(area).append("  ")
    return text.append_text(_unit(area["artillery"], 1, 9) if area["artillery"] else Text("no gun", style="dim"))


def _church(obs: dict) -> Table:
    """The four areas side by side: walls, firepower and surveillance markers, the Spanish and
    Filipino guard posts (label, counter, combat/manpower), trench sections and artillery."""
    areas = obs["board"]["areas"]
    table = Table(box=None, pad_edge=False, padding=(0, 1), expand=True, header_style="bold")
    table.add_column("", no_wrap=True, width=5)
    for a in range(4):
        table.add_column(f"Area {a + 1}", no_wrap=True, overflow="ellipsis", ratio=1)
    table.add_row(Text("walls", style="dim"), *(_state(a) for a in areas))
    for side, label in ((0, "Spain"), (1, "Phil.")):
        for i in range(max(len(a["posts"][side]) for a in areas)):
            cells = [_post(a["posts"][side][i], side) if i < len(a["posts"][side]) else Text("")
                     for a in areas]
            table.add_row(Text(label if i == 0 else "", style=("blue", "red")[side]), *cells)
    table.add_row(Text("works", style="dim"), *(_works(a) for a in areas))
    return table


def _slots(units: list, side: int, width: int) -> Text:
    return Text("  ").join(_unit(u, side, width) for u in units) if units else EMPTY.copy()


SHORT_NAME = 4          # letters of a name on the compact board, and where a full row runs short


def _spaces(spaces: list[list], side: int, width: int, room: int) -> Text:
    """A row of spaces in `room` columns, each with every unit in it: space 6 of the Spanish
    leaders' row holds both priests at once (l.116). Each in full ("López 1 r1+Minaya 1 r1"),
    else alike counters under one set of factors ("López/Minaya 1 r1"), closer together, else
    with names cut to SHORT_NAME letters, as the compact board prints them; only then the
    second counted ("López 1 r1 +1"), rather than a counter cut off the row's end."""
    def row(stack, gap: str, width: int) -> Text:
        return Text(gap).join(stack(units, width) if units else EMPTY.copy() for units in spaces)

    def each(units, width):
        return Text("+").join(_unit(u, side, width) for u in units)

    def alike(units, width):
        if len({_factors(u) for u in units}) > 1 or any(u["exhausted"] or u["disabled"] for u in units):
            return each(units, width)
        first = _unit(units[0], side, width)
        names = "/".join(_short(u, width) if width else u["name"] for u in units)
        return Text(names, style=first.spans[0].style if first.spans else "").append(" " + _factors(units[0]), style="cyan")

    def counted(units, width):
        return _unit(units[0], side, width).append(f" +{len(units) - 1}" if len(units) > 1 else "", style="bold")

    whole = ((each, "  "), (alike, "  "), (alike, " "))     # every counter named
    return _fit([row(stack, gap, w) for w in (width, SHORT_NAME) for stack, gap in whole]
                + [row(counted, "  ", w) for w in (width, SHORT_NAME)], room)


def _command(obs: dict, side: int, width: int | None = None, factors: bool = True, empty: bool = True) -> Text:
    """A side's command posts and their leaders (without their factors: by name and state;
    without the `empty` posts: those manned, else —)."""
    posts = obs["board"]["command"][side]
    roles = [role for role in ROLES[side] if empty or posts[role]]
    if not roles:
        return EMPTY.copy()

    def leader(u):
        return _unit(u, side, width) if factors or u is None else _named(u, side, width)
    return Text("  ").join(Text(f"{ROLE_LABELS[role]} ", style="dim").append_text(leader(posts[role]))
                           for role in roles)


def _named(u: dict, side: int, width: int | None = None) -> Text:
    """A leader by name (cut to `width`) without his factors, and whether he is disabled
    ("off") or exhausted ("exh")."""
    state = " off" if u["disabled"] else " exh" if u["exhausted"] else ""
    return Text(_short(u, width) if width else u["name"], style=("blue", "red")[side] + " bold").append(state, style="dim")


def _names(units: list[dict], side: int) -> Text:
    """Leaders by name on the compact board (_named), else —."""
    return Text(" ").join(_named(u, side, SHORT_NAME) for u in units) or EMPTY.copy()


def _barracks(obs: dict) -> Text:
    """The soldiers in the Filipino barracks, by combat/manpower (they are nameless)."""
    soldiers = obs["board"]["barracks"]
    return Text(f"{len(soldiers)} soldiers ", style="dim").append(
        " ".join(_factors(u) for u in soldiers), style="cyan") if soldiers else EMPTY.copy()


def _beds(obs: dict, width: int | None = None) -> Text:
    """The six beds: an open bed shows its patient or is free, a closed one is crossed out."""
    text = Text()
    for i, u in enumerate(obs["board"]["beds"]):
        if i:
            text.append(" ")
        text.append(f"{i + 1}:", style="dim")
        if i >= obs["beds_open"]:
            text.append("✕", style="dim")
        else:
            text.append_text(_unit(u, 0, width) if u else Text("free", style="green"))
    return text


def _full_warnings(obs: dict) -> list[Text]:
    """What a full infirmary means, in shorter and shorter words: the next wounded kills the man
    in bed 1 (the observation's next_wound_kills), who scores for the Philippines (l.950); []
    while it is not full."""
    if not obs["next_wound_kills"]:
        return []
    u = obs["board"]["beds"][0]
    name, vp = _short(u, POST_NAME), 2 if u["type"] == "leader" else 1
    return [Text(text, style="bold red") for text in (
        f"full: the next wounded pushes {name} out of bed 1, dead: +{vp} VP to the Philippines",
        f"full: the next wounded kills {name} (+{vp} VP Phil.)", f"full: next wound kills {name} (+{vp} VP)",
        "full: bed 1 dies next")]


def _with_warning(forms: list[Text], obs: dict, last_resort: bool = True) -> list[Text]:
    """The infirmary's `forms` (the fullest first), a full one's each with the warning
    (_full_warnings), the fullest warning first; then, as a `last_resort`, the patients by name
    alone, so that even the shortest row warns."""
    warnings = _full_warnings(obs)
    if not warnings:
        return forms
    names = Text(" ").join(Text(_short(u, SHORT_NAME), style="blue") for u in obs["board"]["beds"] if u)
    return ([form + Text("  ") + warning for form in forms for warning in warnings[:1]]
            + [form + Text("  ") + warning for warning in warnings[1:] for form in forms]
            + [names + Text("  ") + warning for warning in warnings] * last_resort)


def _territory(obs: dict, width: int | None = None) -> Text:
    """Spaces 1 (Baler) to 5: the Filipino stack and the foreign power (Spain's, or the US
    marker) with its strength."""
    space, strength, us = obs["foreign_power"]
    text = Text()
    for n, units in enumerate(obs["board"]["territory"], 1):
        if n > 1:
            text.append(" │ ", style="dim")
        text.append(f"{n}{' Baler' if n == 1 else ''}", style="bold")
        if units:
            text.append(" ").append_text(Text(", ").join(_unit(u, 1, width) for u in units))
        if n == space:
            text.append(f" [{'US' if us else 'Spain'} {strength}]", style="bold magenta")
    return text


def _card_name(card: dict) -> Text:
    side = _side_of(card)
    return Text(card["name"], style=STYLE[side] if side is not None else "bold magenta")


def _card_head(card: dict, icons: bool = True, numbers: bool = True) -> Text:
    """A card's name, action points and initiative (its `numbers`) and `icons`."""
    text = _card_name(card)
    if numbers:
        text.append(f" AP{card['ap']} i{card['initiative']}", style="cyan")
    if card["icons"] and icons:
        text.append(" " + "+".join(card["icons"]), style="yellow")
    return text


def _card(card: dict, boosted: bool = False) -> Text:
    """A card: name, AP, initiative, icons; its main event and its secondary with the icon
    that boosts it."""
    text = _card_head(card)
    text.append(": " + "; ".join(card["main"]))
    if card["secondary"]:
        text.append(f" ‖ {card['requires'] or ''}: ", style="yellow" if boosted else "dim")
        text.append("; ".join(card["secondary"]), style="bold" if boosted else "")
    return text


def _events(obs: dict, full: bool, names: bool = False) -> RenderableType | None:
    """The cards of the Events phase: events 1 and 2 and the support card, boosted ones marked;
    in full with their text (or by `names` alone)."""
    played = [(slot, card) for slot, card in enumerate(obs["cards"]["events"]) if card]
    if not played:
        return None
    rows = Table.grid(padding=(0, 1))
    rows.add_column(style="bold", no_wrap=True)
    rows.add_column()
    heads = []
    for slot, card in played:
        boosted = bool((obs["boost"] >> slot) & 1)
        label = ("support" if slot == 2 else f"event {slot + 1}" if obs["phase"] != "initiative"
                 else "resolving")      # a Fog of War card played for the initiative (l.315)
        head = _card(card, boosted) if full else _card_name(card) if names else _card_head(card)
        if boosted:
            head.append(" (boosted)", style="yellow")
        rows.add_row(label, head)
        heads.append(Text(f"{label} ", style="dim").append_text(head))
    return rows if full else Text("Events: ", style="bold").append_text(Text("  ").join(heads))


def _fp(firepower: int, names) -> Text:
    """Firepower as the track reads it: to the stronger side, 0 to nobody."""
    if not firepower:
        return Text("0")
    return Text(f"{abs(firepower)} to {names[0 if firepower > 0 else 1]}", style=STYLE[0 if firepower > 0 else 1])


def _dice(trail: list) -> Text:
    """The dice in the order rolled, each changed die beside what it was: "2→4*" (* modified
    or re-rolled), "2→?" while it is re-rolled."""
    text = Text()
    for i, (rolled, now) in enumerate(trail):
        text.append(" " if i else "").append(str(rolled), style="bold")
        if now is not None:
            text.append("→").append(str(now) if now else "?", style="bold").append("*" if now else "", style="yellow")
    return text


def combat_log(obs: dict) -> dict | None:
    """The combat to show: the one under way, else the last one of this turn (its results stay
    on screen through the phases that follow it)."""
    log = obs.get("combat_log") or []
    if not log or log[-1]["over"] and log[-1]["turn"] != obs["turn"]:
        return None
    return log[-1]


BONUS_SHORT = {" combat strength": " str", " free re-rolls": " re-rolls"}     # at 80 columns


def _combat_title(rec: dict, names, short: bool, bonus: bool = True, brief: bool = False) -> Text:
    """Kind, area, attacker, firepower and the cards' bonuses (`brief`: in short words)."""
    text = Text("Combat: " if not rec["over"] else "Last combat: ", style="bold")
    text.append(f"{rec['kind']} in area {rec['area']} by ").append(names[rec["attacker"]], style=STYLE[rec["attacker"]])
    if rec["kind"] != "artillery":
        text.append(", fp " if short else ", firepower ").append_text(_fp(rec["firepower"], names))
    for side in (0, 1):
        if rec["bonus"][side] and bonus:
            words = rec["bonus"][side]
            for long, word in BONUS_SHORT.items() if brief else ():
                words = words.replace(long, word)
            text.append(f" · {names[side]} card {words}", style="italic")
    return text


def _combat_side(rec: dict, side: int, names, short: bool, brief: bool = False) -> Text:
    """A side's surveillance, dice as rolled and as they stand, and what they achieved
    (`brief`: without the faces that score, which the dice beside them show)."""
    text = Text(f"{names[side]:<{6 if short else 12}}", style=STYLE[side])
    surv = rec["surveillance"][side]
    if surv is not None:
        text.append(f"surv +{surv} ", style="magenta")
    if not rec["rolled"][side]:
        return text.append("no dice yet" if rec["rolled"][side] is None and not rec["over"] else "no dice",
                           style="dim")
    text.append("rolled " if not short else "").append_text(_dice(rec["trail"][side]))
    result = side_result(rec, side)         # as the dice stand, until both sides' are final
    if result and brief:
        result = re.sub(r" \([^)]*\)", "", result)
    if result:
        text.append(f"  ⇒ {result}", style="cyan")
    return text.append(_strength_unused(rec, side, short), style="italic")


def _strength_unused(rec: dict, side: int, short: bool) -> str:
    """Beside an artillery attack's dice, why its card's combat strength changed none of them:
    it serves the firepower, the strengths' difference (l.617), and "Firepower and
    surveillance markers are not used in the artillery attack." (l.862)."""
    bonus = re.search(r"\+(\d+) combat strength", rec["bonus"][side] or "")
    if rec["kind"] != "artillery" or not bonus or not rec["rolled"][side]:
        return ""
    return f"; +{bonus[1]} str unused" if short else f"; card's +{bonus[1]} strength unused: no firepower in artillery"


def offered(texts: list[str]) -> str:
    """Modifier moves grouped by source and operation, the free first as on the menu
    (MODIFIER_COST): 'leader re-roll on 2, morale +1 on 4/5'."""
    groups: dict[str, list[str]] = {}
    for t in texts:
        head, value = t.rsplit(" on a ", 1)
        groups.setdefault(head, []).append(value)
    heads = sorted(groups, key=lambda head: _modifier_cost(head))
    return ", ".join(f"{head} on {'/'.join(groups[head])}" for head in heads)


def _modifier_cost(text: str) -> int:
    """Where a die modifier's source stands among MODIFIER_COST, the free first; 0 for another
    move ("done")."""
    source = text.split()[0]
    return MODIFIER_COST.index(source) + 1 if source in MODIFIER_COST else 0


def _step(step: dict, names) -> Text:
    """One line of the combat's account (cut at the edge): who, what, what was offered."""
    side = step["side"]
    head = Text("· ", style="dim", no_wrap=True, overflow="ellipsis")
    if side is not None:
        head.append(names[side] + " ", style=STYLE[side])
    head.append(step["text"])
    if step.get("offered"):
        head.append(f" (offered: {offered(step['offered'])})", style="dim")
    return head


def _combat(obs: dict, short: bool = False, latest: bool = True) -> RenderableType | None:
    """The combat step by step: kind, area, firepower and card bonuses; each side's
    surveillance, dice as rolled and after modifiers (* modified), successes; the steps so far
    (modifiers offered and used, re-rolls, casualties and where they land), the latest last."""
    rec = combat_log(obs)
    if rec is None:
        return None
    names = ("Spain", "Phil.") if short else SIDES
    lines = [_combat_title(rec, names, short), *(_combat_side(rec, side, names, short) for side in (0, 1))]
    if short:           # at 80x24: the latest step while it runs, the results once it is over
        lines[0] = _fit([lines[0], _combat_title(rec, names, short, brief=True),
                         _combat_title(rec, names, short, bonus=False)])
        brief = [_combat_side(rec, side, names, short, brief=True) for side in (0, 1)]
        both = [lines[1] + Text(" · ", style="dim") + lines[2], brief[0] + Text(" · ", style="dim") + brief[1]]
        lines[1:] = ([_fit(both)] if both[-1].cell_len <= COMPACT_WIDTH     # on one row when they fit
                     else [_fit([lines[side + 1], brief[side]]) for side in (0, 1)])
        if latest and rec["steps"] and not rec["over"]:
            lines.append(_step(rec["steps"][-1], names))
        return Group(*lines)
    steps = rec["steps"][-(STEPS_OVER if rec["over"] else STEPS):]
    for s in steps:
        lines.append(_step(s, names))
    if rec["offered"]:
        lines.append(Text("offered now: ", style="bold green", no_wrap=True, overflow="ellipsis")
                     .append(offered(rec["offered"])))
    return Group(*lines)


def _shared(obs: dict, full: bool, cut: str = "", label: str = "Shared ", names: bool = False) -> RenderableType:
    """Shared cards A and B, face up for both sides (in full: those whose letters are in `cut`
    cut to a row, a slot without a card said before the other; `label` before each card's
    letter; else by their heads, or `names`)."""
    cards = [(slot, card) for slot, card in zip("AB", obs["cards"]["shared"])]
    if not full:
        return Text("Shared ", style="bold").append_text(Text("  ").join(
            Text(f"{slot}: ", style="bold").append_text((_card_name if names else _card_head)(c) if c else EMPTY.copy())
            for slot, c in cards))
    entries: list[tuple[str, Text]] = []
    before = ""                 # a slot without a card is said beside the other, in A-B order
    for slot, card in cards:
        if card is None and entries:
            entries[-1][1].append(f"  {slot} —", style="bold")
        elif card is None:
            before += f"{slot} —  "
        else:
            entries.append((f"{label}{before}{slot}", _card(card)))
            before = ""
    if not entries:
        return Text(f"{label}{before.rstrip()}", style="bold")
    rows = Table.grid(padding=(0, 1))
    rows.add_column(style="bold", no_wrap=True, min_width=len(label + "A"))
    rows.add_column()
    for head, text in entries:
        text.no_wrap, text.overflow = head[-1] in cut, "ellipsis"
        rows.add_row(head, text)
    return rows


IDLE_WORDS = ("could change nothing", "no effect", "no target", "boosts nothing")   # view.py's notes


def menu_first(obs: dict, me: int) -> list[int] | None:
    """For a menu too long for the screen, which shows those it keeps in menu order, the moves'
    numbers it keeps first: those that do something, then those the menu says could change
    nothing, "done" (which gives up what is left, an event or an action) last. At 100x40 a
    tall table once left "1. done" alone above "3 more moves" when events were still to
    resolve. None when the player is not the one to choose."""
    menu = obs.get("menu")
    if not menu or obs["actor"] != me:
        return None
    shown = [menu[i] for i in menu_order(obs, me) or range(len(menu))]      # as numbered

    def need(text: str) -> int:
        return 2 if text == "done" else 1 if any(words in text for words in IDLE_WORDS) else 0
    return sorted(range(1, len(shown) + 1), key=lambda n: (need(shown[n - 1]), n))


def render(observation: dict, seat: int, whole: bool = False) -> RenderableType:
    """The siege as seat `seat` sees it: in full on a roomy console, else compact (`whole`:
    with nothing left out, however many rows it takes)."""
    return BySize(lambda: _full(observation, seat), lambda: _compact(observation, seat, whole))


def render_whole(observation: dict, seat: int) -> RenderableType:
    """The table with nothing left out, for the `board` command (cli/console.py render_view):
    the player asked for it, so the moves below may scroll."""
    return render(observation, seat, whole=True)


FULL_ROOM = FULL_WIDTH - 20     # a row's room beside its label in the framed table
TITLE_ROOM = FULL_WIDTH - 6     # the frame's title between its corners and a space each side
HAND_WRAPS = 1          # rows a hand chosen from may take beyond a card a row, its text whole
NOTES_ROOM = 28         # the tracks' notes beside their numbers in the framed table ("Philippines (you)")


def _command_row(obs: dict) -> RenderableType:
    """Both sides' command posts on a row: with the leaders' factors, else by name, else only
    the posts manned; on two rows when every post is filled (no row holds them all)."""
    sides = [[Text("Spain ", style="blue").append_text(_command(obs, 0, 8, factors, empty)),
              Text("Phil. ", style="red").append_text(_command(obs, 1, 8, factors, empty))]
             for factors, empty in ((True, True), (False, True), (True, False), (False, False))]
    rows = [spain + Text(" │ ", style="dim") + phil for spain, phil in sides]
    fits = [row for row in rows if row.cell_len <= FULL_ROOM]
    return fits[0] if fits else Packed(Text(""), sides[1], sep=" │ ")


def _full(obs: dict, me: int) -> RenderableType:
    """The framed table at 100×40, in as few rows as leave the summary of events its rows
    (cli/play/screen.py SUMMARY_ROWS) above a menu: the cards by name, each in full only where
    it is chosen (your hand when you pick from it, the shared cards at the Fog of War step, the
    event cards in their phase); the Filipino camp and the command posts on a row each."""
    b = obs["board"]
    rows = Table.grid(padding=(0, 1))
    rows.add_column(style="dim", no_wrap=True, min_width=14)
    rows.add_column(no_wrap=True, overflow="ellipsis")
    picking = obs["actor"] == me and NODE_NAMES.get(obs["node"]) in CARD_NODES
    fight = None if _choosing_cards(obs, me) or picking else _combat(obs)     # none under way then
    if picking or fight is not None:    # the hand's text or the combat needs the rows
        rows.add_row("detachment", _fit(_reserve_lines(obs, "leaders "), FULL_ROOM))
    else:
        for label, row in zip(("1-2", "3-4", "5-6"), b["detachment"]):
            rows.add_row(f"detachment {label}", _spaces(row, 0, 8, FULL_WIDTH - 19))
    rows.add_row(f"infirmary ({obs['beds_open']})",
                 _fit(_with_warning([_beds(obs, 10), _beds(obs, 5), _beds_short(obs)], obs), FULL_ROOM))
    rows.add_row("command", _command_row(obs))
    rows.add_row(Text("Filipino camp", style="red"), _fit(_camp_lines(obs, "leaders "), FULL_ROOM))
    rows.add_row("territory", _territory(obs, 10))
    parts: list[RenderableType] = [_tracks(obs, me), _church(obs), rows]
    if fight is not None:
        parts += [Rule(style="dim"), fight]
    if obs["cards"]["events"] and any(obs["cards"]["events"]):
        parts.append(_events(obs, True) if fight is None and obs["phase"] == "events" else
                     _fit([_events(obs, False), _events(obs, False, names=True)], FULL_WIDTH - 4))
    if fight is None and not picking:       # the combat or the hand needs the room
        parts.append(_shared(obs, _choosing_cards(obs, me)))
    hand = obs["cards"]["hand"]
    if picking:                 # the cards chosen between, cut to a row each when they would
        texts = [_card(c) for c in hand] or [Text("(empty)", style="dim")]     # take many more
        if sum(-(-text.cell_len // (FULL_WIDTH - 4)) for text in texts) > len(texts) + HAND_WRAPS:
            for text in texts:
                text.no_wrap, text.overflow = True, "ellipsis"
        parts += [Rule("Your hand", align="left", style="green"), *texts]
    elif fight is None:
        parts.append(Packed(Text("Your hand: ", style="bold"),
                            [_card_head(c) for c in hand] or [Text("(empty)", style="dim")]))
    else:                       # on one row beside a combat
        parts.append(_fit([_hand_heads(obs), _hand_heads(obs, names=True), _hand_heads(obs, count=True)],
                          FULL_WIDTH - 4))
    parts += _fog_of_war(obs)
    return Panel(Group(*parts), title=_fit([_header(obs, me), _header(obs, me, short=True)], TITLE_ROOM),
                 title_align="left",
                 subtitle=Text(LEGEND, style="dim"), subtitle_align="right",
                 border_style=STYLE[me].split()[-1], padding=(0, 1))


def _compact(obs: dict, me: int, whole: bool = False) -> RenderableType:
    """No frames, an area a row, names cut short: at 80×24 the siege in COMPACT_ROWS rows, the
    rest for the events, the legal moves and the prompt. The table keeps the areas with their
    column heads, the command posts, the Filipino leaders and barracks and the player's own
    leaders; the decision at hand keeps what it needs (the cards it chooses between, a combat
    under way); each shortened when rows run short, what loses nothing first (which areas share
    a post where a row has room for it); the rows left go to the last combat's results, your
    hand and the territorial map.
    `whole`: every part in full, however many rows it takes (the `board` command)."""
    choosing = _choosing_cards(obs, me)
    rec = None if choosing else combat_log(obs)
    picking = obs["actor"] == me and NODE_NAMES.get(obs["node"]) in CARD_NODES
    territory = _Slot([Text("Territory ", style="bold").append_text(_territory(obs, 4))], name="map")
    if choosing:
        drawn = [_fog_of_war(obs), _fog_of_war(obs, "FoW drawn: "), _fog_of_war(obs, "FoW: ")] if obs["cards"]["fog_of_war"] else []
        cut = "card texts"      # the second card's first: what a row more costs the fewest words
        tail = [_Slot(drawn, needed=True),
                _Slot([_shared(obs, True), _shared(obs, True, label=""),
                       *(_shared(obs, True, cut=slots, label="") for slots in ("B", "A", "AB")),
                       _fit([_shared(obs, False), _shared(obs, False, names=True)])],
                      [None, None, cut, cut, cut, cut], needed=True)]
    elif rec is not None:       # one under way is needed; the last one's results if there is room
        tail = [_Slot([_rows_of(_combat(obs, short=True)), _rows_of(_combat(obs, short=True, latest=False))],
                      needed=not rec["over"], name="last combat")]
    else:
        tail = [_Slot([events, _events(obs, False, names=True)], [None, "event icons"], needed=True)
                for events in (_events(obs, False),) if events is not None]
    if choosing or not (obs["cards"]["hand"] or picking):
        hand = _Slot([], name="hand")
    elif NODE_NAMES.get(obs["node"]) == "init":     # chosen by its initiative: the icons may go
        hand = _Slot([_hand_heads(obs), _hand_heads(obs, icons=False), _in_rows(_hand_heads(obs, icons=False, cut=True))],
                     [None, "icons", "icons"], needed=True)
    elif picking:               # events and their support: the icons count, not the numbers
        hand = _Slot([_hand_heads(obs), _hand_heads(obs, numbers=False),
                      _in_rows(_hand_heads(obs, numbers=False, cut=True))], needed=True)
    else:
        hand = _Slot([_hand_heads(obs), _fit([_hand_heads(obs, names=True), _hand_heads(obs, count=True)])],
                     name="hand")
    ranks = _ranks(me, choosing)
    frame = _Slot(*_frame_forms(obs, me, ranks), needed=True, ranks=ranks)
    slots = [frame, territory, *tail, hand]
    extras = [*tail, hand, territory]
    if whole:
        for slot in slots:
            slot.pick = 0 if slot.forms else None
        return Group(*_keyed([part for slot in slots for part in slot.shown()], _shared_posts(obs), own=True))
    shorter = [frame, *tail] if choosing else [*tail, hand, frame]
    _fit_slots(slots, shorter, extras)
    parts = [part for slot in slots for part in slot.shown()]
    if territory.pick is None or any(slot.missing() for slot in slots):
        parts = _with_left_out(obs, slots, shorter, extras, territory)
    return Group(*_keyed(parts, _shared_posts(obs), own=sum(map(_rows, parts)) < EXTRA_ROWS))


def _rows_of(renderable: RenderableType) -> list[RenderableType]:
    """A group's rows apart, so that a note may go beside one of them (_beside)."""
    return list(renderable.renderables) if isinstance(renderable, Group) else [renderable]


def _with_left_out(obs: dict, slots: list[_Slot], shorter: list[_Slot], extras: list[_Slot],
                   territory: _Slot) -> list[RenderableType]:
    """The compact table's parts with what it leaves out said (_left_out), on a row of its own:
    the parts shown shortened where nothing is lost (a combat's latest step, which the events
    tell; the cards row beside the turn), else the last of the others shown (`extras`, by
    priority) given up, those after it refitted; else after a row with room for it; else on
    the row the next shortening of the needed parts (`shorter`, the least loss first) frees,
    so that what is left out is always said."""
    def total():
        return sum(slot.rows() for slot in slots)
    for slot in slots:
        while total() >= COMPACT_ROWS and slot.shorter(0):
            slot.pick += 1
    optional = [slot for slot in extras if not slot.needed]
    shown = [slot for slot in optional if slot.pick is not None]
    while total() >= COMPACT_ROWS and shown:
        given_up = shown.pop()
        given_up.pick = None
        for slot in optional[optional.index(given_up) + 1:]:
            left = EXTRA_ROWS - 1 - total()
            slot.pick = next((k for k, height in enumerate(slot.heights) if height <= left), None)
    while True:
        rows = [part for slot in slots for part in slot.shown()]
        notes = _left_out(obs, [slot.missing() for slot in slots if slot.missing()], territory.pick is None)
        if total() < COMPACT_ROWS:
            return rows + notes[0][:1]
        for pieces in notes:
            beside = _beside(rows, pieces)
            if beside:
                return beside
        steps = [slot for slot in shorter if slot.shorter(NOTE_RANK)]
        if not steps or not any(slot.pick and slot.losses[slot.pick] for slot in slots):
            return rows         # nothing lost but the extras: not worth another loss
        min(steps, key=lambda slot: slot.rank(slot.pick + 1)).pick += 1


def _beside(rows: list[RenderableType], notes: list[Text]) -> list[RenderableType] | None:
    """`rows` with each of `notes` beside the last text row with room for it, that row's parts
    said shorter for it where they can be (_laid); None if one has no room."""
    rows = list(rows)
    for note in notes:
        for i in reversed(range(len(rows))):
            pieces = getattr(rows[i], "pieces", [([rows[i]], "")]) if isinstance(rows[i], Text) else None
            beside = pieces and _laid(pieces + [([note], " │ ")], strict=True)
            if beside:
                rows[i] = beside
                break
        else:
            return None
    return rows


def _left_out(obs: dict, missing: list[str], short_map: bool) -> list[list[Text]]:
    """What the compact table says when parts of it do not fit in COMPACT_ROWS, in shorter
    forms after the fullest: the territorial map in few words (the US marker or Spain's and
    its strength, the Filipino stack and its units) unless its row is shown, and the parts left
    out by name (the map among them where its words have no room), so that a row missing does
    not read as empty (a terminal of 100 columns and 40 rows shows them all), else counted
    with the command that shows them. Each form is a list of notes, which may go on different
    rows: the map's words apart from the names."""
    text = Text()
    if short_map:
        space, strength, us = obs["foreign_power"]
        stack = obs["territorial"]
        text.append("Map: ", style="bold").append(f"{'US' if us else 'Spain'} {strength} at {space}", style="magenta")
        if stack:
            units = len(obs["board"]["territory"][stack - 1])
            text.append(f", {units} Filipino{'s' * (units != 1)} at {stack}", style="red")
    if not missing:
        return [[text]]
    named = [name for name in missing if name != "map"]
    names = Text("not shown: " + ", ".join(named), style="dim")
    forms = [[text + Text(" · " * bool(text)) + names] if named else [text]]
    parts = len(", ".join(missing).split(", "))
    forms += [[text, names]] * bool(named and text) + [[Text("not shown: " + ", ".join(missing), style="dim")],
                                                        [Text(f"{counted(parts, 'part')} not shown: `board`", style="dim")],
                                                        [Text(f"{parts} not shown: `board`", style="dim")]]
    return [form for form in forms if all(note.cell_len <= COMPACT_WIDTH for note in form)]


class _Slot:
    """A part of the compact table: its forms, the fullest first (each a renderable, or a list
    of rows), and what each loses (`losses`, None: nothing; by default none loses anything),
    weighed by `ranks` (LOSSES unless given); the form `pick`ed, None while not shown (its
    `name` is then what a reader misses); a
    `needed` part is always shown."""

    def __init__(self, forms: list, losses: list[str | None] | None = None, needed: bool = False,
                 name: str | None = None, ranks: dict[str, int] | None = None):
        self.forms = [form if isinstance(form, list) else [form] for form in forms]
        self.ranks = ranks or LOSSES
        self.losses = losses or [None] * len(forms)
        self.needed, self.name = needed, name
        self.heights = [sum(_rows(part) for part in form) for form in self.forms]
        self.pick = 0 if needed and forms else None

    def missing(self) -> str | None:
        """What a reader misses of this part: its `name` while not shown, what the form shown
        loses."""
        if self.pick is None:
            return self.name if self.forms else None
        return self.losses[self.pick]

    def rank(self, k: int) -> int:
        """How much form `k` loses (_loss_rank)."""
        return _loss_rank([loss for loss in (self.losses[k] or "").split(", ") if loss], self.ranks)

    def shorter(self, rank: int) -> bool:
        """Whether a shorter form follows the one shown that loses no more than `rank`."""
        return self.pick is not None and self.pick + 1 < len(self.forms) and self.rank(self.pick + 1) <= rank

    def rows(self) -> int:
        return 0 if self.pick is None else self.heights[self.pick]

    def shown(self) -> list[RenderableType]:
        return [] if self.pick is None else self.forms[self.pick]


# What the compact table may give up when rows run short, the least first: a rank each (a
# shorter form that loses nothing is rank 0).
NOTE_RANK = 1           # what the table gives up to make a row for what it leaves out
LOSSES = {"cards row": 2, "infirmary": 1, "icons": 1, "event icons": 1,
          "Spain leaders": 2, "Phil. leaders": 3, "your leaders": 3, "card texts": 4}
CAMP_AT_CHOICE = 4      # at the Fog of War step the Filipino leaders and barracks go last but
                        # for the cards' whole texts, which the choice needs more


def _ranks(me: int, choosing: bool) -> dict[str, int]:
    """LOSSES as seat `me` weighs them: at the Fog of War step (`choosing`) the Filipino camp
    ("your leaders" for the Philippines) is given up after every other part of the table, only
    before the cards' whole texts (the table is shortened before the cards at a rank)."""
    return {**LOSSES, ("Phil. leaders", "your leaders")[me]: CAMP_AT_CHOICE} if choosing else LOSSES


def _fit_slots(slots: list[_Slot], shorter: list[_Slot], extras: list[_Slot]) -> None:
    """Fit `slots` in COMPACT_ROWS: the needed ones take shorter forms while they do not fit,
    in the order of `shorter`, first those that lose nothing, then the least (LOSSES); then
    each of `extras` in turn takes its fullest form that fits in EXTRA_ROWS, if any."""
    for rank in range(max(*LOSSES.values(), CAMP_AT_CHOICE) + 1):
        for slot in shorter:
            while sum(s.rows() for s in slots) > COMPACT_ROWS and slot.shorter(rank):
                slot.pick += 1
    for slot in extras:
        if slot.pick is not None:
            continue
        left = EXTRA_ROWS - sum(s.rows() for s in slots)
        slot.pick = next((k for k, height in enumerate(slot.heights) if height <= left), None)


def _frame_forms(obs: dict, me: int, ranks: dict[str, int]) -> tuple[list[list[RenderableType]], list[str | None]]:
    """The areas with the rows around them, in forms of fewer and fewer rows, and what each
    form loses (None: nothing). The fullest: the turn; both tracks and the cards each side
    holds (_status); the areas; the infirmary and the command posts (_wards); Spain's leaders
    and soldiers in the detachment, and the Filipino leaders, barracks and guns in reserve, a
    row each. Then in fewer rows, nothing lost (_dense): the command posts beside the turn,
    the cards beside the tracks or the turn, the infirmary beside Spain's reserve, both
    reserves on one row. Then giving up the least first (`ranks`, _ranks), fewer and smaller
    losses first: the infirmary, the cards row, the other side's leaders, your own (at the Fog
    of War step, Spain's leaders before the Filipino camp)."""
    areas = _areas(obs)         # one table for every form: measured once (_rows)
    full = [*_status(obs, me), areas, *_wards(obs), _fit(_reserve_lines(obs)), _fit(_camp_lines(obs))]
    spain, camp = ("your leaders", "Phil. leaders") if me == 0 else ("Spain leaders", "your leaders")
    candidates = []
    for cards, beds, reserves in itertools.product((True, False), (True, False), ((True, True), (False, True),
                                                                                  (True, False), (False, False))):
        lost = ["cards row"] * (not cards) + ["infirmary"] * (not beds) + [spain] * (not reserves[0]) \
            + [camp] * (not reserves[1])
        candidates.append((_loss_rank(lost, ranks), len(lost), sum(ranks[loss] for loss in lost),
                           _dense(obs, me, areas, cards, beds, *reserves), ", ".join(lost) or None))
    forms, losses = [full], [None]
    for *_, rows, lost in sorted(candidates, key=lambda c: c[:3]):
        if sum(map(_rows, rows)) < min(sum(map(_rows, form)) for form in forms):
            forms.append(rows)
            losses.append(lost)
    return forms, losses


def _loss_rank(lost: list[str], ranks: dict[str, int]) -> int:
    """How much a form that gives up `lost` loses: 0 nothing, else its worst loss's rank."""
    return max((ranks[loss] for loss in lost), default=0)


def _keyed(rows: list[RenderableType], key: Text, own: bool) -> list[RenderableType]:
    """The rows with the key to the shared posts (_shared_posts) beside the first text row
    with room for it, else, if `own`, on a row of its own under the areas."""
    for i, row in enumerate(rows):
        beside = isinstance(row, Text) and _laid([*getattr(row, "pieces", [([row], "")]), ([key], " │ ")], strict=True)
        if beside:
            return rows[:i] + [beside] + rows[i + 1:]
    areas = next(i for i, row in enumerate(rows) if isinstance(row, Table))
    return rows[:areas + 1] + [key] + rows[areas + 1:] if own else rows


def _dense(obs: dict, me: int, areas: Table, cards: bool, beds: bool, spain: bool, camp: bool) -> list[RenderableType]:
    """The rows of _frame_forms with the small parts beside the larger where they fit: the
    `cards` each side holds (if shown) beside the tracks, else the turn; the command posts
    beside the turn or the tracks (not in place of the head start's words), else on a row
    after the areas; the infirmary (if `beds`) beside Spain's
    reserve, else the command posts, else on its own; `spain`'s leaders and soldiers in the
    detachment and the Filipinos' reserve (the `camp`), each if shown, on one row when both
    fit."""
    top = [_header_pieces(obs, me),
           [(_tracks_forms(obs, me), "")]]
    after: list[list[tuple[list[Text], str]]] = []
    notes = _notes_row(obs, me)
    if cards and notes is not None:
        _place(([notes], " · "), [top[1], top[0]]) or top.append([([notes], "")])
    command = _command_forms(obs)
    starting = any(_head_start(obs, side) for side in (0, 1))      # the tracks keep those words
    _place((command, " │ "), top[:1] if starting else top) or after.append([(command, "")])
    both = _reserves_row(obs)
    bottom = ([[([both], "")]] if spain and camp and both.cell_len <= COMPACT_WIDTH
              else [[(_reserve_lines(obs), "")]] * spain + [[(_camp_lines(obs), "")]] * camp)
    if beds:
        infirmary = _infirmary_forms(obs)
        _place((infirmary, " │ "), [*bottom[:1], *after, top[0]]) or after.insert(0, [(infirmary, "")])
    return [*map(_laid, top), areas, *map(_laid, after), *map(_laid, bottom)]


def _place(piece: tuple[list[Text], str], hosts: list[list]) -> bool:
    """Put `piece` (its forms, the fullest first, and what goes before it on a row) at the end
    of the first of the `hosts` (rows of pieces) it fits beside."""
    for host in hosts:
        if _laid(host + [piece], strict=True) is not None:
            host.append(piece)
            return True
    return False


class _Laid(Text):
    """A row of pieces side by side (_laid), which keeps them, to be laid again with another."""

    __slots__ = ("pieces",)


def _laid(pieces: list[tuple[list[Text], str]], strict: bool = False) -> Text | None:
    """Pieces side by side on one row, in the fullest forms that fit (the earlier pieces said
    shorter first); else, unless `strict`, the shortest forms (the row wraps)."""
    pieces = [([form for k, form in enumerate(forms) if form.plain not in {f.plain for f in forms[:k]}], sep)
              for forms, sep in pieces]     # a form said again would count as shortened
    combos = sorted(itertools.product(*(range(len(forms)) for forms, _ in pieces)),
                    key=lambda picks: (sum(picks), [-k for k in picks]))
    for picks in combos:        # the last: every piece in its shortest form
        row = _Laid()
        for (forms, sep), k in zip(pieces, picks):
            row.append(sep if row.plain else "", style="dim").append_text(forms[k])
        row.pieces = pieces
        if row.cell_len <= COMPACT_WIDTH:
            return row
    return None if strict else row


def _status(obs: dict, me: int) -> list[Text]:
    """The turn line, then both sides' tracks on one row, with the cards each side holds in
    secret or has announced (_notes_row) after them, the tracks said shorter for it (the head
    start's words first), or on a row of their own."""
    tracks, notes = _tracks_forms(obs, me), _notes_row(obs, me)
    if notes is None:
        return [_laid(_header_pieces(obs, me)), _fit(tracks)]
    both = [line + Text(" · ", style="dim") + notes for line in tracks]
    one = [line for line in both if line.cell_len <= COMPACT_WIDTH][:1]
    return [_laid(_header_pieces(obs, me)), *(one or [_fit(tracks), notes])]


def _header_pieces(obs: dict, me: int) -> list[tuple[list[Text], str]]:
    """The compact header as a row's pieces (_laid), said without the game's name and the
    initiative (the tracks' ◆) where another piece needs the room."""
    return [([_header(obs, me, short=True), _header(obs, me, brief=True)], "")]


def _tracks_forms(obs: dict, me: int) -> list[Text]:
    """Both sides' tracks on a row (_tracks_row), said shorter and shorter: the head start's
    words first."""
    forms = ((True, True, True), (False, True, True), (False, False, True), (False, False, False))
    return [_tracks_row(obs, me, *form, start=start) for start in (True, False) for form in forms]


def _notes_row(obs: dict, me: int) -> Text | None:
    """The cards each side holds in secret or has announced (_secrets), by side (the automa's
    card names its side); None if none."""
    notes = [Text(f"{('Spain', 'Phil.')[side]}: " * (not secrets.plain.startswith("automa")),
                  style=STYLE[side]).append_text(secrets)
             for side in (0, 1) for secrets in (_secrets(obs, me, side, short=True),) if secrets.plain]
    return Text(" · ", style="dim").join(notes) if notes else None


def _tracks_row(obs: dict, me: int, long_name: bool, you: bool, hand: bool, start: bool = True) -> Text:
    """Both sides' supply, morale and VP, action points in the Action phase, cards in hand;
    ◆ marks the initiative: "Spain (you) ◆ supply 6 morale 6 VP 7 hand 6 │ Phil. supply 4 ..."."""
    sides = []
    for side in (0, 1):
        name = SIDES[side] if long_name or side == 0 else "Phil."
        text = Text(name + (" (you)" if you and side == me else ""), style=STYLE[side])
        if obs["initiative"] == SIDES[side]:
            text.append(" ◆", style="yellow")
        text.append(f" supply {obs['supply'][side]} morale {obs['morale'][side]} VP {_vp(obs, side) if start else obs['vp'][side]}")
        if obs["phase"] == "action":
            text.append(f" AP {_ap(obs, side)}")
        if hand:
            text.append(f" hand {len(obs['hand']) if side == me else obs['other_hand']}")
        sides.append(text)
    return sides[0] + Text(" │ ", style="dim") + sides[1]


OPENING = ("deal", "initiative")       # the phases of turn 1 whose screens say the head start


def _head_start(obs: dict, side: int) -> bool:
    """Whether the side's VP are the set-up's head start (the starting VP of RULES.md, which
    no rulebook line gives) on the game's first screens, before anything can score."""
    return obs["turn"] == 1 and obs["phase"] in OPENING and obs["vp"][side] == obs["vp_start"][side] > 0


def _vp(obs: dict, side: int) -> str:
    """A side's VP, "7 (head start)" while they are the head start."""
    return f"{obs['vp'][side]}{' (head start)' * _head_start(obs, side)}"


def _ap(obs: dict, side: int) -> str:
    """The side's action points; "–" in the Action phase before its part begins (the
    initiative side acts first, l.348), where 0 would read as points spent."""
    waiting = obs["phase"] == "action" and obs["initiative"] != SIDES[side] and obs["step"] == 0
    return "–" if waiting else str(obs["ap"][side])


def _areas(obs: dict) -> Table:
    """An area a row under the column heads: walls, firepower, surveillance, Spain's guard
    posts then the Filipinos', trench sections and artillery."""
    areas = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold dim")
    for col in ("", "wall", "fp", SURVEILLANCE):
        areas.add_column(col, no_wrap=True, min_width=len(col))
    for head in _post_heads(obs["board"]["areas"]):      # as wide when empty: the heads stay apart
        areas.add_column(head, no_wrap=True, overflow="ellipsis", min_width=POST_CELL, max_width=POST_CELL + 1)
    for col in ("tr", "gun"):
        areas.add_column(col, no_wrap=True, overflow="ellipsis", min_width=len(col), max_width=9)
    for n, a in enumerate(obs["board"]["areas"], 1):
        posts = [[_unit(p["unit"], side, 4) for p in a["posts"][side]] for side in (0, 1)]
        posts = [(cells + [Text("")] * 3)[:3] for cells in posts]
        fp = a["shooting_firepower"]
        areas.add_row(Text(str(n), style="bold"), Text(a["walls"][:3], style=WALL_STYLE[a["walls"]]),
                      Text(f"{fp:+d}", style="blue" if fp > 0 else "red" if fp < 0 else ""),
                      _surveillance(a), *posts[0], *posts[1], _trenches(a),
                      _unit(a["artillery"], 1, 3) if a["artillery"] else EMPTY.copy())
    return areas


def _wards(obs: dict) -> list[RenderableType]:
    """The infirmary and both sides' command posts, on one row when they fit (an empty
    infirmary, empty posts said shortly; a full one's patients not by name alone), else a row
    each."""
    beds = _infirmary_forms(obs)
    command = _command_forms(obs)
    for posts in command:
        for infirmary in _infirmary_forms(obs, last_resort=False):
            if infirmary.cell_len + 2 + posts.cell_len <= COMPACT_WIDTH:
                return [infirmary + Text("  ") + posts]
    fits = [line for line in command[:2] if line.cell_len <= COMPACT_WIDTH]
    return [_fit(beds), fits[0] if fits else Packed(Text("Command ", style="bold"), _command_sides(obs)[1], " │ ")]


def _infirmary_forms(obs: dict, last_resort: bool = True) -> list[Text]:
    """The compact infirmary row, the fullest first, a full one with its warning (_with_warning)."""
    label = Text("Infirmary ", style="bold")     # the detachment is the Spanish leaders' row
    return [label + form for form in _with_warning([_beds(obs, 5), _beds(obs, 3), _beds_short(obs)], obs,
                                                   last_resort)]


def _command_sides(obs: dict) -> list[list[Text]]:
    """Each side's command posts (_command), with the leaders' factors, else by name, else only
    the posts manned."""
    return [[Text("Spain ", style="blue").append_text(_command(obs, 0, 4, factors, empty)),
             Text("Phil. ", style="red").append_text(_command(obs, 1, 4, factors, empty))]
            for factors, empty in ((True, True), (False, True), (True, False), (False, False))]


def _command_forms(obs: dict) -> list[Text]:
    """Both sides' command posts on a row, the fullest first; "Command —" when none is manned."""
    forms = [Text("Command ", style="bold").append_text(spain).append(" │ ", style="dim").append_text(phil)
             for spain, phil in _command_sides(obs)]
    manned = any(u for posts in obs["board"]["command"] for u in posts.values())
    return forms if manned else forms + [Text("Command ", style="bold").append_text(EMPTY)]


def _beds_short(obs: dict) -> Text:
    """The infirmary in few words: its patients in bed order, then how many open beds are free
    and how many are closed ("Fabr 2/1 · 2 free · 3 ✕")."""
    beds = obs["board"]["beds"]
    patients = [u for u in beds[:obs["beds_open"]] if u]
    free, closed = obs["beds_open"] - len(patients), len(beds) - obs["beds_open"]
    parts = [Text(" ").join(_unit(u, 0, 4) for u in patients)] if patients else []
    parts += [Text(f"{free} free", style="green")] * bool(free) + [Text(f"{closed} ✕", style="dim")] * bool(closed)
    return Text(" · ", style="dim").join(parts)


def _post_heads(areas: list[dict]) -> list[Text]:
    """The compact board's guard-post columns: Spain's in blue, then the Filipinos', each
    by its die label, ⇄ when the post is shared by several areas (its one counter shows in
    the row of each)."""
    heads = []
    for side in (0, 1):
        for i in range(3):
            posts = [a["posts"][side][i] for a in areas if i < len(a["posts"][side])]
            shared = SHARED * any(p["shared"] for p in posts)
            heads.append(Text(f"{posts[0]['label'] if posts else ''}{shared}", style=("bold blue", "bold red")[side]))
    return heads


def _reserve_lines(obs: dict, label: str = "Spain leaders ") -> list[Text]:
    """The Spanish leaders in their detachment row and the soldiers in the other two, on one
    row: the leaders with their factors, else by name."""
    rows = obs["board"]["detachment"]
    leaders = [u for units in rows[0] for u in units]
    soldiers = sum(len(units) for row in rows[1:] for units in row)
    tail = Text(f"  soldiers {soldiers}", style="dim")
    return [Text(label, style="bold").append_text(shown).append_text(tail)
            for shown in (_slots(leaders, 0, SHORT_NAME), _names(leaders, 0))]


def _rows(renderable: RenderableType) -> int:
    """The rows `renderable` takes at COMPACT_WIDTH columns; a table's or a group's measured
    once (the compact table weighs the same areas in every form it tries)."""
    if isinstance(renderable, Text):
        return len(_MEASURE.render_lines(renderable, _MEASURE.options, pad=False))
    if renderable not in _MEASURED:
        _MEASURED[renderable] = len(_MEASURE.render_lines(renderable, _MEASURE.options, pad=False))
    return _MEASURED[renderable]


_MEASURED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()     # _rows of the tables and groups alive


def _camp_lines(obs: dict, label: str = "Phil. leaders ") -> list[Text]:
    """The Filipino leaders, barracks and guns in reserve on one row, from the fullest to the
    shortest: the barracks by their soldiers' factors, else by count and combat strength; the
    leaders with their factors, else by name (a disabled one "off"); the guns in fewer words."""
    b = obs["board"]
    soldiers = b["barracks"]
    total = Text(f"{len(soldiers)} (combat {sum(u['combat'] for u in soldiers)})" if soldiers else "—", style="cyan")
    factors, names = _slots(b["leaders"], 1, SHORT_NAME), _names(b["leaders"], 1)
    return [Text(label, style="bold").append_text(leaders).append("  barracks ", style="bold")
            .append_text(barracks).append(f"  {guns} {b['artillery_reserve']}", style="dim")
            for leaders, barracks, guns in ((factors, _barracks(obs), "guns in reserve"),
                                            (factors, total, "guns in reserve"),
                                            (names, total, "guns in reserve"), (names, total, "guns"))]


def _reserves_row(obs: dict) -> Text:
    """Both sides' reserves on one row, the leaders by name: "Leaders Spain More Zaya
    soldiers 12 │ Phil. Novi Tecs  barracks 6 (combat 8)  guns 4"."""
    return (Text("Leaders ", style="bold") + _reserve_lines(obs, "Spain ")[-1] + Text(" │ ", style="dim")
            + _camp_lines(obs, "Phil. ")[-1])


def _shared_posts(obs: dict) -> Text:
    """Which areas share each guard post that stands in several (⇄ on the column heads), by
    its label, by side where the sides' differ: "⇄ 2: all · 5-6: 1+4, 2+3 · 1-2: 1+2, 3+4"."""
    groups: dict[str, list[list[tuple[int, ...]]]] = {}
    for side in (0, 1):
        posts: dict[str, list[tuple[int, ...]]] = {}
        for n, area in enumerate(obs["board"]["areas"], 1):
            for p in area["posts"][side]:
                together = tuple(sorted({n, *p["shared"]}))
                if p["shared"] and together not in posts.setdefault(p["label"], []):
                    posts[p["label"]].append(together)
        for label, areas in posts.items():
            groups.setdefault(label, [[], []])[side] = areas
    entries = []
    for label, by_side in groups.items():
        kinds = [areas for areas in by_side if areas]
        for side, areas in enumerate(by_side):
            if areas and (side == by_side.index(areas) or len(kinds) > 1 and kinds[0] != kinds[1]):
                whose = f"{('Spain', 'Phil.')[side]} " * (len(kinds) > 1 and kinds[0] != kinds[1])
                whole = len(areas) == 1 and len(areas[0]) == len(obs["board"]["areas"])
                entries.append(f"{whose}{label}: " + ("all" if whole else ", ".join("+".join(map(str, g)) for g in areas)))
    return Text(f"{SHARED} ", style="bold").append(" · ".join(entries), style="dim")


def _fit(lines: list[Text], width: int = COMPACT_WIDTH) -> Text:
    """The first of `lines` that fits in one row of `width`, else the last."""
    return next((line for line in lines if line.cell_len <= width), lines[-1])


def _choosing_cards(obs: dict, me: int) -> bool:
    """The Fog of War step, where the seat keeps or gives its draw and may take a shared card:
    the cards it chooses between are shown in full."""
    return obs["actor"] == me and obs["node"] in (NODES["fow_keep"], NODES["fow_shared"])


def _fog_of_war(obs: dict, label: str = "Fog of War card drawn: ") -> list[Text]:
    """The Fog of War card the seat drew, in full."""
    card = obs["cards"]["fog_of_war"]
    return [Text(label, style="bold").append_text(_card(card))] if card else []


CUT_NAME = 10           # a card's name cut short in a hand whose menu names every card in full


def _hand_heads(obs: dict, names: bool = False, count: bool = False, icons: bool = True,
                numbers: bool = True, cut: bool = False) -> Text:
    """Your hand by name, action points and initiative (its `numbers`) and `icons` (only by
    `names`; or its `count` of cards); each name `cut` to CUT_NAME cells where the menu below
    names the cards in full (choosing one), and "Hand:" for "Your hand:", which leaves room
    for the parts of the table or the note of those left out."""
    hand, cards = Text("Hand: " if cut else "Your hand: ", style="bold"), obs["cards"]["hand"]
    if count or not cards:
        return hand.append(counted(len(cards), "card") if cards else "(empty)", style="dim")
    if cut:
        cards = [dict(c, name=c["name"][:CUT_NAME - 1].rstrip() + "…") if len(c["name"]) > CUT_NAME else c
                 for c in cards]
    return hand.append_text(Text(" · ").join(_card_name(c) if names else _card_head(c, icons, numbers)
                                              for c in cards))


def _in_rows(text: Text) -> list[Text]:
    """A row of parts joined by " · " cut between two parts into rows of COMPACT_WIDTH at most,
    so that a note may go beside the last (_beside); a part too long for a row wraps."""
    plain, rows, start = text.plain, [], 0
    while text[start:].cell_len > COMPACT_WIDTH:
        cut = plain.rfind(" · ", start, start + COMPACT_WIDTH + 3)     # a row of COMPACT_WIDTH at most
        if cut <= start:
            break
        rows.append(text[start:cut])
        start = cut + 3
    return rows + [text[start:]]


WALLS_FALL_VP = 6       # "The Philippine side scores 6 victory points, and the game ends" (l.1190)


def _walls_end_ahead(before: dict, after: dict) -> list[str]:
    """The walls Destroyed in a second area while the game goes on (option walls_end=upkeep):
    the Upkeep's check will end the siege (l.1187-l.1190), said when it is sealed, not only
    when it strikes."""
    fallen = [sum(w == "Destroyed" for w in obs["walls"]) for obs in (before, after)]
    if after["over"] or not fallen[0] < 2 <= fallen[1]:
        return []
    return [f"the walls are Destroyed in {fallen[1]} areas: the siege ends at this turn's Upkeep, "
            f"the Philippines scoring {WALLS_FALL_VP} VP"]


# Walls brought to Destroyed by an attack that is no shelling, or an event: "If the condition of
# the church walls reaches the state 'Destroyed' as a consequence of the artillery attack, flip
# the wall condition marker. [...] the Philippine side scores 1 victory point." (l.873)
UNSCORED_WALLS = " (no VP: only artillery scores walls brought to Destroyed)"


def changes(before: dict, after: dict, seat: int | None) -> list[str]:
    """What an action changed that its own description does not say, each cause before what it
    scores: the initiative cards when they are revealed, the combat's steps, units lost or
    taken ill, walls, tracks, markers, the phase begun, cards moved to a discard pile, guns
    placed, the territorial map (an event that changes nothing says so on its own line)."""
    lines = _revealed(before, after, seat) or list(_fog_idle(before, after).values())   # a card resolved later
    lines += _siege_begins(before, after)
    going, begun = _combat_changes(before, after, seat)
    lines += going or begun     # a kill is told before the VP it scores, a combat begun after both
    begun = begun if going else []
    lines += _units_changes(before, after, seat) + _leaders_recovered(before, after, seat)
    unscored = after["vp_from"][1]["shelled"] == before["vp_from"][1]["shelled"]
    for a, (w0, w1) in enumerate(zip(before["walls"], after["walls"]), 1):
        if w0 != w1:            # walls shelled to Destroyed score (l.873): before the VP
            lines.append(f"walls of area {a}: {w0} → {w1}"
                         + (UNSCORED_WALLS if w1 == "Destroyed" and unscored else ""))
    lines += _walls_end_ahead(before, after)
    for key, label in (("supply", "supply"), ("morale", "morale"), ("vp", "VP")):
        for side in (0, 1):
            if before[key][side] != after[key][side]:
                why = _vp_reason(before, after, side) if key == "vp" else ""
                lines.append(f"{_of(side, seat, ' ')}{label} {before[key][side]} → {after[key][side]}"
                             + (f": {why}" if why else ""))
    if before["beds_open"] != after["beds_open"]:
        lines.append(f"infirmary beds open: {before['beds_open']} → {after['beds_open']}")
    return (lines + _marker_changes(before, after, seat) + _territorial_result(before, after, seat)
            + _territory_changes(before, after, seat)
            + _phase_begins(before, after) + begun + _hand_to_ap(before, after, seat)   # what follows may be
            + _cards_moved(before, after, seat) + _guns_moved(before, after, seat) + _us_arrives(before, after))


def _vp_reason(before: dict, after: dict, side: int) -> str:
    """Why the side's VP went up (view.vp_why): the enemy units that scored by name, a leader
    said to be one (he scores 2, l.707), dead in the infirmary or deserted; the card whose event
    scored; the walls shelled; the Filipino stack's space."""
    gained = {source: after["vp_from"][side][source] - before["vp_from"][side][source]
              for source in after["vp_from"][side]}
    was = {u["name"] for u in before["board"]["lost"][1 - side]}
    in_bed = {u["name"] for u in before["board"]["beds"] if u}
    units: dict[str, dict[str, list[str]]] = {"kill": {}, "infirmary": {}, "desertion": {}, "artillery": {}}
    for u in after["board"]["lost"][1 - side]:
        if u["name"] in was:
            continue
        source, verb = (("infirmary", "dead in the infirmary") if u["name"] in in_bed
                        else ("desertion", "deserted") if gained["desertion"]
                        else ("artillery", "destroyed") if u["type"] == "artillery"    # its own VP source
                        else ("kill", "killed"))
        units[source].setdefault(verb, []).append(u["label"] + " (a leader)" * (u["type"] == "leader"))
    if sum(map(len, units["desertion"].values())) != gained["desertion"]:   # none on a space die of 6
        units["desertion"] = {}
    named = {source: units_words(verbs) for source, verbs in units.items() if verbs}
    cards = {c["name"] for obs in (before, after) for c in [*obs["cards"]["events"][:2], obs["cards"]["revealed"][side]]
             if c and _side_of(c) in (side, None) and any("VP" in text for text in c["main"] + c["secondary"])}
    if len(cards) == 1:
        named["event"] = cards.pop()
    shelled = [str(a) for a, (w0, w1) in enumerate(zip(before["walls"], after["walls"]), 1)
               if w1 == "Destroyed" != w0]
    if shelled:
        named["shelled"] = f"the walls of area {listed(shelled)} shelled to Destroyed"
    if after["territorial"]:
        named["territory"] = f"the Filipino stack at space {after['territorial']} of the territorial map"
    return vp_why(gained, named)


def _of(side: int, seat: int | None, sep: str = ": ") -> str:
    """Whose a line is, before what it tells: "your " to the side's own seat (the play screen
    keeps what concerns the player first, core/narration.py concern()), else "Spain: " or,
    before a track, "Spain "."""
    return "your " if side == seat else SIDES[side] + sep


def _phase_begins(before: dict, after: dict) -> list[str]:
    """The phase the action led into (l.317-l.342); the deal opens a turn."""
    if (before["turn"], before["phase"]) == (after["turn"], after["phase"]) or after["over"]:
        return []
    if after["phase"] == "deal":
        return [f"— turn {after['turn']} begins: the deal —"]
    return [f"— turn {after['turn']}: the {after['phase']} phase —"]


def _hand_to_ap(before: dict, after: dict, seat: int | None) -> list[str]:
    """A side's cards left in hand as its part of the Action phase begins, played face up
    (l.553): each gives the action points on it, added together (l.508); an enemy Fog of War
    card gives none and is discarded (l.545)."""
    if after["phase"] != "action":
        return []
    owner = 0 if seat is None else seat         # whose hand the observations hold
    lines = []
    for side in (0, 1):
        held = [len(obs["hand"]) if side == owner else obs["other_hand"] for obs in (before, after)]
        if not held[0] or held[1]:
            continue
        was = {c["id"] for c in before["cards"]["discard"][side] + before["cards"]["removed"]}
        cards = [c for c in after["cards"]["discard"][side] + after["cards"]["removed"] if c["id"] not in was]
        blank = [c for c in cards if c["type"] == "fog_of_war" and _side_of(c) != side]
        given = " + ".join(f"{c['name']} {c['ap']}" for c in cards if c not in blank)
        line = (f"{whose(side, seat)} {counted(held[0], 'card')} left in hand "
                f"become{'s' * (held[0] == 1)} {after['ap'][side]} AP" + (f": {given}" if given else ""))
        for c in blank:
            line += (f"; {c['name']} ({whose(1 - side, seat)} Fog of War card) gives none and is "
                     "discarded")
        lines.append(line)
    return lines


def _guns_moved(before: dict, after: dict, seat: int | None) -> list[str]:
    """An artillery piece placed from the reserve (US Support, events) outside a combat (whose
    own account tells a piece destroyed); a piece moved to another area is told by the move
    itself ("Philippines: Artillery 3/0 moves → Artillery post, area 3"), once."""
    if before.get("combat_log") != after.get("combat_log"):
        return []
    guns = [[a["artillery"]["name"] if a["artillery"] else None for a in obs["board"]["areas"]]
            for obs in (before, after)]
    lines = []
    for area, now in enumerate(guns[1], 1):
        if now and now not in guns[0]:
            gun = next(a["artillery"]["label"] for a in after["board"]["areas"] if a["artillery"]
                       and a["artillery"]["name"] == now)
            lines.append(f"{_of(1, seat)}{gun} from the reserve → the artillery post of area {area}")
    return lines


def _us_arrives(before: dict, after: dict) -> list[str]:
    """The US power marker replacing Spain's (l.1202): a step of the phase it begins."""
    (_, _, us0), (space, strength, us1) = before["foreign_power"], after["foreign_power"]
    if not us1 or us0:
        return []
    return [f"the US power marker replaces Spain's on the territorial map: space {space}"
            f"{' (Manila)' if space == 5 else ''}, strength {strength}"]


def _territorial_result(before: dict, after: dict, seat: int | None) -> list[str]:
    """A territorial combat decided by the action: each side's successes (5s and 6s, l.1398)
    and what they make of it (l.1402-l.1409); where the stack and the marker go follows. It
    is decided once the defender's dice are rolled and modified: the attacker's are as they
    were before the action, the defender's after it (a US combat that follows at once starts
    the attacker's dice again)."""
    fight, going = before["territorial_fight"], after["territorial_fight"]
    if not (fight and fight["defending"]) or (going and going["defending"]):
        return []
    attacker = fight["attacker"]
    dice = {attacker: before["territorial_dice"][attacker],
            1 - attacker: after["territorial_dice"][1 - attacker]}
    phil, foreign = (sum(face >= FLOW["TERR_SUCCESS"] for face in dice[side]) for side in (1, 0))
    power = "the US" if before["foreign_power"][2] else "Spain"
    filipinos = "you" if seat == 1 else "the Philippines"
    score = f"territorial combat, successes (5s and 6s): {filipinos} {phil}, {power} {foreign}"
    if phil == foreign:
        outcome = "a tie, nothing happens"
    elif phil > foreign:
        outcome = f"{filipinos} win" + (", the US goes back" if power == "the US" and attacker == 0 else "")
    elif power == "Spain":
        outcome = "Spain wins, nothing happens"
    else:
        outcome = f"the US wins: {filipinos} lose a unit and retreat"
    return [f"{score}: {outcome}"]


def _territory_changes(before: dict, after: dict, seat: int | None) -> list[str]:
    """The foreign power's marker (Spain's, then the US's: l.1353-l.1361) and the Filipino
    stack on the territorial map, where they move; the Filipino units that enter or leave it
    (l.1367-l.1376, l.1404). The action's doing, told before the phase it leads into."""
    (space0, strength0, us0), (space1, strength1, us1) = before["foreign_power"], after["foreign_power"]
    lines = []
    if space0 != space1 and us0 == us1:
        lines.append(f"{'US' if us1 else 'Spanish'} power marker: space {space0} → space {space1}")
    if us0 and us1 and strength0 != strength1:
        lines.append(f"US power marker: strength {strength0} → {strength1}")
    t0, t1 = before["territorial"], after["territorial"]
    if t0 and t0 != t1:
        lines.append("Filipino stack on the territorial map: " + (f"space {t0} → space {t1}" if t1 else "leaves the map"))
    on = [{u["name"]: u["label"] for units in obs["board"]["territory"] for u in units} for obs in (before, after)]
    lines += [f"{_of(1, seat)}{label} → the territorial map, space {t1}{' (Baler)' if t1 == 1 else ''}"
              for name, label in on[1].items() if name not in on[0]]
    lines += [f"{_of(1, seat)}{label} leaves the territorial map → {_went(after, name)}"
              for name, label in on[0].items() if name not in on[1]]
    return lines


def _went(obs: dict, name: str) -> str:
    """Where a Filipino unit who left the territorial map stands: a leader in his detachment
    space, a soldier in the bag (l.1404), or the eliminated units."""
    if _lost(obs, name):
        return "eliminated"
    return "the leaders' reserve" if any(u["name"] == name for u in obs["board"]["leaders"]) else "the Filipino bag"


def _siege_begins(before: dict, after: dict) -> list[str]:
    """The starting VP, told with the game's first move (the set-up's, RULES.md)."""
    if before["turn"] != 1 or before["phase"] != "deal" or any(before["cards"]["shared"]) \
            or not any(after["cards"]["shared"]):
        return []
    vp = before["vp"]
    return [f"The siege begins: Spain {vp[0]} VP, the Philippines {vp[1]} VP (Spain's head start "
            f"in Partisan's set-up, for side balance); a lead of {LEAD} VP at an Upkeep ends the game"]


def _cards_moved(before: dict, after: dict, seat: int | None) -> list[str]:
    """Cards that enter a discard pile at the Fog of War step, named (a card given away, kept
    or taken from the shared cards is seen landing on the pile, l.1210-l.1211); a discard
    pile shuffled into a new draw deck (l.1252)."""
    lines = []
    for side in (0, 1):
        was = {c["id"] for c in before["cards"]["discard"][side]}
        pile = after["cards"]["discard"][side]
        if before["phase"] == "upkeep":
            for card in pile:
                if card["id"] not in was:
                    kind = CARD_KINDS.get((card["side"], card["type"]), "card")
                    lines.append(f"{card['name']} ({kind}){_sent_by(card, side, seat)} goes into "
                                 f"{whose(side, seat)} discard pile")
        if after["deck"][side] > before["deck"][side] and len(pile) < len(was):
            lines.append(f"{whose(side, seat)} discard pile ({len(was)} cards) is shuffled into a new "
                         "draw deck")
    return lines


def _sent_by(card: dict, pile: int, seat: int | None) -> str:
    """Who put a Fog of War or shared card on side `pile`'s discard pile, and why: a Fog of War
    card given back by the side that drew it (its owner plays it later), or kept from its owner
    for 1 morale (a blank card in the keeper's hand); a shared card taken (l.1210-l.1211)."""
    owner = {"spain": 0, "philippines": 1}.get(card["side"])
    if card["type"] == "shared":
        return f", taken by {_subject(pile, seat)},"
    if card["type"] != "fog_of_war" or owner is None:
        return ""
    if owner == pile:
        return f", given back by {_subject(1 - pile, seat)},"
    return f", kept by {_subject(pile, seat)} for 1 morale (a blank card in that hand),"


def _subject(side: int, seat: int | None) -> str:
    """A side as the subject a viewer reads: "you", "Spain", "the Philippines"."""
    return "you" if side == seat else ("Spain", "the Philippines")[side]


def _units_changes(before: dict, after: dict, seat: int | None) -> list[str]:
    """Units that enter or leave the infirmary or are lost outside a combat (whose own account
    tells its casualties): beriberi and desertion in the Attrition phase (l.389-l.446), healing,
    a death in bed 0."""
    if before.get("combat_log") != after.get("combat_log") or after["combat"]["kind"]:
        return []
    why = " (beriberi)" if before["phase"] == "attrition" or before["loss"] == "beriberi" else ""
    beds = [{u["name"]: (bed, u["label"]) for bed, u in enumerate(obs["board"]["beds"], 1) if u}
            for obs in (before, after)]
    admitted = [f"{_of(0, seat)}{label} {'falls ill' + why if why else 'is wounded'} → infirmary bed {bed}"
                for name, (bed, label) in beds[1].items() if name not in beds[0]]
    healed = [f"{_of(0, seat)}{label} leaves the infirmary (bed {bed}) → {_healed_to(after, name)}"
              for name, (bed, label) in beds[0].items() if name not in beds[1] and not _lost(after, name)]
    # the wounded move along the beds: pushed to make room for a new one (l.950), or up to
    # close a gap a healed one left (l.965)
    moved = [f"{_of(0, seat)}{label} (bed {bed}) {'pushed' if admitted else 'moves up'} → bed {beds[1][name][0]}"
             for name, (bed, label) in beds[0].items() if name in beds[1] and beds[1][name][0] != bed]
    dead = {u["name"] for u in after["board"]["lost"][0]} - {u["name"] for u in before["board"]["lost"][0]}
    along = [name for name, (bed, _) in beds[0].items()          # a push kills the man in bed 1
             if name in dead and admitted or name in beds[1] and beds[1][name][0] != bed]
    together = bed_moves([(beds[0][name][1], beds[0][name][0], beds[1][name][0] if name in beds[1] else None)
                          for name in along], pushed=bool(admitted), free=len(beds[0]) < before["beds_open"])
    told = set(along) if together else set()
    if together:                # several men along the beds: one line, each with his beds
        moved = [_of(0, seat) + together]
    lines = moved + admitted if admitted else healed + moved
    for side in (0, 1):
        was = {u["name"] for u in before["board"]["lost"][side]}
        for u in after["board"]["lost"][side]:
            if u["name"] in was or u["name"] in told:
                continue
            if u["name"] in beds[0]:
                dies = PUSHED_OUT if admitted else "dies in the infirmary → eliminated"
                lines.append(f"{_of(side, seat)}{u['label']} (bed {beds[0][u['name']][0]}) {dies}")
            elif before["phase"] == "attrition" and side == 0:
                free = " (no VP: its space die was a 6)" * (after["vp"][1] == before["vp"][1])
                lines.append(f"{_of(0, seat)}{u['label']} deserts → {whose(1, seat)} eliminated units{free}")
            else:
                lines.append(f"{_of(side, seat)}{u['label']} → eliminated")
    return lines


def _board_units(tree) -> list[dict]:
    """Every counter the board shows, wherever it stands."""
    if isinstance(tree, dict):
        return [tree] if "disabled" in tree else [u for v in tree.values() for u in _board_units(v)]
    if isinstance(tree, list):
        return [u for v in tree for u in _board_units(v)]
    return []


def _leaders_recovered(before: dict, after: dict, seat: int | None) -> list[str]:
    """A disabled leader face up again: at the Leaders step of the turn after his roll of 1
    (RULES.md reading 7; the rulebook, l.1229, does not say when)."""
    was = {u["name"] for u in _board_units(before["board"]) if u["disabled"]}
    return [f"{_of(u['side'], seat)}{u['label']} is face up again: a disabled leader misses one turn "
            "(he may go to the command area again)"
            for u in _board_units(after["board"]) if u["name"] in was and not u["disabled"]]


def _healed_to(obs: dict, name: str) -> str:
    """Where a unit who left the infirmary stands: "Put soldiers into the bag, and return
    leaders to the corresponding space in the detachment" (l.1109); one healed by choice to a
    detachment space, or the bag when none is free (l.1113)."""
    rows = obs["board"]["detachment"]
    for label, row in zip(("1-2", "3-4", "5-6"), rows):
        if any(u["name"] == name for units in row for u in units):
            return f"detachment {label}"
    return "the Spanish bag"


def _lost(obs: dict, name: str) -> bool:
    return any(u["name"] == name for pool in obs["board"]["lost"] for u in pool)


def _marker_changes(before: dict, after: dict, seat: int | None) -> list[str]:
    """Persistence turned, surveillance markers placed or returned, trench sections built
    outside a combat (a combat's own account tells those it sabotages)."""
    lines = []
    if before["persistence"] != after["persistence"]:
        lines.append(f"{_of(1, seat)}Persistence {'active' if after['persistence'] else 'used'}")
    for side in (0, 1):
        for a in range(4):
            was, now = (before["surveillance"][side] >> a) & 1, (after["surveillance"][side] >> a) & 1
            if was != now:
                lines.append(f"{_of(side, seat)}surveillance marker {'placed in' if now else 'leaves'} area {a + 1}")
    if before.get("combat_log") == after.get("combat_log"):
        for t in range(8):
            if not (before["trenches_built"] >> t) & 1 and (after["trenches_built"] >> t) & 1:
                lines.append(f"{trench_name(t)} built")
            elif (before["trenches_sabotaged"] >> t) & 1 and not (after["trenches_sabotaged"] >> t) & 1:
                lines.append(f"{trench_name(t)} repaired")
    return lines


def _revealed(before: dict, after: dict, seat: int | None) -> list[str]:
    """Both initiative cards as they turn over, and who holds the initiative (l.348); then each
    side's own Fog of War card among them, by its title, whose event is resolved at once, the
    initiative's first (l.315), and which then leaves the game (l.350): the lines of its
    event do not name it; one resolved at once with no effect says so under its line."""
    cards = after["cards"]["revealed"]
    if _revealed_yet(before) or not _revealed_yet(after):
        return []
    shown = [f"{SIDES[side]} {card['name']} (initiative {card['initiative']})" if card
             else f"{SIDES[side]} no card" for side, card in enumerate(cards)]
    held = "keeps" if before["initiative"] == after["initiative"] else "takes"
    lines = [f"Initiative cards revealed: {shown[0]}, {shown[1]}: {after['initiative']} {held} the initiative"]
    idle = _fog_idle(before, after)
    for k, side in enumerate(_fog_order(after)):
        lines.append(f"{whose(side, seat)} Fog of War card {cards[side]['name']}, played for the initiative "
                     f"and then out of the game, is resolved {'next' if k else 'now'}: {'; '.join(cards[side]['main'])}")
        lines += [idle[side]] if side in idle else []
    return lines


def _revealed_yet(obs: dict) -> bool:
    """Whether this turn's initiative cards are face up (a card's id may be 0)."""
    return any(c is not None for c in obs["initiative_cards"])


def _fog_order(obs: dict) -> list[int]:
    """The sides whose own Fog of War card, played for the initiative, is resolved this turn,
    in the order they are resolved: the initiative's first (l.315)."""
    cards, first = obs["cards"]["revealed"], SIDES.index(obs["initiative"])
    return [side for side in (first, 1 - first) if cards[side] and cards[side]["type"] == "fog_of_war"]


def _fog_reached(obs: dict, order: list[int]) -> int:
    """How far the resolution of those cards has gone at `obs`: -1 before the reveal, the
    index in `order` of the card whose event is under way, len(order) once all are done."""
    if not _revealed_yet(obs):
        return -1
    ids = [obs["initiative_cards"][side] for side in order]
    resolving = obs["phase"] == "initiative" and not obs["over"] and obs["events"][0] in ids
    return ids.index(obs["events"][0]) if resolving else len(order)


def _fog_idle(before: dict, after: dict) -> dict[int, str]:
    """A Fog of War card played for the initiative whose event, resolved whole in this action,
    changed nothing: by its side, a line saying so and why ("Spain's morale is at 0 already").
    Nothing when two such events were resolved in the action: one may have undone the other."""
    order = _fog_order(after)
    start = _fog_reached(before, order) if before["turn"] == after["turn"] else -1
    whole = order[start + 1:_fog_reached(after, order)]
    if len(whole) != 1 or any(before[key] != after[key] for key in OBSERVED_CHANGES):
        return {}
    side = whole[0]
    return {side: f"{after['cards']['revealed'][side]['name']} has no effect ({after['fog_of_war_idle'][side]})"}


def _ident(rec: dict) -> tuple:
    return rec["turn"], rec["phase"], rec["kind"], rec["area"], rec["attacker"]


def _combat_changes(before: dict, after: dict, seat: int | None) -> tuple[list[str], list[str]]:
    """The combat steps the action's own text does not tell: surveillance bonuses, units hit
    and where they land, trenches sabotaged (tracks and walls are above; a re-roll's result is
    the re-rolled die's own line, after the move naming the die it re-rolls); those of the
    combats under way, then those of the combats the action began, apart: what the last one's
    end scored is told before the next begins."""
    seen = {_ident(r): len(r["steps"]) for r in before.get("combat_log") or []}
    going, begun = [], []
    for rec in after.get("combat_log") or []:
        lines = going if _ident(rec) in seen else begun
        if _ident(rec) not in seen:
            lines.append(_combat_begins(rec, seat))
        for step in rec["steps"][seen.get(_ident(rec), 0):]:
            text = step["text"]
            if text.startswith(("rolls ", "uses ", "keeps ", "walls ", "VP ", "activates", "does not",
                                "target: ", "ends its", "casualty location", "re-roll: ")):
                continue        # the move itself, or a track already reported
            who = "" if step["side"] is None else _of(step["side"], seat)
            lines.append(("you: " if who == "your " and text[0].isdigit() else who) + text)
    return going, begun


def _combat_begins(rec: dict, seat: int | None) -> str:
    """A combat begun, by its kind and area (several may follow one another: the first
    shootings' two areas, an event's two attacks), with its firepower (none for artillery,
    l.862) and the bonuses of the card that called it."""
    line = f"{whose(rec['attacker'], seat)} {combat_name(rec)} begins"
    if rec["kind"] != "artillery":
        fp = rec["firepower"]
        line += f", firepower {abs(fp)} to {('Spain', 'the Philippines')[fp < 0]}" if fp else ", firepower 0"
    bonus = [f"{whose(side, seat)} card {rec['bonus'][side]}" for side in (0, 1) if rec["bonus"][side]]
    return line + (f" ({'; '.join(bonus)})" if bonus else "")


# What each decision asks (state.NODES names), and what "done" and "yes" mean there.
ASKS = {
    "init": "pick your initiative card; the higher one acts first all turn",
    "ev_card": "event card {n} of 2, in any order; you resolve their events next",
    "ev_support": "a support card to boost secondary events? done: none",
    "ev_boost": "which event does the support card's {icon} boost? It serves one",
    "ev_next": "the next event to resolve; done: give up the rest",
    "attack": "the attack's kind and area; done: give it up",
    "area": "choose the area; done: give up this effect{spent}",
    "trench": "the trench section; done: give up this effect{spent}",
    "surv": "surveillance in area {area}? yes: a die, 3-4: +1 firepower, 5-6: +2{capped}",
    "mod": "modify a die? {morale}; done: keep the dice",     # shorter where 80 columns need (_fitted_mod)
    "target": "the target of your incursion",
    "victim": "which of your units in the area takes the hit",
    "redeploy": "place your survivors as you wish: a unit to move; done: they stay",
    "redeploy_dest": "the guard post {unit} takes",
    "shoot": "the area of your next shooting",
    "act": "an action ({ap} AP left), or done: end your Action phase",
    "move": "a unit or kind of move (renumbered after each); done: stop moving",
    "move_dest": "where {unit} goes",
    "heal": f"{HEAL_TWO}, or one wounded man of your choice",
    "heal_one": "the wounded man to heal, of your choice",
    "heal_dest": "the detachment space {healing} takes",
    "fow_keep": "keep {card} from the enemy? yes: 1 morale, and in your hand it is a blank card "
                "(no AP, never played); no: into the enemy's discard pile, you take a shared card",
    "fow_shared": "a shared card for your discard pile: {shared}",
    "man": "where the soldier drawn from the bag, {unit}, goes",
    "leader": "{leader} in the {post}: use him now? yes: {effect}, then to the detachment; "
              "no: he stays in reserve",
    "tloss": "the territorial combat is lost: the unit that leaves the map",
    "tmod": "spend morale on a territorial die? {dice}; done: keep the dice",   # shorter: _fitted
    "tdeploy": "a unit to deploy on the territorial map (3 at most); done: stop",
    "tadvance": "how far your stack advances towards Manila",
    "persist": "Persistence on the Takeover die (+1 or a re-roll)? done: keep it",
    "arty": "the area whose artillery post takes the gun",
    "loss_pick": "which of the leaders falls ill",
}
NODE_NAMES = {number: name for name, number in NODES.items()}


def decision_note(obs: dict, me: int) -> str | None:
    """What the decision at hand asks, naming the side, and what "done" and "yes" mean there."""
    node = NODE_NAMES.get(obs["node"])
    if obs["over"] or obs["actor"] != me or node not in ASKS:
        return None
    if node == "heal" and not any(m.startswith(HEAL_TWO) for m in obs.get("menu") or ()):
        node = "heal_one"           # the medical leader heals one man (l.1286)
    asked = f"{SIDES[me]}{_about(obs, me, node)}: "
    details = _ask_details(obs, me, node)
    note = asked + ASKS[node].format(**details)
    if node == "mod":
        morale = details["morale"]
        return _fitted(note, f"{asked}modify dice? {morale}; done: keep", f"{asked}modify dice? {morale}")
    if node == "tmod":
        dice = details["dice"]
        return _fitted(note, f"{asked}morale on a territorial die? {dice}; done: keep",
                       f"{asked}morale on a die? {dice}; done: keep", f"{asked}morale on a die? {dice}")
    return _with_reasons(note, obs, me) if node == "act" and obs.get("not_offered") else note


def _fitted(*forms: str) -> str:
    """The first of a note's forms, fullest first, that keeps one row of NOTE_WIDTH; else the
    last: a die to modify with the morale rule ("modify a die? morale once a combat; done: keep
    the dice", "modify dice? ...; done: keep", without what "done" does), a territorial die
    with the dice as they stand."""
    return next((text for text in forms if len(text) <= NOTE_WIDTH), forms[-1])


def _territorial_faces(obs: dict, me: int) -> str:
    """The territorial combat's dice as they stand, which the menu cannot show once one is
    modified (each die once, RULES.md reading 5): the deciding side's, then the other side's
    when they are rolled (the attacker rolls first, l.1394-l.1396): "yours 1 3 5 5 6, the
    US's 2 2 4 5 6". Spain modifies the foreign power's dice (foreign_morale, reading 2)."""
    power = "the US" if obs["foreign_power"][2] else "Spain"
    names = (f"{power}'s", "the Philippines'") if me == 0 else ("yours", f"{power}'s")
    faces = [" ".join(map(str, obs["territorial_dice"][side])) for side in (me, 1 - me)]
    rolled = obs["territorial_fight"]["defending"]
    return f"{names[0]} {faces[0]}" + (f", {names[1]} {faces[1]}" if rolled else "")


# The decisions of a combat under way, whoever called it: never a card's (their questions say
# what they are about; a die to modify names the combat, as several may follow one another).
COMBAT_NODES = ("mod", "target", "victim", "redeploy", "redeploy_dest")


def _about(obs: dict, me: int, node: str) -> str:
    """What the decision is about, when the question does not say: a die to modify names the
    combat (" (shooting in area 2)"), not a card the seat played (the other side's Night
    Harassment is resolved first); the seat's own Fog of War card played for the initiative
    names itself while its event is resolved (l.315) and asks for an attack or an area; else ""."""
    if node in COMBAT_NODES:
        return f" ({combat_name(obs['combat'])})" if node == "mod" and obs["combat"]["kind"] else ""
    card = obs["cards"]["revealed"][me]
    resolving = obs["phase"] == "initiative" and node != "init" and card and obs["events"][0] == card["id"]
    return f" ({card['name']})" if resolving and card["type"] == "fog_of_war" else ""


NOTE_WIDTH = 80         # the note keeps one row at 80 columns
# "You can only use each modifier once per combat." (l.902): morale spent on a die, or the
# military leader's command (never both in one combat, l.897; combat_rules.pyx modifier_ready),
# leaves no morale to spend in this combat; each says which
MORALE_BIT, COMMAND_BIT = 1 << SOURCES.index("morale"), 1 << SOURCES.index("command")  # of the combat's "used"
MORALE_ONCE, MORALE_SPENT, COMMAND_USED = ("morale once a combat", "morale used this combat",
                                           "command used: no morale")


def _with_reasons(note: str, obs: dict, me: int) -> str:
    """The Action note with why an action is not on the menu ("repair: no damaged walls"), in
    the shorter "4 AP left; ..." or "4 AP; ..." form when the whole note would take two rows;
    with the first reasons only when all would; the note alone when even one would."""
    reasons = obs["not_offered"]
    for k in range(len(reasons), 0, -1):
        why = "; ".join(reasons[:k])
        ap = f"{SIDES[me]}: {obs['ap'][me]} AP"
        for text in (f"{note}; {why}", f"{ap} left, done: end the phase; {why}", f"{ap} left; {why}",
                     f"{ap}; {why}"):
            if len(text) <= NOTE_WIDTH:
                return text
    return note


FIREPOWER_CAP = 3       # "A positive firepower (1 to 3) results in a dice bonus" (l.625; combat_rules.pyx _clamp3)
SURVEILLANCE_CAPPED = f"; your firepower is at its cap, {FIREPOWER_CAP}: it could change nothing"


def _firepower_capped(obs: dict, me: int, area: int) -> bool:
    """Whether the combat's firepower is at the cap on `me`'s side with no enemy surveillance
    marker in the area to offset: "Use the difference between the bonus obtained by both sides
    to modify the firepower" (l.640), which stays within the track."""
    toward_me = obs["combat"]["firepower"] * (1 if me == 0 else -1)
    return toward_me >= FIREPOWER_CAP and not obs["board"]["areas"][area]["surveillance"][1 - me]


def _ask_details(obs: dict, me: int, node: str) -> dict:
    """The names a question needs: the event card's number, the boosting icon, the area, the
    Fog of War card, the unit moving, the action points left."""
    details = {"n": 2 if obs["cards"]["events"][0] else 1, "ap": obs["ap"][me], "shared": "",
               "area": "", "capped": "", "card": "", "icon": "icon", "unit": "it", "leader": "the leader",
               "post": "command post", "effect": "his effect",
               "healing": obs.get("healing") or "the healed soldier",
               "spent": " (its AP stay spent)" if obs["phase"] == "action" else ""}
    rolled = obs.get("command_roll")
    if rolled:
        details.update(leader=rolled["unit"]["name"], post=rolled["post"],
                       effect=_leader_effect(rolled, obs["turn"]))
    u = obs.get("moving_unit")
    if u:
        name = u["name"] if u["group"] == u["name"] else u["group"].split()[0]     # generic: Cazador
        details["unit"] = f"{name} {_factors(u)}"
    if node == "tmod":
        details["dice"] = _territorial_faces(obs, me)
    if node == "mod":
        used = obs["combat"]["used"][me]
        details["morale"] = MORALE_SPENT if used & MORALE_BIT else COMMAND_USED if used & COMMAND_BIT else MORALE_ONCE
    if node == "surv":
        area = obs["combat"]["area"] or 0
        details["area"] = area + 1
        details["capped"] = SURVEILLANCE_CAPPED if _firepower_capped(obs, me, area) else ""
    elif node == "fow_keep" and obs["cards"]["fog_of_war"]:
        details["card"] = obs["cards"]["fog_of_war"]["name"]
    elif node == "ev_boost":
        details["icon"] = _shared_icon(obs)
    elif node == "fow_shared":
        details["shared"] = _shared_offered(obs.get("menu") or [])
    return details


SHARED_CHOICES = {"shared card A": "A", "shared card B": "B", "shared deck top": "the deck's unseen top"}


def _shared_offered(menu: list[str]) -> str:
    """The shared cards a side may take at the Fog of War step, as offered (an empty slot is
    not): "A, B or the deck's unseen top", "A or the deck's unseen top"."""
    names = [SHARED_CHOICES[entry] for entry in menu if entry in SHARED_CHOICES]
    return " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def _leader_effect(rolled: dict, turn: int) -> str:
    """What a leader in a non-military command post does when he acts (l.1284-l.1330)."""
    unit, role = rolled["unit"], rolled["role"]
    if role == "medical":
        return "heal one wounded man of your choice"
    if role == "religious":
        return "morale +2" if "Carreño" in unit["name"] and turn <= 3 else "morale +1"
    if role == "leadership":
        return "morale +2" if unit["rank"] >= 3 else "morale +1"
    if turn <= 3:
        return "an artillery piece from the reserve onto an empty artillery post"
    return "a die, on 3-6 an artillery piece from the reserve onto the map"


def _shared_icon(obs: dict) -> str:
    """The support card's icon that could boost either event card (the star, or an icon both
    secondary events require)."""
    first, second, support = obs["cards"]["events"]
    if support is None:
        return "icon"
    for icon in support["icons"]:
        if icon == obs["wildcard"] or icon == (first or {}).get("requires") == (second or {}).get("requires"):
            return icon
    return "icon"


# ---------------------------------------------------------------- hooks of the front end
def moves(obs: dict, me: int, texts: list[str]) -> RenderableType | None:
    """The legal moves with each unit named as the board prints it and where it stands
    ("Cazador 3/0 (Detachment '5-6', space 6)"), in the order menu_order gives; each may be
    typed as shown or by number."""
    menu, places = obs.get("menu"), obs.get("menu_places")
    if not menu or len(menu) != len(texts) or menu == texts:
        return None
    order = menu_order(obs, me) or range(len(menu))
    if places and any(group for group, *_ in places):
        return Flow(_place_runs(menu, places))
    columns = Columns([Text(f"{n:>2}. ", style="cyan") + Text(menu[i]) for n, i in enumerate(order, 1)],
                      padding=(0, 3))
    if NODE_NAMES.get(obs["node"]) == "act":       # a dozen actions and more: at 80x24 a row a kind
        return BySize(lambda: columns, lambda: Flow(_action_runs(menu, order), gap=2))
    return columns


ATTACK_ENTRY = re.compile(r"(?P<kind>shooting|incursion|artillery) area (?P<area>\d) \((?P<notes>[^()]*)\)$")
ACTION_ENTRY = re.compile(r"(?P<name>.+?) \((?P<ap>\d+) AP(?:, (?P<notes>.*))?\)$")
SHORT_ACTS = {"expand the infirmary": "expand", "build a trench section": "trench", "USS Yorktown": "Yorktown",
              "draw from the bag": "draw", "deploy on the territorial map": "deploy",
              "advance on the territorial map": "advance"}


def _action_runs(menu: list[str], order) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """The Action menu in few rows (_compact_action): the actions under their cost, the attacks
    under their kind and cost by area, numbered in the order shown."""
    runs: list[tuple[str | None, list[tuple[int, str]]]] = []
    for n, i in enumerate(order, 1):
        label, item = _compact_action(menu[i])
        if runs and label is not None and runs[-1][0] == label:
            runs[-1][1].append((n, item))
        else:
            runs.append((label, [(n, item)]))
    return runs


def _compact_action(entry: str) -> tuple[str | None, str]:
    """An Action menu entry as (the label of its run, what stands under it): an attack under its
    kind and cost by its area, with what makes it idle in a word ("incursion (1 AP), area:",
    "1 (no target)"; its firepower is the table's fp column); an action under its cost, in a
    word or two ("2 AP:", "trench (1 supply)"); "done" alone."""
    attack = ATTACK_ENTRY.match(entry)
    if attack:
        cost, *notes = attack["notes"].split(", ")
        said = [note.split(":")[0] for note in notes if not note.startswith("fp ")]
        return f"{attack['kind']} ({cost}), area:", attack["area"] + (f" ({', '.join(said)})" if said else "")
    action = ACTION_ENTRY.match(entry)
    if not action:
        return None, entry
    notes = [note.split(":")[0] for note in (action["notes"] or "").split(", ") if note]
    name = SHORT_ACTS.get(action["name"], action["name"])
    return f"{action['ap']} AP:", name + (f" ({', '.join(notes)})" if notes else "")


# Who pays for a die modifier, the free first: the card's own re-rolls (l.930) and a leader in
# the area (l.922), as "profiting from the modifier does not entail any consequence for that
# leader" (l.926); then the military leader in command, exhausted by it (l.1282), the
# Persistence marker, turned (l.1147), and a morale level (l.910).
MODIFIER_COST = ("card", "leader", "command", "persistence", "morale")


def menu_order(obs: dict, me: int) -> list[int] | None:
    """The order the menu lists and numbers the legal moves in (cli/console.py menu_actions),
    as indices of the legal moves; None where it keeps theirs: units by their place
    (_place_order); the die modifiers the free first (MODIFIER_COST), "done" before them; the
    Action menu's "done", then the actions a turn is made of (move, supply, ...) by their
    cost, then the attacks, by kind and area."""
    menu, places = obs.get("menu"), obs.get("menu_places")
    node = NODE_NAMES.get(obs["node"])
    if menu and obs["actor"] == me and places and any(group for group, *_ in places):
        return _place_order(places)
    if not menu or obs["actor"] != me or node not in ("mod", "tmod", "persist", "act"):
        return None

    def cost(i: int) -> tuple[int, int]:
        if node == "act":       # "done", the actions by their cost, the attacks
            action = ACTION_ENTRY.match(menu[i])
            return (0, 0) if menu[i] == "done" else (2, 0) if ATTACK_ENTRY.match(menu[i]) \
                else (1, int(action["ap"]) if action else 0)
        return _modifier_cost(menu[i]), 0
    return sorted(range(len(menu)), key=lambda i: (cost(i), i))


def _place_runs(menu: list[str], places: list[list]) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """The units in one place under its name, each place once, numbered in the order shown
    (_place_order), the other moves together: a menu of two dozen units in a few rows, read top
    to bottom."""
    runs: dict[str | None, list[tuple[int, str]]] = {}
    for n, i in enumerate(_place_order(places), 1):
        group, entry, _ = places[i]
        runs.setdefault(f"{group}:" if group else None, []).append((n, entry if group else menu[i]))
    return list(runs.items())


def _place_order(places: list[list]) -> list[int]:
    """The legal moves of a menu grouped by place (core view menu_places) in the order it lists
    them: each place once, where its first move comes, its units by the space they stand in."""
    runs: dict[str | None, list[int]] = {}
    for i, (group, *_) in enumerate(places):
        runs.setdefault(group, []).append(i)
    return [i for run in runs.values() for i in sorted(run, key=lambda i: (places[i][2], i))]


TYPED_ATTACK = re.compile(r"(?:shooting|incursion|artillery)(?: area)? ?(?P<area>[1-4])")


def refusal(obs: dict, me: int, text: str) -> str | None:
    """Why an attack typed at the Action menu ("artillery 1") is not on it, when it is for the
    limits on attacks (view.attack_limits): a map area attacked this phase, the repeat's cost,
    no third; None otherwise (the plain refusal)."""
    typed = TYPED_ATTACK.fullmatch(" ".join(text.lower().split()))
    if not typed or obs["actor"] != me or NODE_NAMES.get(obs["node"]) != "act":
        return None
    return attack_limits(obs["attacks"][me], obs["attacked"][me], obs["ap"][me], int(typed["area"])) or None


def move_text(state, action: int, seat: int) -> str:
    """A move in the menu's words (hints, undo)."""
    return move_words(state, action)


def side_names(obs: dict) -> list[str]:
    """The seats as the game names them: Spain, the Philippines."""
    return list(SIDES)


def outcome(obs: dict, returns, game) -> dict:
    """Why the siege ended (l.1187-l.1198) and each side's VP by source."""
    return {"reason": _end_reason(obs, game), "scores": [_vp_sources(obs, game, side) for side in (0, 1)]}


def _end_reason(obs: dict, game) -> str:
    """The sudden end that struck (walls Destroyed in two areas, a 15-VP lead, checked in that
    order, l.1189-l.1190), else the end of turn 6 (l.1175); the tie-breaker that decided a tie
    in VP (l.1194-l.1198)."""
    turn, vp = obs["turn"], obs["vp"]
    destroyed = sum(w == "Destroyed" for w in obs["walls"])
    if destroyed >= 2:
        reason = (f"the church walls were Destroyed in {destroyed} areas in turn {turn} (two or more end "
                  "the siege): the Philippines scored 6 VP and the siege ended")
    elif abs(vp[0] - vp[1]) >= LEAD:
        leader = SIDES[0 if vp[0] > vp[1] else 1]
        reason = f"{'the ' * (leader == SIDES[1])}{leader} led by {abs(vp[0] - vp[1])} VP (15 or more) at the Upkeep of turn {turn}"
    else:
        reason = f"turn {TURNS} ended (the last turn)" + _bonuses_missed(obs, game.options)
    if vp[0] == vp[1]:
        reason += f"; the VP tied at {vp[0]}, so " + _tie_breaker(obs, destroyed >= 2 and turn < TURNS)
    return reason


TRENCH_SECTIONS = 8      # "all the trench sections (8 in total)" (l.1179)
MAP_BONUS_SPACES = (3, 4)   # the territorial spaces that score in turns 3 and 6 (l.1180-l.1182)


def _bonuses_missed(obs: dict, options: dict) -> str:
    """The last Upkeep's bonuses that scored nothing, with why (those that scored have their VP
    lines), in the amounts of the game's options: Spain's walls (l.1183-l.1185; option
    wall_bonus), the Philippines' territorial map (l.1180-l.1182) and trenches (l.1179; option
    trench_bonus)."""
    missed = []
    fallen = [str(a) for a, wall in enumerate(obs["walls"], 1) if wall in ("Destroyed", "Wrecked")]
    if fallen:
        intact = "+3 all Intact (1 + 2, wall_bonus=cumulative)" if options.get("wall_bonus") == "cumulative" \
            else "+2 all Intact"
        missed.append(f"Spain's walls (Destroyed or Wrecked in area{'s' * (len(fallen) > 1)} {listed(fallen)}; "
                      f"+1 needs none, {intact})")
    if obs["territorial"] not in MAP_BONUS_SPACES:
        where = f"at space {obs['territorial']}" if obs["territorial"] else "not on the map"
        missed.append(f"the Philippines' territorial map (their stack {where}; +1 at space 3, +2 at 4)")
    built = bin(obs["trenches_built"]).count("1")
    sabotaged = bin(obs["trenches_built"] & obs["trenches_sabotaged"]).count("1")
    once = options.get("trench_bonus") == "once"
    if once and obs["vp_from"][1]["trenches"]:
        missed.append("the Philippines' trenches (their bonus scores once a game, trench_bonus=once: "
                      "it scored already)")
    elif built < TRENCH_SECTIONS or sabotaged:
        missed.append(f"the Philippines' trenches ({built} of {TRENCH_SECTIONS} built"
                      + (f", {sabotaged} sabotaged" if sabotaged else "") + f"; +6 needs all {TRENCH_SECTIONS} intact"
                      + (", once a game" if once else "") + ")")
    return f"; its Upkeep scored nothing for {listed(missed)}" if missed else ""


def _tie_breaker(obs: dict, early: bool) -> str:
    for key in ("morale", "supply"):
        a, b = obs[key]
        if a != b:
            return f"the higher {key} won ({SIDES[0]} {a}, {SIDES[1]} {b})"
    return ("the Philippines won: the siege ended before turn 6" if early
            else "Spain won: the siege lasted to the end of turn 6")


def _vp_sources(obs: dict, game, side: int) -> tuple[str, str]:
    """A side's VP by source: the start (the track's setup), then each source that scored, as
    the state counts them (view.VP_WHY); the trench bonus said once a game under that option."""
    board = game.data.parts.board
    start = board.tracks[board.track(f"{('spain', 'philippines')[side]}_vp")].start
    once = " (once a game, trench_bonus=once)" if game.options.get("trench_bonus") == "once" else ""
    parts = [(start, "at the start")] + [
        (points, VP_WHY[source][0].format(VP_WHY[source][2].format(enemy=("Filipino", "Spanish")[side]))
         + once * (source == "trenches"))
        for source, points in obs["vp_from"][side].items()]
    shown = " + ".join(f"{points} {label}" for points, label in parts if points)
    return f"{obs['vp'][side]} VP", shown or "none scored"


# What the table shows, for `cards` (the reference): a symbol or word, what it means.
SYMBOLS = (
    ("◆", "the side that holds the initiative"),
    ("supply morale VP AP", "the tracks (supply and morale 0-6); action points left this turn"),
    ("hand deck bag lost", "cards in hand and in the deck; counters in the bag; counters eliminated"),
    ("Intact Damaged Wrecked Destroyed", "the walls of an area (compact: Int Dam Wre Des)"),
    ("fp +2 / fp -1", "the firepower a shooting in the area would have now (the strengths' "
                      "difference, at most 3): + Spain's, - the Philippines', the extra dice that "
                      "side rolls (compact: the fp column)"),
    ("(1 AP, fp +2)", "on an attack's menu entry: its cost and the firepower it begins with (an "
                      "incursion's counts no artillery, unlike the fp column)"),
    (f"{SURVEILLANCE} S F", "surveillance markers in the area: S Spain's, F the Filipinos'"),
    ("Spain / Phil.", "the guard posts of each side in the area"),
    ("2, 3-4, 5-6, 1-2", "a guard post by the die faces that pick it; ⇄n: the post is also in area n"),
    (f"2{SHARED}all", "the Bell Tower, Spain's post '2', in all four areas"),
    (SHARED, "a shared post: one counter, engaged and hit in every area the post belongs to, "
             "shown in each (a kill removes it from every one)"),
    (f"2{SHARED} 3-4 5-6{SHARED} 1-2{SHARED} 3-4 5-6{SHARED}",
     "compact: an area a row; Spain's guard posts (blue) in the first three columns, the "
     "Filipinos' (red) in the next three; wall, fp, ◉, tr, gun as above"),
    ("Fabregat 2/1", "a counter: combat/manpower factors"),
    ("r2", "a leader's rank"),
    ("exh / off", "exhausted: used this turn, not again (a military leader's levels left may still "
                  "be spent in the combat he was used in, one die each) / a disabled leader"),
    ("▰ ▱ ·", "a trench section built / sabotaged / empty (tr)"),
    ("gun / no gun", "the Filipino artillery in the area's post"),
    ("mil med rel", "Spain's command posts: military, medical, religious"),
    ("mil lead US", "the Filipino command posts: military, leadership, US support (compact, "
                    "when the row is short: only the posts manned; — none)"),
    ("1: 2: ... ✕ free", "the infirmary's beds: a patient, a free bed, a closed bed (compact, when "
                         "the row is short: the patients in bed order, then 2 free · 3 ✕)"),
    ("detachment", "Spanish soldiers off the walls, by the die rows 1-2, 3-4, 5-6"),
    ("leaders / barracks", "the Filipino leaders in reserve and the soldiers in the barracks"),
    ("1 Baler │ 2 ... 5", "the territorial map, Baler to Manila; [Spain 3] / [US 4]: the foreign power and its strength"),
    ("AP –", "a side's action points before its Action phase begins"),
    ("AP2 i7", "a card's action points and initiative"),
    ("rifle+crate", "a card's support icons"),
    ("‖ rifle:", "the secondary event and the icon a support card must show to boost it"),
    ("(boosted)", "a secondary event a support card boosts"),
    ("init / FoW", "the initiative card; the Fog of War card drawn"),
    ("automa card N", "the automa's card and its title (solo)"),
    ("Persistence", "the Filipino Persistence marker is active"),
    ("5 1→2* 2→? ⇒", "combat dice in the order rolled, a changed die beside its roll (1→2*: rolled "
                     "1, now 2, * modified or re-rolled; 2→?: being re-rolled) ⇒ what they achieved"),
    ("surv +1", "a surveillance die's firepower bonus"),
)


def reference(game) -> RenderableType:
    """The cards and counters of the game's data (so an edited copy shows its own) and the
    table's symbols, for the `cards` command."""
    parts = game.data.parts
    deck = []
    for card in parts.deck.cards:
        head = _card_head(_card_row(card)).append(
            f"  {CARD_KINDS.get((card.side, card.type), f'{card.side} {card.type}')}", style="dim")
        text = Text("    " + "; ".join(e.text() for e in card.main))
        if card.secondary:
            text.append(f" ‖ {card.requires}: ", style="yellow").append("; ".join(e.text() for e in card.secondary))
        deck += [head, text]
    return Group(Text("The cards: main event ‖ the icon that boosts the secondary event: secondary event",
                      style="bold underline"), *deck,
                 Text(f"The {parts.deck.wildcard} is a wildcard icon: it boosts any secondary event.", style="dim"),
                 Text(FOG_NOTE, style="dim"),
                 Text("The counters", style="bold underline"), _counters(parts.board.counters),
                 Text("On the table", style="bold underline"), symbol_table(SYMBOLS),
                 Text(_starting_vp(parts.board)), Text(ACTIONS_NOTE), *_automa_cards(game))


# What a Fog of War card is worth to the side that did not print it (l.216, l.1210).
FOG_NOTE = ("A side plays only its own Fog of War cards: the other side's, kept at the Fog of War "
            "step for 1 morale so that its owner never plays it, is a blank card in your hand "
            "(no AP, no event, no support), discarded when you reveal your cards for actions.")

# The Action phase as the player aid gives it, which its note above the menu leaves here.
ACTIONS_NOTE = ("Actions: each costs the AP its menu entry shows; a basic action may be repeated "
                "once, for 2 AP, a special action not at all. A repair also costs 1 "
                f"supply and needs manpower of yours in the area: Spain {MANPOWER['repair'][0]}, to raise "
                "walls Damaged or Wrecked one level (Destroyed walls cannot be repaired); the Philippines "
                f"{MANPOWER['repair'][1]}, to repair a sabotaged trench section.")


def _starting_vp(board) -> str:
    """Why Spain does not start on 0 VP (RULES.md, "Readings in the data": the set-up)."""
    start = [board.tracks[board.track(f"{side}_vp")].start for side in ("spain", "philippines")]
    return (f"VP: Spain starts on {start[0]}, the Philippines on {start[1]}: Spain's head start in "
            f"Partisan's set-up, for side balance (the playbook's set-up is not public). A lead of "
            f"{LEAD} VP at an Upkeep ends the game.")


def _automa_cards(game) -> list[RenderableType]:
    """The automa's 28 cards, row by row, in a solo game (option automa); else where to read
    them."""
    if not game.options.get("automa"):
        return [Text("Solo play: `partisan solo baler --rules` prints the automa's rules and its 28 "
                     "cards; in a solo game `cards` lists them here.", style="dim")]
    lines: list[RenderableType] = [
        Text(f"The automa's {len(game.data.automa)} cards (`rules solo`: how it reads them; one is "
             "turned at the start of each phase)", style="bold underline")]
    for card in game.data.automa:
        lines.append(Text(f"{AUTOMA_LABEL} card {card.number}: {card.name}", style="bold magenta"))
        for row, (_, title) in AUTOMA_ROWS.items():
            names = card.rows.get(row, ())
            criteria = "; ".join(AUTOMA_CRITERIA[n].text for n in names) if names else "(fallback)"
            lines.append(Padding(Text(f"{title}: ", style="bold").append(criteria), (0, 0, 0, 4)))
    return lines


CARD_KINDS = {("spain", "faction"): "Spanish faction card", ("philippines", "faction"): "Filipino faction card",
              ("spain", "fog_of_war"): "Spanish Fog of War card",
              ("philippines", "fog_of_war"): "Filipino Fog of War card", ("both", "shared"): "shared card"}


def _card_row(card) -> dict:
    """A card of the data as the screen prints its head."""
    return {"name": card.name, "side": card.side, "ap": card.ap, "initiative": card.initiative,
            "icons": list(card.icons)}


def _counters(counters) -> Table:
    """Every counter by side: name (generic counters by group and copies), type (a Spanish
    leader's with his role, the command post he may take: l.247), factors, rank."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold dim underline")
    for column in ("side", "counter", "type", "combat/manpower", "rank", "copies"):
        table.add_column(column)
    rows: dict[tuple, int] = {}
    for u in counters.counters:
        kind = counters.types[u.type] + (f" ({counters.roles[u.role]})" if u.role >= 0 else "")
        key = (u.side, u.group, kind, f"{u.factors[0]}/{u.factors[1]}", u.rank)
        rows[key] = rows.get(key, 0) + 1
    for (side, name, kind, factors, rank), copies in rows.items():
        table.add_row(Text(SIDES[side], style=STYLE[side]), name, kind, factors,
                      f"r{rank}" if kind.startswith("leader") else "", str(copies))
    return table


def confirm(obs: dict, seat: int, text: str) -> str | None:
    """The question asked before ending the Action phase with action points left (cli/console.py
    confirmation): points not spent are lost (l.541). Only at the choice of an action: "done"
    at a combat's dice or a survivor's post under way ends that step, not the phase."""
    left = obs["ap"][seat]
    if text == "done" and obs["node"] == NODES["act"] and obs["actor"] == seat and left:
        return f"End your Action phase with {counted(left, 'action point')} left? They are lost."
    return None
