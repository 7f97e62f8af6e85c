"""Garden Guerrilla on screen: the table drawn from above, its cards rasterised to character
cells, beside the scores, the hands and a legend (core/games/garden observation()).

The table is drawn with y upwards, as the state's coordinates run: a card at angle 0 stands
upright. Each cell shows the topmost thing whose shape holds the cell's centre.
"""
from __future__ import annotations

import math

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from partisan.cli.console import seat_name
from partisan.cli.views.fit import BySize
from partisan.core.games.garden.view import GRID, grid_point

FULL_BOARD = (60, 22)               # cells of the table drawing on a roomy screen
COMPACT_BOARD = (40, 12)            # and at 80x24
SEAT_STYLES = ("bold white on red3", "bold white on blue3", "bold white on green4", "bold black on yellow3")
SEAT_INK = ("red1", "dodger_blue1", "green3", "yellow2")
ENEMY_STYLES = {"toad": "bold white on dark_magenta", "ant": "bold white on grey42",
                "goodie": "bold black on bright_white"}
ENEMY_CODES = {"toad": "T", "ant": "A", "goodie": "G"}
TABLE_STYLE = "on grey11"
ELEMENT_MARKS = {"mushroom": ("^", "bold tan on grey23"), "bush": ("%", "bold green on grey19")}
EXPLOSION = ("*", "bold orange1 on grey11")
AIM_MARK, LANDING_MARK, AIMING_MARK = ("+", "bold bright_white"), ("@", "bold bright_cyan"), ("X", "bold yellow")
FACE_DOWN_FILL = "░"
# Two letters per insect, as printed on its cells.
CODES = {"Ladygun": "Lg", "Snailper": "Sn", "Scrabblezooka": "Sz", "Firefly": "Ff", "Chemic": "Ch",
         "Skorpio": "Sk", "Spiderchute": "Sp", "Grasshopper San": "Gh", "Rambee": "Rb", "Laserfly": "Lf"}


# ---------------------------------------------------------------- geometry of the pictures
def corners(x: float, y: float, angle: float, width: float, height: float) -> list[tuple[float, float]]:
    """The four corners (mm) of a width x height card centred at (x, y) turned `angle` degrees
    counter-clockwise, from its own (-x, -y) corner round (core/geometry.pxd card_corners)."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    hw, hh = width / 2, height / 2
    return [(x + lx * c - ly * s, y + lx * s + ly * c)
            for lx, ly in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))]


def contains(x: float, y: float, angle: float, width: float, height: float, px: float, py: float) -> bool:
    a = math.radians(angle)
    dx, dy = px - x, py - y
    lx, ly = dx * math.cos(a) + dy * math.sin(a), dy * math.cos(a) - dx * math.sin(a)
    return abs(lx) <= width / 2 and abs(ly) <= height / 2


def code(ob: dict) -> str:
    """Two characters naming an object on the table: an insect's code, T1, A3, G1."""
    if ob["kind"] == "insect":
        return CODES.get(ob["insect"], ob["insect"][:2])
    return ENEMY_CODES[ob["kind"]] + ob["name"].split()[-1]


def object_style(ob: dict) -> str:
    return SEAT_STYLES[ob["seat"]] if ob["kind"] == "insect" else ENEMY_STYLES[ob["kind"]]


# ---------------------------------------------------------------- the table in cells
class Board:
    """The table as cols x rows cells: a character and a style per cell."""

    def __init__(self, obs: dict, cols: int, rows: int):
        self.obs, self.cols, self.rows = obs, cols, rows
        self.w, self.h = obs["table"]
        self.chars = [[" "] * cols for _ in range(rows)]
        self.styles = [[TABLE_STYLE] * cols for _ in range(rows)]
        self.owner = [[-1] * cols for _ in range(rows)]     # the object id shown in each cell

    def centre(self, col: int, row: int) -> tuple[float, float]:
        return (col + 0.5) * self.w / self.cols, self.h - (row + 0.5) * self.h / self.rows

    def cell(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell holding the point (x, y) mm, None off the table."""
        col, row = math.floor(x / self.w * self.cols), math.floor((self.h - y) / self.h * self.rows)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return col, row
        return None

    def cells(self):
        for row in range(self.rows):
            for col in range(self.cols):
                yield col, row, *self.centre(col, row)

    def put(self, col: int, row: int, char: str, style: str) -> None:
        self.chars[row][col], self.styles[row][col] = char, style

    def mark(self, point, mark: tuple[str, str]) -> None:
        where = self.cell(*point) if point is not None else None
        if where is not None:
            self.put(*where, *mark)

    def draw(self, aim_numbers: bool = False) -> Text:
        obs = self.obs
        cw, ch = obs["card_size"]
        for e in obs["elements"]:
            for col, row, x, y in self.cells():
                if math.hypot(x - e["x"], y - e["y"]) <= e["r"]:
                    self.put(col, row, *ELEMENT_MARKS[e["kind"]])
        blast = obs.get("explosion")
        if blast:
            for col, row, x, y in self.cells():
                if contains(blast["x"], blast["y"], blast["angle"], blast["width"], blast["height"], x, y):
                    self.put(col, row, *EXPLOSION)
        on_table = sorted((ob for ob in obs["objects"] if ob["where"] == "table"), key=lambda ob: ob["layer"])
        for ob in on_table:
            fill, style = (FACE_DOWN_FILL, f"{SEAT_INK[ob['seat']]} on grey11") if ob["face_down"] \
                and ob["kind"] == "insect" else (" ", object_style(ob))
            for col, row, x, y in self.cells():
                if contains(ob["x"], ob["y"], ob["angle"], cw, ch, x, y):
                    self.put(col, row, fill, style)
                    self.owner[row][col] = ob["id"]
        for ob in on_table:
            self._label(ob, code(ob))
        last = obs.get("last")
        if last:
            self.mark(last["aim"], AIM_MARK)
            if last["landing"]:
                self.mark(last["landing"][:2], LANDING_MARK)
        self.mark(obs.get("aim"), AIMING_MARK)
        if aim_numbers:
            for number in range(1, GRID * GRID + 1):
                where = self.cell(*grid_point((self.w, self.h), number - 1))   # move k is grid id k-1
                if where is not None:
                    col, row = where
                    for k, char in enumerate(f"{number:>2}"[: self.cols - col]):
                        self.put(col + k, row, char, "bold bright_cyan on grey11")
        text = Text()
        for row in range(self.rows):
            if row:
                text.append("\n")
            for col in range(self.cols):
                text.append(self.chars[row][col], style=self.styles[row][col])
        return text

    def _label(self, ob: dict, label: str) -> None:
        """The label on the visible cell of the card nearest its centre with room for it."""
        best = None
        for row in range(self.rows):
            for col in range(self.cols):
                if self.owner[row][col] != ob["id"]:
                    continue
                room = len(label) if all(col + k < self.cols and self.owner[row][col + k] == ob["id"]
                                         for k in range(len(label))) else 1
                x, y = self.centre(col, row)
                key = (-room, math.hypot(x - ob["x"], y - ob["y"]))
                if best is None or key < best[0]:
                    best = key, col, row, room
        if best is None:
            return
        _, col, row, room = best
        for k in range(room):
            self.chars[row][col + k] = label[k]


# ---------------------------------------------------------------- the panels
def _aiming(obs: dict, me: int) -> bool:
    return obs["phase"] == "aim" and obs["to_move"] == me


def board(obs: dict, me: int, size: tuple[int, int]) -> Panel:
    cols, rows = size
    w, h = obs["table"]
    drawing = Board(obs, cols, rows).draw(aim_numbers=_aiming(obs, me))
    return Panel(drawing, box=box.SQUARE, padding=0, expand=False, border_style="grey50",
                 title=f"table {w}×{h} mm", title_align="left",
                 subtitle=f"1 cell ≈ {w / cols:.0f}×{h / rows:.0f} mm", subtitle_align="right")


def _colour(obs: dict, q: int) -> str:
    return obs["seats"][q]["colour"]


def _turn(obs: dict, me: int) -> Text:
    """Who you are and the round; then whose turn and the step of the play."""
    text = Text(f"You are {_colour(obs, me)} ({seat_name(me)})", style=f"bold {SEAT_INK[me]}")
    text.append(f", round {obs['round']}/2\n", style="bold")
    q = obs["to_move"]
    if q is None:
        return text.append("the game is over" if obs["phase"] == "end" else "setting up")
    text.append("Your turn" if q == me else f"{_colour(obs, q)} ({seat_name(q)}) to play",
                style=f"bold {SEAT_INK[q]}")
    if obs["card"]:
        text.append(f": {obs['card']}, {obs['phase']}")
    return text


def scores(obs: dict, me: int) -> Table:
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, header_style="bold dim")
    for name, justify in (("", "left"), ("VP", "right"), ("Goodies", "right"), ("hand", "right"),
                          ("caught", "right")):
        table.add_column(name, justify=justify, no_wrap=True)
    for q, s in enumerate(obs["seats"]):
        name = Text(("▶ " if obs["to_move"] == q else "  ") + s["colour"], style=f"bold {SEAT_INK[q]}")
        name.append(f" {seat_name(q)}", style="dim")
        table.add_row(name, str(s["points"]), str(s["goodies"]), str(s["hand_size"]), str(len(s["bounty"])))
    return table


def hand(obs: dict, me: int, short: bool = False) -> Text:
    mine = obs["seats"][me].get("hand", [])
    text = Text("Your hand: ", style="bold")
    if not mine:
        return text.append("(empty)", style="dim")
    for i, name in enumerate(mine):
        if i:
            text.append(" " if short else ", ")
        text.append(f" {CODES.get(name, name[:2])} ", style=SEAT_STYLES[me])
        if not short:
            text.append(f" {name}")
    return text


def last_throw(obs: dict, me: int) -> Text | None:
    last = obs.get("last")
    if not last:
        return None
    text = Text("Last: ", style="bold")
    text.append(f"{_colour(obs, last['seat'])} {last['card']}", style=f"bold {SEAT_INK[last['seat']]}")
    ax, ay = last["aim"]
    text.append(" aimed ").append(AIM_MARK[0], style=AIM_MARK[1]).append(f" ({ax:g}, {ay:g}), ")
    if last["landing"] is None:
        return text.append("fell off the table")
    x, y, angle, down = last["landing"]
    text.append("landed ").append(LANDING_MARK[0], style=LANDING_MARK[1])
    return text.append(f" ({x}, {y}) {angle:g}°" + (" face down" if down else ""))


LEGEND = ((" T ", ENEMY_STYLES["toad"], "toad"), (" A ", ENEMY_STYLES["ant"], "ant"),
          (" G ", ENEMY_STYLES["goodie"], "Goodie"), (FACE_DOWN_FILL * 2, "grey70 on grey11", "face down"),
          (*ELEMENT_MARKS["mushroom"], "mushroom"), (*ELEMENT_MARKS["bush"], "bush"),
          (*EXPLOSION, "explosion"), (*AIM_MARK, "last aim"), (*LANDING_MARK, "landed"))


def _rows(cells: list[Text], per_row: int) -> Table:
    grid = Table.grid(padding=(0, 1))
    for _ in range(per_row):
        grid.add_column(no_wrap=True)
    for i in range(0, len(cells), per_row):
        grid.add_row(*cells[i:i + per_row])
    return grid


def legend(short: bool = False) -> RenderableType:
    """What the marks on the table mean, three a row; in full also the insects' codes."""
    marks = _rows([Text(sample, style=style).append(f" {meaning}", style="dim")
                   for sample, style, meaning in LEGEND], 3)
    if short:
        return marks
    return Group(marks, _rows([Text(c, style="bold").append(f" {name}", style="dim")
                               for name, c in CODES.items()], 2))


def _choices(obs: dict) -> Text | None:
    if not obs.get("choices"):
        return None
    return Text("Covered enemies: ", style="bold").append(", ".join(obs["choices"]))


def render(obs: dict, seat: int) -> RenderableType:
    """The table as seat `seat` sees it: in full on a roomy console, else compact."""
    return BySize(lambda: _layout(obs, seat, FULL_BOARD, short=False),
                  lambda: _layout(obs, seat, COMPACT_BOARD, short=True))


def _layout(obs: dict, me: int, size: tuple[int, int], short: bool) -> RenderableType:
    side: list[RenderableType] = [_turn(obs, me), scores(obs, me), hand(obs, me, short)]
    for extra in (last_throw(obs, me), _choices(obs)):
        if extra is not None:
            side.append(extra)
    side.append(legend(short))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(board(obs, me, size), Group(*side))
    return grid


def _short(target: str) -> str:
    """An insect named by its colour and code ("Blue Sk"); other targets as they are."""
    colour, _, insect = target.partition(" ")
    return f"{colour} {CODES[insect]}" if insect in CODES else target


def moves(obs: dict, seat: int, texts: list[str]) -> RenderableType | None:
    """The legal moves as play lists them, but when aiming the 64 grid points are the numbers
    drawn on the table (moves 1-64) and only the other aims are listed (insects by their codes
    on a small screen)."""
    if not _aiming(obs, seat) or len(texts) < GRID * GRID:
        return None
    targets = [t.removeprefix("aim at ") for t in texts[GRID * GRID:]]
    note = Text("1-64: aim at the point with that number on the table; or aim at", style="italic")

    def listed(short: bool) -> RenderableType:
        return Group(note, Columns([Text(f"{i:>2}. ", style="cyan") + Text(_short(t) if short else t)
                                    for i, t in enumerate(targets, GRID * GRID + 1)], padding=(0, 2)))
    return BySize(lambda: listed(False), lambda: listed(True))
