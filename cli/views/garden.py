"""Garden Guerrilla on screen: the table drawn from above, its cards rasterised to character
cells, beside the scores, the hands and a legend (core/games/garden observation()).

The table is drawn with y upwards, as the state's coordinates run: a card at angle 0 stands
upright. Each cell shows the topmost thing whose shape holds the cell's centre.
"""
from __future__ import annotations

import math

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
from rich.panel import Panel
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from partisan.cli.console import seat_name
from partisan.cli.views.fit import BySize
from partisan.core.games.garden.view import COLOURS, GRID, RESTING, grid_point, nearest_edge, whose
from partisan.core.narration import counted, listed

FULL_BOARD = (60, 22)               # cells of the table drawing on a roomy screen
COMPACT_BOARD = (40, 12)            # and at 80x24
SEAT_STYLES = ("bold white on red3", "bold white on blue3", "bold white on green4", "bold black on yellow3")
SEAT_INK = ("red1", "dodger_blue1", "green3", "yellow2")
ENEMY_STYLES = {"toad": "bold white on dark_magenta", "ant": "bold white on grey42",
                "goodie": "bold black on bright_white"}
ENEMY_CODES = {"toad": "T", "ant": "A", "goodie": "G"}
TABLE_STYLE = "on grey11"
ELEMENT_MARKS = {"mushroom": ("^", "bold tan on grey23"), "bush": ("%", "bold green on grey19")}
EXPLOSION = ("*", "bold orange1 on grey11")     # drawn in its player's ink; the legend's in this
SHOT_MARK = "•"                     # a line a card shot as it landed, in its owner's ink
PREVIEW_MARK = "·"                  # where a choice of the play under way would shoot or lie
PREVIEW_NUMBER_STYLE = "bold black on bright_yellow"    # the choices' numbers on the table
AIM_NUMBER_STYLE = "bold bright_cyan on grey11"
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


def overlaps(x: float, y: float, angle: float, width: float, height: float,
             box: tuple[float, float, float, float]) -> bool:
    """Whether the width x height card at (x, y) turned `angle` overlaps the upright `box`
    (x0, y0, x1, y1) mm at all (no axis of either separates them)."""
    points = corners(x, y, angle, width, height)
    x0, y0, x1, y1 = box
    square = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    a = math.radians(angle)
    for ax, ay in ((1.0, 0.0), (0.0, 1.0), (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))):
        mine = [px * ax + py * ay for px, py in points]
        theirs = [px * ax + py * ay for px, py in square]
        if max(mine) < min(theirs) or max(theirs) < min(mine):
            return False
    return True


# How another seat's insect codes are written, so that the owner reads without colour: the
# viewer's own "Rb", the next seat's "rb", then "RB", then "rB".
OTHER_CASES = (str.lower, str.upper, lambda c: c[:1].lower() + c[1:].upper())


def insect_code(name: str, seat: int | None = None, viewer: int | None = None, seats: int = 2) -> str:
    """An insect's two letters, cased by whose it is (OTHER_CASES) when a viewer is given."""
    c = CODES.get(name, name[:2])
    if viewer is None or seat is None or seat == viewer:
        return c
    return OTHER_CASES[((seat - viewer) % seats - 1) % len(OTHER_CASES)](c)


def code(ob: dict, viewer: int | None = None, seats: int = 2) -> str:
    """Two characters naming an object on the table: an insect's code (cased by its owner when
    a viewer is given: insect_code), T1, A3, G1."""
    if ob["kind"] == "insect":
        return insect_code(ob["insect"], ob["seat"], viewer, seats)
    return ENEMY_CODES[ob["kind"]] + ob["name"].split()[-1]


def object_style(ob: dict) -> str:
    return SEAT_STYLES[ob["seat"]] if ob["kind"] == "insect" else ENEMY_STYLES[ob["kind"]]


def _fill(ob: dict) -> tuple[str, str]:
    """The character and style of an object's cells: a face-down insect shaded in its seat's ink."""
    if ob["face_down"] and ob["kind"] == "insect":
        return FACE_DOWN_FILL, f"{SEAT_INK[ob['seat']]} on grey11"
    return " ", object_style(ob)


# ---------------------------------------------------------------- the table in cells
def _bg(style: str) -> str:
    """The background colour of a cell's style ("on red3" -> "red3")."""
    return style.rpartition(" on ")[2] if " on " in style else "grey11"


def tip(x: float, y: float, angle: float, reach: float) -> tuple[float, float]:
    """The point `reach` mm from (x, y) towards the top of a card turned `angle` degrees
    counter-clockwise (its top edge faces up at 0°)."""
    a = math.radians(angle)
    return x - reach * math.sin(a), y + reach * math.cos(a)


def shows_lines(preview: list[dict]) -> bool:
    return any(item["lines"] for item in preview)


class Board:
    """The table as cols x rows cells: a character and a style per cell. Card codes are laid
    first and kept: markers (+ @ X) and numbers go beside them, never over them."""

    def __init__(self, obs: dict, cols: int, rows: int):
        self.obs, self.cols, self.rows = obs, cols, rows
        self.w, self.h = obs["table"]
        self.chars = [[" "] * cols for _ in range(rows)]
        self.styles = [[TABLE_STYLE] * cols for _ in range(rows)]
        self.owner = [[-1] * cols for _ in range(rows)]     # the object id shown in each cell
        self.kept: set[tuple[int, int]] = set()            # cells holding a code, a marker or a number
        self.undrawn: dict[int, str] = {}     # the numbers not drawn: "room" (codes hold their spots), "off",
                                              # an aim point's, the code or mark over it
        self.rims: set[tuple[int, int]] = set()        # the outline cells of hats and bushes
        self.astray: list[int] = []           # the objects whose code found no room on or against them
        self.unplaced: list[int] = []         # and those whose code found no room near them
        self.by_id: dict[int, dict] = {}      # the objects on the table
        self.stacks: list[str] = []           # the codes of cards at one point drawn as one: "lg/gh"

    def centre(self, col: int, row: int) -> tuple[float, float]:
        return (col + 0.5) * self.w / self.cols, self.h - (row + 0.5) * self.h / self.rows

    def cell(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell holding the point (x, y) mm, None off the table."""
        col, row = math.floor(x / self.w * self.cols), math.floor((self.h - y) / self.h * self.rows)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return col, row
        return None

    def nearest_cell(self, x: float, y: float) -> tuple[int, int]:
        """The cell holding (x, y), or the nearest one on the table's border."""
        col = min(max(math.floor(x / self.w * self.cols), 0), self.cols - 1)
        row = min(max(math.floor((self.h - y) / self.h * self.rows), 0), self.rows - 1)
        return col, row

    def box(self, col: int, row: int) -> tuple[float, float, float, float]:
        """The cell's (x0, y0, x1, y1) mm."""
        x, y = self.centre(col, row)
        hw, hh = self.w / self.cols / 2, self.h / self.rows / 2
        return x - hw, y - hh, x + hw, y + hh

    def cells(self):
        for row in range(self.rows):
            for col in range(self.cols):
                yield col, row, *self.centre(col, row)

    def put(self, col: int, row: int, char: str, style: str) -> None:
        self.chars[row][col], self.styles[row][col] = char, style

    def free_spot(self, col: int, row: int, width: int, margin: int = 1,
                  bare: bool = False, off_rims: bool = False) -> tuple[int, int] | None:
        """The place nearest (col, row), at most two rows and four columns away, for `width`
        characters whose cells, and `margin` cells either side (else none, when no place has
        them free), hold no code, marker or number; with `bare`, on cells no card shows,
        where there are such (a code on another card's cells would read as that card's);
        with `off_rims`, of places as near, one off a hat's or bush's outline; None when there
        is none near."""
        spots = sorted((abs(dr) * 2 + abs(dc), off_rims and any((col + dc + k, row + dr) in self.rims
                                                                for k in range(width)),
                        abs(dr), col + dc, row + dr)      # a tie: the same row
                       for dr in range(-2, 3) for dc in range(-4, 5))
        for only_bare, gap in ((True, margin), (True, 0)) * bare + ((False, margin), (False, 0)):
            for *_, c, r in spots:
                if not (0 <= r < self.rows and 0 <= c and c + width <= self.cols):
                    continue
                if all((k, r) not in self.kept for k in range(c - gap, c + width + gap)) and \
                        not (only_bare and any(self.owner[r][k] >= 0 for k in range(c, c + width))):
                    return c, r
        return None

    def write(self, col: int, row: int, text: str, style: str | None = None) -> None:
        """Text from (col, row) on, kept from then on; in the cells' own background unless a
        style is given."""
        for k, char in enumerate(text):
            self.put(col + k, row, char, style or f"bold bright_white on {_bg(self.styles[row][col + k])}")
            self.kept.add((col + k, row))

    def label_near(self, point, text: str, style: str | None = None, margin: int = 1,
                   bare: bool = False) -> tuple[int, int] | None:
        """Write `text` as near the cell of `point` (mm) as room allows (free_spot): where it
        starts, None if there is no room."""
        spot = self.free_spot(*self.nearest_cell(*point), len(text), margin, bare)
        if spot is not None:
            self.write(*spot, text, style)
        return spot

    def label_on(self, point, text: str, style: str, beside: bool = False) -> bool:
        """Write `text` over the cell of `point` (mm), from it on or ending on it, with a free
        cell either side, so that it reads as that spot's and no other's; with `beside`, when a
        mark holds that cell, against it (a line's stop "•58"); False, writing nothing, when
        there is no such room or the point is off the table (the menu lists the choice all the
        same)."""
        if not (0 <= point[0] <= self.w and 0 <= point[1] <= self.h):
            return False
        col, row = self.nearest_cell(*point)
        n = len(text)
        spans = [(start, start - 1, start + n) for start in range(col, col - n, -1)]
        if beside and self.chars[row][col] == SHOT_MARK:
            spans += [(col + 1, col + 1, col + n + 1), (col - n, col - n - 1, col - 1)]
        # of the places that read as that spot's, the one over the fewest outline cells of a hat or bush
        spans.sort(key=lambda span: sum((k, row) in self.rims for k in range(span[0], span[0] + n)))
        for start, first, last in spans:     # the cells to keep free, margins included
            if 0 <= start and start + n <= self.cols and all((k, row) not in self.kept for k in range(first, last + 1)):
                self.write(start, row, text, style)
                return True
        return False

    def trace(self, x0: float, y0: float, x1: float, y1: float, char: str = PREVIEW_MARK,
              ink: str = "bright_white") -> None:
        """A line from (x0, y0) to (x1, y1) mm: `char` in `ink` on every cell it crosses (not
        on codes), over the cell's own background."""
        step = min(self.w / self.cols, self.h / self.rows) / 3
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        for i in range(n + 1):
            where = self.cell(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n)
            if where is not None and where not in self.kept:
                col, row = where
                self.put(col, row, char, f"bold {ink} on {_bg(self.styles[row][col])}")

    def shade(self, x: float, y: float, angle: float, width: float, height: float) -> None:
        """Dots on the cells whose centre a width x height shape covers (dot)."""
        self.dot({(col, row) for col, row, cx, cy in self.cells() if contains(x, y, angle, width, height, cx, cy)})

    def dot(self, cells) -> None:
        """PREVIEW_MARK on `cells` but those holding codes, marks or numbers (a card's cells
        keep their colour, so the cards under the dots still show)."""
        for col, row in cells:
            if (col, row) not in self.kept:
                self.put(col, row, PREVIEW_MARK, f"bold bright_white on {_bg(self.styles[row][col])}")

    def reach(self, blast: dict) -> list[tuple[int, int]]:
        """Every cell an explosion card reaches into, not only those whose centre it covers,
        so that a card it catches by a corner meets its mark."""
        return [(col, row) for col, row, _, _ in self.cells()
                if overlaps(blast["x"], blast["y"], blast["angle"], blast["width"], blast["height"],
                            self.box(col, row))]

    def draw(self, aim_numbers: bool = False, preview: bool = False) -> Text:
        """The drawing; with the aim points numbered as their moves (`aim_numbers`), or where
        each choice of the play under way would shoot (`preview`: obs["preview"])."""
        obs = self.obs
        cw, ch = obs["card_size"]
        for e in obs["elements"]:
            for col, row, x, y in self.cells():
                if math.hypot(x - e["x"], y - e["y"]) <= e["r"]:
                    self.put(col, row, *ELEMENT_MARKS[e["kind"]])
        for blast in obs.get("explosions") or []:
            for col, row in self.reach(blast):
                self.put(col, row, EXPLOSION[0], f"bold {SEAT_INK[blast['seat']]} on grey11")
        on_table = sorted((ob for ob in obs["objects"] if ob["where"] == "table"), key=lambda ob: ob["layer"])
        self.by_id = {ob["id"]: ob for ob in on_table}
        for ob in on_table:
            fill, style = _fill(ob)
            for col, row, x, y in self.cells():
                if contains(ob["x"], ob["y"], ob["angle"], cw, ch, x, y):
                    self.put(col, row, fill, style)
                    self.owner[row][col] = ob["id"]
        self._rims()            # over every card, on the hat or under it: the outline stays in view
        markers = self._markers()
        avoid = {cell for cell, _ in markers}
        last = obs.get("last")
        landed = next((cell for cell, mark in markers if mark == LANDING_MARK), None)
        labels = {ob["id"]: code(ob, obs["seat"], len(obs["seats"])) for ob in on_table}
        shown = [o for owners in self.owner for o in owners]
        under = self._stacked(on_table)         # cards at one point read as one code
        # a Goodie's code stays on its centre; an enemy's, when hidden or under a card at one
        # point, and a hidden card's go beside the codes of the cards over them
        for ob in sorted(on_table, key=lambda ob: ob["kind"] != "goodie" and (
                ob["id"] not in shown or self._under_same_point(ob))):
            if any(ob in below for below in under.values()):
                continue
            mark = landed if last and ob["id"] == last["object"] else None
            label = stack_label([labels[o["id"]] for o in [ob, *under.get(ob["id"], [])]])
            if not (ob["kind"] == "goodie" and self._label_at_centre(ob, label)):
                self._stack_inks(self._label(ob, label, avoid, mark), ob, under.get(ob["id"], []), labels)
        for (col, row), mark in markers:            # beside a code that had no other room
            spot = (col, row) if (col, row) not in self.kept else self.free_spot(col, row, 1, 0, off_rims=True)
            if spot is not None:
                self.write(*spot, mark[0], mark[1])
        for shot in obs.get("shots") or []:         # the lines of the plays since yours, around the codes
            for seg in shot["lines"]:
                self.trace(*seg, SHOT_MARK, SEAT_INK[shot["seat"]])
                end = self.cell(*seg[2:])
                if end is not None and self.chars[end[1]][end[0]] == SHOT_MARK:
                    self.kept.add(end)  # where it stopped (all of a line that catches under its crosshair): no number over it
        if preview and obs.get("preview"):
            self._preview(obs["preview"])
        if aim_numbers:
            self._aim_numbers()
        text = Text()
        for row in range(self.rows):
            if row:
                text.append("\n")
            for col in range(self.cols):
                text.append(self.chars[row][col], style=self.styles[row][col])
        return text

    def _aim_numbers(self) -> None:
        """Each aim point's number (move k is grid id k-1) on its cell; one that a code or mark
        holds, or leaves no room for, is left out (`undrawn`: "under G1", "beside G1")."""
        for number in range(1, GRID * GRID + 1):
            point = grid_point((self.w, self.h), number - 1)
            if not self.label_on(point, f"{number}", AIM_NUMBER_STYLE, beside=True):
                col, row = self.nearest_cell(*point)
                under = self._token(col, row)
                beside = self._token(col - 1, row) or self._token(col + 1, row)
                self.undrawn[number] = f"under {under}" if under else f"beside {beside}" if beside else "room"

    def _token(self, col: int, row: int) -> str:
        """The code kept on cell (col, row), whole ("G1"), or the mark there ("+"); "" when
        nothing is kept there."""
        if (col, row) not in self.kept or self.chars[row][col] == " ":
            return ""
        if not self.chars[row][col].isalnum():
            return self.chars[row][col]
        first, last = col, col
        while (first - 1, row) in self.kept and self.chars[row][first - 1].isalnum():
            first -= 1
        while (last + 1, row) in self.kept and self.chars[row][last + 1].isalnum():
            last += 1
        return "".join(self.chars[row][first:last + 1])

    def _rims(self) -> None:
        """The edge of every mushroom hat and bush drawn again over what lies on it, under it
        or on the table beside it (cards, explosions), in their colours, so that a card's place
        against a hat shows and a crowded hat keeps its outline."""
        for e in self.obs["elements"]:
            char, style = ELEMENT_MARKS[e["kind"]]
            for col, row, x, y in self.cells():
                if math.hypot(x - e["x"], y - e["y"]) <= e["r"] and self._on_rim(col, row, e):
                    self.rims.add((col, row))
                    if self.chars[row][col] != char:
                        self.put(col, row, char, f"{style.rpartition(' on ')[0]} on {_bg(self.styles[row][col])}")

    def _on_rim(self, col: int, row: int, e: dict) -> bool:
        """A cell of element e's disc next to a cell outside it (or the table's edge)."""
        for c, r in ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)):
            if not (0 <= c < self.cols and 0 <= r < self.rows):
                return True
            x, y = self.centre(c, r)
            if math.hypot(x - e["x"], y - e["y"]) > e["r"]:
                return True
        return False

    def _markers(self) -> list[tuple[tuple[int, int], tuple[str, str]]]:
        """The cells of the aim being played (X), the last aim (+) and where that card landed
        (@): a landing in its aim's cell shows as @ alone; the aim being played shows whatever
        shares its cell (a card just landed, aimed at: the @ goes beside it)."""
        obs, out = self.obs, []
        last = obs.get("last")
        points = []
        if last:
            if last["rest"]:
                points.append((last["rest"], LANDING_MARK))
            points.append((last["aim"], AIM_MARK))
        for point, mark in points:
            where = self.cell(*point)
            if where is not None and where not in [cell for cell, _ in out]:   # one mark of the last play a cell
                out.append((where, mark))
        aiming = self.cell(*obs["aim"]) if obs.get("aim") else None
        return ([] if aiming is None else [(aiming, AIMING_MARK)]) + out

    def _preview(self, preview: list[dict]) -> None:
        """Where each choice of the play under way would shoot if the card landed on its aim,
        labelled with its move number (choice_points): every line; at the explosion points,
        every cell their explosion cards reach into (as a landed one's: reach); for a card
        without lines, its footprint (or explosion card) at the first choice, where it would
        come to rest even if caught there. A number with no room on its spots is left out
        (`undrawn`)."""
        cw, ch = self.obs["card_size"]
        for item in preview[:1] if self.obs["phase"] == "blast" else preview:
            for seg in item["lines"]:
                self.trace(*seg)
        if self.obs["phase"] == "blast":        # where the explosion card of any point would reach
            self.dot({cell for item in preview if item["blast"] for cell in self.reach(item["blast"])})
        first = preview[0]
        shape = first["blast"] or (dict(first["card"], width=cw, height=ch) if first["card"] else None)
        if self.obs["phase"] != "blast" and not shows_lines(preview) and shape is not None:
            self.shade(shape["x"], shape["y"], shape["angle"], shape["width"], shape["height"])
        numbers, drawn, on_table = self.choice_spots(preview), set(), set()
        for number, spots in numbers:       # on its spot or not at all: aside, it would seem another's
            x, y = spots[0]                 # its best spot: off the table, the reason it is not drawn
            if 0 <= x <= self.w and 0 <= y <= self.h:
                on_table.add(number)
            if any(self.label_on(point, str(number), PREVIEW_NUMBER_STYLE) for point in spots):
                drawn.add(number)
        self.undrawn = {number: "room" if number in on_table else "off"     # the list under the table says so
                        for number, _ in numbers if number not in drawn}

    def choice_points(self, preview: list[dict]) -> list[tuple[int, tuple[float, float]]]:
        """(move number, point in mm) of every spot where a choice's number may stand."""
        return [(n, point) for n, spots in self.choice_spots(preview) for point in spots]

    def choice_spots(self, preview: list[dict]) -> list[tuple[int, list[tuple[float, float]]]]:
        """(move number, spots in mm, the best first) of each number to draw: each explosion
        point; else each line's end, then a cell or two back along the line; for a card
        without lines, one cell beyond the top of its footprint (or explosion card), the
        direction that choice turns it to, then its top edge, two cells beyond it, within it:
        the number goes on the first with room (one off the table or on a code has none)."""
        if self.obs["phase"] == "blast":
            return [(n, [(it["blast"]["x"], it["blast"]["y"])]) for n, it in enumerate(preview, 1) if it["blast"]]
        cell = self.h / self.rows
        if shows_lines(preview):
            out = []
            for n, it in enumerate(preview, 1):
                for x0, y0, x1, y1 in it["lines"]:
                    length = math.hypot(x1 - x0, y1 - y0) or 1.0
                    out.append((n, [(x1 - (x1 - x0) * back / length, y1 - (y1 - y0) * back / length)
                                    for back in (0, cell, 2 * cell) if back < length]))
            return out
        out = []
        for number, item in enumerate(preview, 1):
            centre = item["blast"] or item["card"]
            if centre:
                height = item["blast"]["height"] if item["blast"] else self.obs["card_size"][1]
                out.append((number, [tip(centre["x"], centre["y"], centre["angle"], reach)
                                     for reach in (height / 2 + cell, height / 2, height / 2 + 2 * cell,
                                                   height / 4)]))
        return out

    def _label(self, ob: dict, label: str, avoid: set,
               mark: tuple[int, int] | None = None) -> tuple[int, int] | None:
        """The whole label as near the card's centre as room allows, on the card (_best_run).
        A card hidden, or lying under another at one point, has its label beside the other's,
        on the same row where room allows; one hemmed in by other codes, at its cells whatever
        lies beside. A label that finds no room on or against its card is drawn as near as it
        can and listed in `astray`, or not at all and listed in `unplaced`. Where it starts."""
        n = len(label)
        footprint = self._footprint(ob)
        shown = {cell for cell in footprint if self.owner[cell[1]][cell[0]] == ob["id"]}
        covered = not shown or (not self._shows_run(shown, n) and self._under_same_point(ob))
        best = None if covered else self._best_run(ob, n, footprint | {self.nearest_cell(ob["x"], ob["y"])},
                                                    shown, avoid, mark)
        if best is None:
            if covered:
                spot = self.label_near((ob["x"], ob["y"]), label, _fill(ob)[1])
            else:
                nearest = min(shown, key=lambda cell: math.dist(self.centre(*cell), (ob["x"], ob["y"])))
                spot = self.label_near(self.centre(*nearest), label, _fill(ob)[1], margin=0)
            if spot is None:
                self.unplaced.append(ob["id"])
            elif not self._against(*spot, n, footprint):
                self.astray.append(ob["id"])
            return spot
        touching, start, row = best
        if touching:            # against another code whatever its run: a spot apart near it, if any
            spot = self.free_spot(start, row, n, bare=True)
            if spot is not None and self._apart(*spot, n):
                start, row = spot
        self.write(start, row, label, _fill(ob)[1])
        if not self._against(start, row, n, footprint):
            self.astray.append(ob["id"])
        return start, row

    def _best_run(self, ob: dict, n: int, area: set, shown: set, avoid: set,
                  mark: tuple[int, int] | None) -> tuple[bool, int, int] | None:
        """The best run of n cells around `area` for ob's label: on or against its `shown`
        cells, on them, the free table, or the cells of a card it lies over at its level (the
        label, in its card's colours, reads as the card on top). Apart from other codes above
        all: a code against another reads as one ("chG1"); then a card on a hat inside the
        hat's outline when it can, a card on the table outside it, so that the label tells the
        level; beside its landing mark (@ at `mark`) on the same row when it has one; then
        nearest the card's centre, its own cells before the table's and another card's, clear
        of the markers' cells. (whether it touches another code, start, row); None if none."""
        step, best = self.w / self.cols, None
        for row in range(max(min(r for _, r in area) - 1, 0), min(max(r for _, r in area) + 2, self.rows)):
            for start in range(min(c for c, _ in area) - n, max(c for c, _ in area) + 2):
                run = [(start + k, row) for k in range(n)]
                if not (all(self._may_label(cell, ob) for cell in run)
                        and any((c + d, r) in shown for c, r in run for d in (-1, 0, 1))):
                    continue
                x, y = self.centre(start + (n - 1) / 2, row)
                others = sum(self.owner[r][c] not in (ob["id"], -1) for c, r in run)
                bare = sum(self.owner[r][c] == -1 for c, r in run)
                cost = math.hypot(x - ob["x"], y - ob["y"]) + step * (others + bare / 2 + sum(c in avoid for c in run))
                apart = mark is not None and mark not in ((start - 1, row), (start + n, row))
                key = (not self._apart(start, row, n), self._off_level(run, ob), apart, cost)
                if best is None or key < best[0]:
                    best = key, start, row
        return None if best is None else (best[0][0], best[1], best[2])

    def _footprint(self, ob: dict) -> set[tuple[int, int]]:
        """The cells within card ob."""
        cw, ch = self.obs["card_size"]
        return {(c, r) for c, r, x, y in self.cells() if contains(ob["x"], ob["y"], ob["angle"], cw, ch, x, y)}

    def _stacked(self, on_table: list[dict]) -> dict[int, list[dict]]:
        """The cards under each card with its centre in the same cell (stacked)."""
        return stacked(on_table, lambda a, b: self.nearest_cell(a["x"], a["y"]) == self.nearest_cell(b["x"], b["y"]))

    def _stack_inks(self, spot: tuple[int, int] | None, top: dict, below: list[dict], labels: dict) -> None:
        """Each code of a stack's label (written at `spot`) in its own card's colours; the
        stack listed for the note beside the table."""
        if spot is None or not below:
            return
        col, row = spot[0] + len(labels[top["id"]]) + 1, spot[1]
        for ob in below:
            self.write(col, row, labels[ob["id"]], _fill(ob)[1])
            if not self._against(col, row, len(labels[ob["id"]]), self._footprint(ob)):
                self.astray.append(ob["id"])
            col += len(labels[ob["id"]]) + 1
        self.stacks.append(stack_label([labels[o["id"]] for o in [top, *below]]))

    def _under_same_point(self, ob: dict) -> bool:
        """Whether a card over ob at its level has its centre in the cell of ob's centre: the
        two lie at one point, and ob's code goes beside the other's."""
        here = self.nearest_cell(ob["x"], ob["y"])
        return any(o["level"] == ob["level"] and o["layer"] > ob["layer"] and self.nearest_cell(o["x"], o["y"]) == here
                   for o in self.by_id.values())

    @staticmethod
    def _shows_run(shown: set, width: int) -> bool:
        """Whether `shown` cells hold `width` side by side on a row: room for a code."""
        return any(all((c + k, r) in shown for k in range(width)) for c, r in shown)

    @staticmethod
    def _against(col: int, row: int, width: int, footprint: set) -> bool:
        """Whether `width` cells from (col, row) lie on the cells of `footprint` or against them."""
        return any((col + k, row) in footprint for k in range(-1, width + 1))

    def _off_level(self, run: list[tuple[int, int]], ob: dict) -> int:
        """How much a label's cells read as another level than card ob's: a card on a hat,
        their distance off its outline (_off_hat); a card on the table, how many lie within
        a hat's outline or on its edge."""
        if ob["level"]:
            return sum(self._off_hat(cell, self.obs["elements"][ob["level"] - 1]) for cell in run)
        hats = [e for e in self.obs["elements"] if e["kind"] == "mushroom"]
        return sum(any(self._off_hat(cell, e) < 2 for e in hats) for cell in run)

    def _apart(self, col: int, row: int, width: int) -> bool:
        """No code, marker or number in the cells either side of `width` cells from (col, row)."""
        return (col - 1, row) not in self.kept and (col + width, row) not in self.kept

    def _off_hat(self, cell: tuple[int, int], e: dict) -> int:
        """How far a cell lies off element e's outline: 0 inside it, 1 on its rim, 2 beyond."""
        x, y = self.centre(*cell)
        return 2 if math.hypot(x - e["x"], y - e["y"]) > e["r"] else int(not self._inside(cell, e))

    def _inside(self, cell: tuple[int, int], e: dict) -> bool:
        """A cell within element e's disc, off its rim (_on_rim): inside its outline."""
        x, y = self.centre(*cell)
        return math.hypot(x - e["x"], y - e["y"]) <= e["r"] and not self._on_rim(*cell, e)

    def _label_at_centre(self, ob: dict, label: str) -> bool:
        """The label on the cells nearest the object's centre, in its own colours, whatever lies
        on it (a Goodie stays where it lies while cards land on it: its code does not move);
        False, writing nothing, when a code already holds one of those cells."""
        row = self.nearest_cell(ob["x"], ob["y"])[1]
        start = min(max(math.floor(ob["x"] / self.w * self.cols - len(label) / 2 + 0.5), 0),
                    self.cols - len(label))
        if any((start + k, row) in self.kept for k in range(len(label))):
            return False
        self.write(start, row, label, _fill(ob)[1])
        return True

    def _may_label(self, cell: tuple[int, int], ob: dict) -> bool:
        """A cell that may hold a character of `ob`'s label: its own, bare table, or a card's
        it lies over at its level, on the table, not yet holding another code."""
        col, row = cell
        if not (0 <= col < self.cols and (col, row) not in self.kept):
            return False
        under = self.by_id.get(self.owner[row][col])
        return under is None or under is ob or (under["level"] == ob["level"] and under["layer"] < ob["layer"])


def stacked(on_table: list[dict], same_point) -> dict[int, list[dict]]:
    """The insects under each insect at one point with it at its level (`same_point(a, b)`:
    their centres meet, as the picture's scale tells), by the top one's id, the highest
    first: insects only (a toad's, an ant's or a Goodie's code keeps its own place beside
    them). Their codes read as one, the top one first (stack_label)."""
    insects = [ob for ob in on_table if ob["kind"] == "insect"]
    under: dict[int, list[dict]] = {}
    for ob in sorted(insects, key=lambda ob: -ob["layer"]):
        top = max((o for o in insects if o["level"] == ob["level"] and same_point(o, ob)), key=lambda o: o["layer"])
        if top is not ob:
            under.setdefault(top["id"], []).append(ob)
    return under


def stack_label(codes: list[str]) -> str:
    """The codes of a stack as one, the top one first: "lg/gh" (lg lies on gh), so that a
    stack does not read as two cards side by side."""
    return "/".join(codes)


STACK_NOTE = ": stacked, the top one first"


# ---------------------------------------------------------------- the panels
def _aiming(obs: dict, me: int) -> bool:
    return obs["phase"] == "aim" and obs["to_move"] == me


def _previewing(obs: dict, me: int) -> bool:
    return bool(obs.get("preview")) and obs["to_move"] == me


def board(obs: dict, me: int, size: tuple[int, int]) -> tuple[Panel, Board]:
    """The table drawn in a frame, and its Board (what it could not place)."""
    cols, rows = size
    w, h = obs["table"]
    drawn = Board(obs, cols, rows)
    drawing = drawn.draw(aim_numbers=_aiming(obs, me), preview=_previewing(obs, me))
    return Panel(drawing, box=box.SQUARE, padding=0, expand=False, border_style="grey50",
                 title=f"table {w}×{h} mm", title_align="left",
                 subtitle=f"1 cell ≈ {w / cols:.0f}×{h / rows:.0f} mm", subtitle_align="right"), drawn


def stacks(drawn: Board) -> Text | None:
    """What a code joined by "/" means, for the stacks on the table: "lg/gh: stacked, the top
    one first"."""
    if not drawn.stacks:
        return None
    return Text(", ".join(drawn.stacks), style="bold").append(STACK_NOTE, style="dim")


def astray(obs: dict, drawn: Board) -> Text | None:
    """The codes the table could not put on or against their cards: "Drawn off its card (no
    room): RB"; those not drawn at all: "Not drawn (no room): sz"."""
    by_id = {ob["id"]: ob for ob in obs["objects"]}
    line = Text()
    for words, ids in (("Drawn off {its} card (no room):", drawn.astray),
                       ("Not drawn (no room):", drawn.unplaced)):
        if ids:
            line.append(("; " if line else "") + words.format(its="its" if len(ids) == 1 else "their"),
                        style="bold")
            for o in ids:
                line.append(" ").append(code(by_id[o], obs["seat"], len(obs["seats"])), style=_fill(by_id[o])[1])
    return line or None


def _colour(obs: dict, q: int) -> str:
    return obs["seats"][q]["colour"]


def who(q: int | None, viewer: int | None) -> str:
    return "you" if q == viewer else COLOURS[q]


def named(name: str, seat: int | None, viewer: int | None) -> str:
    """An object's name as the viewer reads it: "your Skorpio" for the viewer's own insect."""
    if seat is not None and seat == viewer:
        return "your " + name.partition(" ")[2]
    return name


def winners_line(obs: dict, me: int | None) -> str:
    """Who won, with the winning total (l.48: a tie goes to the most Goodies, then is shared)."""
    won = obs["winners"]
    best = obs["seats"][won[0]]["points"]
    names = [("you" if q == me else _colour(obs, q)) for q in won]
    if len(won) == 1:
        verb = "win" if won[0] == me else "wins"
        return f"{names[0][0].upper()}{names[0][1:]} {verb} with {best} VP"
    return f"{' and '.join(names).capitalize()} share the victory with {best} VP each"


SINGULAR = {"insects caught": "insect caught", "own insects": "own insect", "ants": "ant", "toads": "toad",
            "Goodies": "Goodie", "mushrooms": "mushroom"}


def breakdown(obs: dict, q: int) -> str:
    """Seat q's victory points by source: "4 insects +4, own -1, ant +1, Goodie +3, mushroom +1"."""
    parts = [f"{count} {SINGULAR.get(name, name) if count == 1 else name} {points:+d}"
             for name, (count, points) in obs["seats"][q]["breakdown"].items() if count]
    return ", ".join(parts) or "nothing scored"


def _turn(obs: dict, me: int) -> Text:
    """Who you are and the round; then whose turn and the step of the play, or who won."""
    text = Text(f"You are {_colour(obs, me)} ({seat_name(me)})", style=f"bold {SEAT_INK[me]}")
    text.append(f", round {obs['round']}/2\n", style="bold")
    q = obs["to_move"]
    if q is None:
        if obs["phase"] != "end":
            return text.append("setting up")
        return text.append(f"Game over (the last card is played): {winners_line(obs, me)}", style="bold")
    text.append("Your turn" if q == me else f"{_colour(obs, q)} ({seat_name(q)}) to play",
                style=f"bold {SEAT_INK[q]}")
    if obs["card"]:
        text.append(f": {obs['card']}, {STEPS.get(obs['phase'], obs['phase'])}")
    return text


STEPS = {"aim": "choose the aim", "orient": "choose the orientation", "land": "landing",
         "blast": "place the explosion", "target": "choose the target"}


def scores(obs: dict, me: int) -> Table:
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, header_style="bold dim")
    for name, justify in (("", "left"), ("VP", "right"), ("Goodies", "right"), ("hand", "right"),
                          ("bounty", "right")):
        table.add_column(name, justify=justify, no_wrap=True)
    for q, s in enumerate(obs["seats"]):
        name = Text(("▶ " if obs["to_move"] == q else "  ") + s["colour"], style=f"bold {SEAT_INK[q]}")
        name.append(f" {seat_name(q)}", style="dim")
        table.add_row(name, str(s["points"]), str(s["goodies"]), str(s["hand_size"]), str(len(s["bounty"])))
    return table


def hand(obs: dict, me: int, short: bool = False) -> RenderableType:
    """Your hand: each card's code, and its name in full, a card never split across lines."""
    mine = obs["seats"][me].get("hand", [])
    if not mine:
        return Text("Your hand: ", style="bold").append("(empty)", style="dim")
    cards = [Text(f" {CODES.get(name, name[:2])} ", style=SEAT_STYLES[me]) + Text("" if short else f" {name}")
             for name in mine]
    return Unbroken([Text("Your hand:", style="bold"), *cards], " " if short else ", ", first=" ")


class Unbroken:
    """Pieces of text in a row, wrapped only between pieces: a piece that does not fit on the
    line goes whole to the next ("Ff Firefly", never "Ff" and "Firefly" apart)."""

    def __init__(self, pieces: list[Text], sep: str, first: str | None = None):
        self.pieces, self.sep, self.first = pieces, sep, sep if first is None else first

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = sum(p.cell_len for p in self.pieces) + len(self.sep) * (len(self.pieces) - 1)
        return Measurement(max(p.cell_len for p in self.pieces), whole)

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        line, tail = None, self.sep.rstrip()      # a line broken after a piece ends with the separator's mark
        for k, piece in enumerate(self.pieces):
            sep = self.first if k == 1 else self.sep
            more = len(tail) if k + 1 < len(self.pieces) else 0
            if line is None:
                line = piece.copy()
            elif line.cell_len + len(sep) + piece.cell_len + more > options.max_width:
                yield line.append(tail)
                line = piece.copy()
            else:
                line.append(sep).append(piece)
        yield line


def spread(place: str, card: dict, short: bool = False, at: str = "", far: dict | None = None) -> str:
    """How a card of placement type `place` strays, in words. Its figures are one standard
    deviation (noise.toml): a typical miss, along the throw and aside (the same any way for a
    drop), and a dropped card's typical turn from the angle chosen, which about one card in
    three exceeds and now and then one by two or three times: "thrown: typical miss ~70 mm
    along the throw and ~35 mm aside, often more, now and then two or three times that;
    skids ~25 mm on, spins, 15% face down"; "dropped at any distance: typical miss ~20 mm and
    turn ~25° from the angle chosen, ..."; short (no room for "at any distance", and no
    distance given): "dropped: typical miss ~20 mm, turn ~25°, often more". `at` follows the
    placement's word ("thrown 40 cm: ...");
    `far`, the figures at another distance, makes each a span from `card`'s to its ("~50-90")."""
    exact = not (card["along"] or card["across"] or card["slide"] or card["face_down"])
    how = PLACEMENT_WORDS[place] + (at or ("" if exact or card["by_distance"] or short else " at any distance"))
    if exact:
        return f"{how} exactly" if short else f"{how}: exactly on the aim, face up"

    def mm(key: str) -> str:
        near, away = round(card[key]), round((far or card)[key])
        return f"~{near}" if near == away else f"~{near}-{away}"
    unit = "" if short else " mm"
    if mm("along") == mm("across"):
        miss = f"{mm('along')} mm"
    else:
        miss = f"{mm('along')} mm along{'' if short else ' the throw'} and {mm('across')}{unit} aside"
    turn = f"{', ' if short else ' and '}turn ~{card['turn']:.0f}°{'' if short else ' from the angle chosen'}" \
        if card["turn"] else ""
    text = f"{how}: typical miss {miss}{turn}, often more"
    if short:
        return text
    text += ", now and then two or three times that;"
    if card["slide"]:
        text += f" skids ~{card['slide']:.0f} mm on,"
    if card["spin"]:
        text += " spins,"
    return text + f" {card['face_down']:.0%} face down"


PLACEMENT_WORDS = {"secure": "placed", "drop": "dropped", "throw": "thrown"}


def thrower(obs: dict, me: int, short: bool = False) -> Text | None:
    """Where you play from and the others' edges, and how your hand scatters, on your turn: for
    each card in hand (or the card being played), at the distance to the aim; before the aim
    is chosen, from the nearest aim point to the farthest, the distance and the scatter it
    widens. On a small screen one sentence: your edge and the widest scatter (the others'
    edges go with the legend: others_line)."""
    t = obs.get("thrower")
    if not t or obs["to_move"] != me or obs["phase"] not in ("card", "aim", "orient"):
        return None
    kinds, span = t["placements"], t["span"]
    if span:            # shown only where it widens the scatter
        distance, far = f"{span[0] / 10:.0f}-{span[1] / 10:.0f} cm", "to the aim points"
        kinds = {place: near for place, (near, _) in t["span_placements"].items()}
    else:
        distance, far = f"{t['distance'] / 10:.0f} cm", "to your aim"

    def said(place: str, brief: bool, at: str = "") -> str:
        card = kinds[place]
        farthest = t["span_placements"][place][1] if span and card["by_distance"] else None
        return spread(place, card, brief, at, farthest)
    if short:
        place = max(kinds, key=lambda k: kinds[k]["along"] + kinds[k]["across"])
        at = f" {distance}" if kinds[place]["by_distance"] else ""
        return Text(f"From the {t['edge']} edge, ", style="bold").append(said(place, True, at))
    text = Text(f"You play from the {t['edge']} edge", style="bold").append(f"; {others_edges(obs, me)}")
    widens = any(kind["by_distance"] for kind in kinds.values())
    text.append(f" ({t['hand']} hand{f', {distance} {far}' if widens else ''}):")
    for place in PLACEMENT_WORDS:
        if place in kinds:
            text.append(f"\n {said(place, False)}")
    return text


def others_line(obs: dict, me: int) -> Text:
    """The edges the others play from, on a small screen a line of their own that gives way
    with the legend: "Others' edges: Blue top, Green left"."""
    return Text("Others' edges: ", style="bold").append(others_edges(obs, me, short=True))


def others_edges(obs: dict, me: int, short: bool = False) -> str:
    """The edges the other seats play from, in turn after `me` (l.32: a throw starts outside
    the table): "Blue from the top, Green from the left"; short, "Blue top, Green left"."""
    n = len(obs["seats"])
    return ", ".join(f"{_colour(obs, q)} {'' if short else 'from the '}{obs['edges'][q]}"
                     for q in ((me + k) % n for k in range(1, n)))


def _fate(obs: dict, me: int, ob: dict) -> str:
    """How the card just played left the table as it landed: eaten, caught or fallen off."""
    if ob["how"] == "off":
        return "fell off the table"
    if ob["how"] == "eaten":
        return f"was eaten by {ob['by']}"
    return f"was caught by {named(ob['by'], ob['by_seat'], me)}"


# On a small screen only a mushroom is named: on the table away from any is the rule.
SHORT_RESTING = {"hat": "on hat {m}", "under": "partly under hat {m}", "beside": "beside mushroom {m}", "table": ""}


def last_throw(obs: dict, me: int, short: bool = False) -> Text | None:
    """The card played last: where it was aimed (+) and where it landed (@), or on a small
    screen how far from its aim; its angle, and where it rests (on a hat or on the table, as
    its landing's event says: RESTING) or how it left the table."""
    last = obs.get("last")
    if not last:
        return None
    text = Text("Last: ", style="bold")
    name = insect_code(last["card"]) if short else last["card"]
    text.append(f"{_colour(obs, last['seat'])} {name}", style=f"bold {SEAT_INK[last['seat']]}")
    ax, ay = last["aim"]
    card = next((ob for ob in obs["objects"] if ob["id"] == last["object"]), None)
    if last["landing"] is None:
        inside, edge = nearest_edge(obs["table"], ax, ay)
        return text.append(" aimed ").append(AIM_MARK[0], style=AIM_MARK[1]).append(
            f"{'' if short else f' ({ax:g}, {ay:g})'} {inside:g} mm inside the {edge} edge, fell off the table")
    (x, y), (_, _, angle, down) = last["rest"], last["landing"]       # where it lies, out of a bush
    if short:
        text.append(" ").append(LANDING_MARK[0], style=LANDING_MARK[1])
        off = round(math.hypot(x - ax, y - ay))
        text.append(f" {f'{off} mm from' if off else 'on'} its aim ").append(AIM_MARK[0], style=AIM_MARK[1])
        text.append(f", {angle:g}°" + (" face down" if down else ""))
    else:
        text.append(" aimed ").append(AIM_MARK[0], style=AIM_MARK[1]).append(f" ({ax:g}, {ay:g}), ")
        text.append("landed ").append(LANDING_MARK[0], style=LANDING_MARK[1])
        text.append(f" ({x:g}, {y:g}) {angle:g}°" + (" face down" if down else ""))
        off = round(math.hypot(x - ax, y - ay))
        text.append(f", {off} mm from its aim" if off else ", on its aim")
    resting = (SHORT_RESTING if short else RESTING)[last["resting"][0]] if last["resting"] else ""
    if resting:
        text.append(", " + resting.format(m=last["resting"][1]))
    if card is not None and card["where"] == "bounty" and card["how"] in ("off", "eaten", "arrival"):
        text.append(f" and {_fate(obs, me, card)}", style="bold")
    return text


LEGEND = ((" T ", ENEMY_STYLES["toad"], "toad"), (" A ", ENEMY_STYLES["ant"], "ant"),
          (" G ", ENEMY_STYLES["goodie"], "Goodie"), (FACE_DOWN_FILL * 2, "grey70 on grey11", "face down"),
          (*ELEMENT_MARKS["mushroom"], "mushroom"), (*ELEMENT_MARKS["bush"], "bush"),
          (*EXPLOSION, "explosion (its player's colour)"), (SHOT_MARK, "bold bright_white on grey11", "line shot"),
          (*AIM_MARK, "last aim"), (*LANDING_MARK, "landed"), (*AIMING_MARK, "aim being played"),
          (PREVIEW_MARK, "bold bright_white on grey11", "a choice's line or area"))


def _rows(cells: list[Text], per_row: int) -> Table:
    grid = Table.grid(padding=(0, 1))
    for _ in range(per_row):
        grid.add_column(no_wrap=True)
    for i in range(0, len(cells), per_row):
        grid.add_row(*cells[i:i + per_row])
    return grid


class Rows:
    """Cells in aligned rows of `most` where they fit the width whole; else as many as fit on
    each line, two spaces apart (beside the table at 80x24: whole, never cut short)."""

    def __init__(self, cells: list[Text], most: int):
        self.cells, self.most = cells, most

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(max(c.cell_len for c in self.cells), self._width())

    def _width(self) -> int:
        columns = [self.cells[k::self.most] for k in range(self.most)]
        return sum(max(c.cell_len for c in column) for column in columns if column) + self.most - 1

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        if self._width() <= options.max_width:
            yield _rows(self.cells, self.most)
            return
        yield Unbroken(self.cells, "  ", first="  ")


def owners(obs: dict | None, me: int | None) -> Text:
    """How a card's code tells its owner without colour (insect_code): "Rb yours rb Blue's";
    without a table, in general."""
    if obs is None:
        return Text("Rb", style="bold").append(" yours; ", style="dim").append(
            ", ".join(case("Rb") for case in OTHER_CASES), style="bold").append(
            " the others' (the seats after you, in turn)", style="dim")
    n = len(obs["seats"])
    text = Text("Rb", style=SEAT_STYLES[me]).append(" yours", style="dim")
    for k in range(1, n):
        q = (me + k) % n
        text.append(" ").append(insect_code("Rambee", q, me, n), style=SEAT_STYLES[q])
        text.append(f" {_colour(obs, q)}" + ("'s" if n == 2 else ""), style="dim")
    return text


BOUNTY_NOTE = "bounty = cards caught + own ones lost"


def legend(short: bool = False, obs: dict | None = None, me: int | None = None) -> RenderableType:
    """How a card's code tells its owner, and what the marks on the table mean, three a row;
    in full also what the scores' bounty counts and the insects' codes."""
    marks = Rows([Text(sample, style=style).append(f" {meaning}", style="dim")
                  for sample, style, meaning in LEGEND], 3)
    if short:
        return Group(owners(obs, me), marks)
    return Group(owners(obs, me), marks, Text(BOUNTY_NOTE, style="dim"),
                 _rows([Text(c, style="bold").append(f" {name}", style="dim") for name, c in CODES.items()], 2))


def hats(obs: dict) -> Text | None:
    """Which cards lie on each mushroom's hat and which on the table partly under its edge
    (they look alike from above; a table card's lines do not reach the hat, l.62), when an
    insect is on or under one: "On hat 1: G1 Lg sz; under it: ch"."""
    by_id = {ob["id"]: ob for ob in obs["objects"]}
    lines = []
    for m, e in enumerate(obs["elements"], 1):
        if e["kind"] != "mushroom" or not any(by_id[o]["kind"] == "insect" for o in e["on"] + e["under"]):
            continue
        line = Text()
        for words, ids in ((f"On hat {m}:", e["on"]), ("under it:" if e["on"] else f"Under hat {m}:", e["under"])):
            if ids:
                line.append(("; " if line else "") + words, style="bold")
                for o in ids:
                    line.append(" ").append(code(by_id[o], obs["seat"], len(obs["seats"])), style=_fill(by_id[o])[1])
        lines.append(line)
    return Text("\n").join(lines) if lines else None


def _choices(obs: dict) -> Text | None:
    if not obs.get("choices"):
        return None
    return Text("Covered enemies: ", style="bold").append(", ".join(obs["choices"]))


def render(obs: dict, seat: int) -> RenderableType:
    """The table as seat `seat` sees it: in full on a roomy console, else compact; at the end
    at the same scale as in play, with the short legend, since every score by source is told
    below it (the outcome; where it does not fit below, the play screen shows it apart)."""
    end = obs["phase"] == "end"
    return BySize(lambda: _layout(obs, seat, FULL_BOARD, short=False, short_legend=end),
                  lambda: _layout(obs, seat, COMPACT_BOARD, short=True))


def _layout(obs: dict, me: int, size: tuple[int, int], short: bool,
            short_legend: bool | None = None) -> RenderableType:
    brief = short if short_legend is None else short_legend
    # what gives way with the legend, before it: what is on the hats, and at 80x24 the others'
    # edges while you have a card to throw
    throwing = "throw" in ((obs.get("thrower") or {}).get("placements") or {}) and obs["to_move"] == me
    # in brief where the column would run below the table: the others' edges on their own line
    side = _side(obs, me, short)
    brief_side = _side(obs, me, True) + ([others_line(obs, me)] if throwing and not short else [])
    table, drawn = board(obs, me, size)
    first = [part for part in (stacks(drawn), hats(obs), astray(obs, drawn), others_line(obs, me) if short and throwing else None)
             if part is not None]
    key = Group(*first, legend(brief, obs, me))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(table, Beside(side, key, size[1] + 2, brief_side))
    return grid


def _side(obs: dict, me: int, short: bool) -> list[RenderableType]:
    """The column's parts before the legend: whose turn, the scores, the hand, how a card
    strays, the last play and the choices under way."""
    side: list[RenderableType] = [_turn(obs, me), scores(obs, me), hand(obs, me, short)]
    return side + [extra for extra in (thrower(obs, me, short), last_throw(obs, me, short), _choices(obs))
                   if extra is not None]


class Beside:
    """The column beside the table: its parts whole, then as many of the legend's lines as
    leave it no taller than the table's `height` rows (the legend is also in `cards`; what is
    on the hats, before it, is also in the landing lines); its parts in brief (`brief`) where
    in full they would run below the table."""

    def __init__(self, parts: list[RenderableType], legend: RenderableType, height: int,
                 brief: list[RenderableType] | None = None):
        self.parts, self.legend, self.height, self.brief = parts, legend, height, brief

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, Group(*self.parts, self.legend))

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        lines = [line for part in self.parts for line in console.render_lines(part, options, pad=False)]
        if len(lines) > self.height and self.brief:
            lines = [line for part in self.brief for line in console.render_lines(part, options, pad=False)]
        lines += console.render_lines(self.legend, options, pad=False)[:max(0, self.height - len(lines))]
        for line in lines:
            yield from line
            yield Segment.line()


def _short(target: str) -> str:
    """An insect named by its colour and code ("Blue Sk"); other targets as they are."""
    colour, _, insect = target.partition(" ")
    return f"{colour} {CODES[insect]}" if insect in CODES else target


def claims(goodies: list[str], points: int, short: bool = False) -> str:
    """The Goodies a play would claim because two or more of the player's cards would cover
    them (l.67: no attack has any effect on a Goodie)."""
    names = ", ".join(goodies)
    return f"claims {','.join(map(board_code, goodies))} {points:+d}" if short else \
        f"claims {names} with two or more of your cards on {'it' if len(goodies) == 1 else 'them'} ({points:+d})"


def board_code(name: str, viewer: int | None = None, seats: int = 2) -> str:
    """An object named as the table shows it: "toad 1" T1, "Goodie 1" G1, "Blue Skorpio" by its
    code cased by its owner (insect_code)."""
    first, _, rest = name.partition(" ")
    if first in COLOURS and rest in CODES:
        return insect_code(rest, COLOURS.index(first), viewer, seats)
    kind = {"toad": "toad", "ant": "ant", "Goodie": "goodie"}.get(first)
    return ENEMY_CODES[kind] + rest if kind else name


def would(item: dict, short: bool = False, told: tuple = (), viewer: int | None = None, seats: int = 2) -> str:
    """What a choice would do if the card landed on its aim (obs["preview"]): what its attack
    catches, then the Goodies it claims by covering them, but those `told` (said once for
    every choice); short: in a few characters, objects by their codes on the table as
    `viewer` sees it."""
    name = (lambda t: board_code(t, viewer, seats)) if short else (lambda t: t)
    fate = item.get("fate")
    if fate:
        if fate["how"] == "eaten":
            return f"eaten by {fate['by']}" if short else f"eaten by {fate['by']} as it lands"
        if fate["how"] == "arrival":
            return f"caught by {name(fate['by'])}" + ("" if short else " as it lands")
        return "falls off" if short else "it falls off the table"
    if item["then"] == "blast":     # what the best of the explosion points chosen next would catch
        if not item["best"]:
            return "-" if short else "its explosion can catch nothing"
        other = item.get("elsewhere") or []
        if short:
            return f"{','.join(map(name, item['best']))} {item['best_points']:+d}" + \
                (f" or {','.join(map(name, other))}" if other else "")
        return f"its explosion can catch {', '.join(item['best'])} ({item['best_points']:+d})" + \
            (f", or at another point {', '.join(other)}" if other else "")
    if item["then"] == "target":
        return ("covers " if not short else "") + (",".join if short else ", ".join)(map(name, item["choices"])) + \
            (" (pick)" if short else ": you pick one")
    caught = ",".join(map(name, item["caught"])) + f" {item['points']:+d}" if short and item["caught"] else \
        ", ".join(item["caught"]) + f" ({item['points']:+d})" if item["caught"] else "-" if short else "nothing"
    text = caught if short else "catches " + caught
    claimed = [g for g in item["claimed"] if g not in told]
    if claimed:
        text += "; " + claims(claimed, item["claim_points"] * len(claimed) // len(item["claimed"]), short)
    return text


def would_points(item: dict, told: tuple = ()) -> str:
    """What a choice would do in a word or a number: the points it would catch and claim (but
    the Goodies `told`), how the card would leave the table, or the step that follows."""
    fate = item.get("fate")
    if fate:
        return {"eaten": "eaten", "arrival": "caught"}.get(fate["how"], "off")
    if item["then"] == "blast":
        return f"{item['best_points']:+d}" if item["best"] else "-"
    if item["then"] == "target":
        return f"pick of {len(item['choices'])}"
    claimed = [g for g in item["claimed"] if g not in told]
    return f"{_points(item, told):+d}" if item["caught"] or claimed else "-"


def _points(item: dict, told: tuple = ()) -> int:
    """The points a choice would catch and claim (but the Goodies `told`); at a choice whose
    explosion comes next, the most its explosion could catch."""
    if item["then"] == "blast":
        return item["best_points"] if item["best"] else 0
    claimed = [g for g in item["claimed"] if g not in told]
    return item["points"] + item["claim_points"] * len(claimed) // max(1, len(item["claimed"]))


def menu_first(obs: dict, me: int) -> list[int] | None:
    """For a menu too long for the screen, which shows those it keeps in menu order, the
    moves' numbers it keeps first. At a choice of orientation or explosion point, those that
    would score most first and those whose card would be caught, eaten or leave the table last
    (in menu order at each rank): at 80x24 a Scrabblezooka's angles that caught were cut
    behind `moves` while six that caught nothing were shown. At the aim, the named aims (65
    on: a card, a mushroom), before the points under codes the list names at 80x24 (they have
    numbers near them on the table). None at any other step."""
    if _aiming(obs, me):        # no more named aims than objects and elements
        return list(range(GRID * GRID + 1, GRID * GRID + 1 + len(obs["objects"]) + len(obs["elements"])))
    if not _previewing(obs, me):
        return None
    preview = obs["preview"]
    return sorted(range(1, len(preview) + 1),
                  key=lambda n: (preview[n - 1].get("fate") is not None, -_points(preview[n - 1]), n))


# What the numbers on the table show, by the step and the card's kind of attack (full, short).
PREVIEW_NOTES = {
    "lines": ("the numbers on the table end each orientation's line(s)",
              "numbers: where each line ends"),
    "shape": ("the dots show the first choice's footprint; the numbers, where each choice turns the "
              "card's top", "numbers: where the card's top points"),
    "blast": ("the numbers on the table are the explosion points on the line; the explosion card "
              "(twice a card, turned as the Scrabblezooka) is centred there, and the dots show where it "
              "can reach", "numbers: the explosion points, dots: where they reach"),
}


MOST_CHOICE_ROWS = (8, 5)     # the rows the orientations or explosion points take at most (full, compact)
# The note when the choices are listed by their points alone (full, compact); when the
# explosion comes next, by the most its points could catch.
POINTS_NOTE = {"points": (" After each choice, the points it would catch.", "; +N: points caught"),
               "best": (" After each choice, the most points its explosion could catch.", "; +N: at best")}
# What the list says when the explosion comes next (full, compact): its catch depends on the point.
BEST_NOTE = ("Then you centre the explosion card on its line: each choice says what its explosion "
             "can catch at the best point, which you choose next.",
             "; after each, what its explosion can catch at the best point (chosen next)")


class ChoiceGrid:
    """A note, then numbered choices in columns, down each column first, as many columns as
    the widest fits: the first of `variants` (each its cells and what it adds to the note) that
    fits in `most_rows` rows, else the last (the full texts on a roomy screen, the short ones
    when they would take too many rows, the points alone at last)."""

    def __init__(self, note: str, variants: list[tuple[list[Text], str]], most_rows: int, gap: int = 2):
        self.note, self.variants, self.most_rows, self.gap = note, variants, most_rows, gap

    def __rich_console__(self, console, options):
        for cells, ending in self.variants:
            widest = max(cell.cell_len for cell in cells)
            columns = max(1, (options.max_width + self.gap) // (widest + self.gap))
            rows = -(-len(cells) // columns)
            if rows <= self.most_rows:
                break
        yield Text(self.note + ending, style="italic")
        grid = Table.grid(padding=(0, self.gap, 0, 0))
        for _ in range(-(-len(cells) // rows)):
            grid.add_column(no_wrap=True)
        for r in range(rows):
            grid.add_row(*cells[r::rows])
        yield grid

    def parts(self) -> list[Text]:
        """The note and the short cells, each choice with what it would do: what a menu cut to
        fit a crowded screen lists (cli/play/prompt.py menu_parts)."""
        cells, ending = self.variants[-2]
        return [Text(self.note + ending, style="italic"), *cells]


def _choice(text: str) -> str:
    """A choice of orientation or explosion point as the list under the table shows it, its
    note saying the rest: "22.5°", "at 3/16", "on toad 1"."""
    return text.removeprefix("turned ").removeprefix("explosion ").removesuffix(" of the line")


def _key(preview: list[dict], viewer: int, seats: int, short: bool) -> str:
    """The insects the short choices name by their codes (would(short=True)), each with its
    name: "; sk Blue Skorpio, sp Blue Spiderchute"."""
    names = [name for item in preview for name in (item.get("best") or []) + item.get("caught", [])
             + item.get("choices", []) + ([item["fate"]["by"]] if item.get("fate") and item["fate"]["by"] else [])]
    insects = dict.fromkeys(name for name in names if name.partition(" ")[2] in CODES)
    if not insects:
        return ""
    colours = {name.partition(" ")[0] for name in insects}
    one = colours.pop() if len(colours) == 1 else None     # said once, before the names
    key = ", ".join(f"{board_code(name, viewer, seats)} {name.partition(' ')[2] if one else name}"
                    for name in insects)
    whose = f"{one}'s" if one else ""
    return f"; {whose}{': ' if one else ''}{key}" if short else f" Codes{f', {whose} cards' if one else ''}: {key}."


def stray_catch(obs: dict, short: bool = False) -> str:
    """What may catch or eat the card if it lands a typical miss from its aim (obs thrower
    "near": a toad, an enemy Grasshopper San or Rambee, l.53, l.56, l.66), but what every
    choice already lands it on: "Blue Rambee lies within a typical miss (~20 mm) of the aim:
    a stray landing may be caught"; short, by its code (the note at 80x24 is full): "a
    typical miss (~20 mm) may land it against rb: caught"; "" when nothing does."""
    near = (obs.get("thrower") or {}).get("near")
    fates = {item["fate"]["by"] if item.get("fate") else None for item in obs["preview"]}
    objects = [ob for ob in near["objects"] if fates != {ob["name"]}] if near else []
    if not objects:
        return ""
    verb = " or ".join(verb for verb, by in (("caught", True), ("eaten", False))
                       if any((ob["seat"] is not None) == by for ob in objects))     # a toad has no seat
    miss = f"a typical miss (~{near['miss']:.0f} mm)"
    if short:
        codes = ", ".join(board_code(ob["name"], obs["seat"], len(obs["seats"])) for ob in objects)
        return f"{miss} may land it against {codes}: {verb}"
    names = listed([ob["name"] for ob in objects])
    return f"{names} {'lies' if len(objects) == 1 else 'lie'} within {miss} of the aim: a stray landing may be {verb}"


def _undrawn(obs: dict, short: bool, aiming: bool = False) -> dict[int, str]:
    """The choices' numbers (`aiming`: aim points') the table of that screen (full or short)
    leaves out, with why (Board.undrawn: "under sz", "beside G1", "room", "off")."""
    board = Board(obs, *(COMPACT_BOARD if short else FULL_BOARD))
    board.draw(aim_numbers=aiming, preview=not aiming)
    return board.undrawn


def _undrawn_note(obs: dict, short: bool, aiming: bool = False) -> str:
    """Which choices' numbers (`aiming`: aim points') the table of that screen (full or short)
    leaves out, and why: "Not drawn on the table: 41 (under sz); 63 (beside G1)."; "" when it
    draws them all."""
    undrawn = _undrawn(obs, short, aiming)
    why = {"off": ("off the table", "off the table's edge"), "room": ("no room", "no room beside the codes")}
    reasons = dict.fromkeys(undrawn.values())     # in the order of their first number
    parts = [f"{', '.join(str(n) for n, r in undrawn.items() if r == reason)} "
             f"({why[reason][not short] if reason in why else reason})" for reason in reasons]
    if not parts:
        return ""
    return f"; not drawn: {', '.join(parts)}" if short else f" Not drawn on the table: {'; '.join(parts)}."


def _preview_moves(obs: dict, texts: list[str]) -> RenderableType:
    """The orientations (or explosion points) with what each would do, and how to read them;
    when every choice would do the same, that once, and a Goodie every choice would claim,
    once. In columns, so that the table above stays on the screen."""
    preview = obs["preview"]
    kind = "blast" if obs["phase"] == "blast" else "lines" if shows_lines(preview) else "shape"
    exact = obs["phase"] == "blast" or "secure" in (obs.get("thrower") or {}).get("placements", {})
    turning = obs["phase"] == "orient"
    told = tuple(g for g in preview[0]["claimed"] if all(g in item["claimed"] for item in preview))
    then = preview[0]["then"] == "blast"
    rest = preview[0]["card"]           # where the card rests if it lands as aimed, whatever its angle

    me, seats = obs["seat"], len(obs["seats"])

    def cells(short: bool, points: bool = False) -> list[Text]:
        done = [would_points(item, told) if points else would(item, short, told, me, seats) for item in preview]
        return [Text(f"{i:>2}. ", style="cyan") + Text(_choice(t))
                + Text("" if len(set(done)) == 1 else f": {result}" if not short else f" {result}", style="dim")
                for i, (t, result) in enumerate(zip(texts, done), 1)]

    def listed(short: bool) -> RenderableType:
        same = len({would(item, short, told, me, seats) for item in preview}) == 1
        if short:
            note = ("0° upright, turning anticlockwise; " if turning else "") + PREVIEW_NOTES[kind][1] \
                + (BEST_NOTE[1] if then else "")
        else:
            head = ("0° stands the card upright (its top to the table's top edge); angles turn "
                    "counter-clockwise. " if turning else "")
            note = PREVIEW_NOTES[kind][0] + "."
            note = " ".join(filter(None, (head + note[0].upper() + note[1:], BEST_NOTE[0] if then else "")))
        # a card that may stray and turn: what a choice does is what it would if it landed as aimed
        aimed = "" if exact else "if it lands as aimed"
        resting = bool(rest and rest["level"] and obs["phase"] == "orient")
        margin = f"{hat_margin(obs, rest):.0f} mm" if resting and aimed else ""
        stray = stray_catch(obs, short)
        edge = near_edge(obs, rest) if aimed and not resting and obs["phase"] == "orient" else None
        if edge is not None:
            stray = "; ".join(filter(None, (stray, (f"{edge:.0f} mm in from the table's edge: a longer miss that way "
                                                    "falls off (-1 VP)") if short else
                                            (f"It would land {edge:.0f} mm inside the table's edge: a miss of more "
                                             f"than {edge:.0f} mm that way falls off the table into your Bounty (-1 VP)"))))
        if short:       # the condition once, then its clauses
            clauses = [f"every choice: {would(preview[0], short, (), me, seats)}"] if same else []
            if told and not same:
                points = preview[0]["claim_points"] * len(told) // len(preview[0]["claimed"])
                clauses.append(f"every choice {claims(list(told), points, short)}")
            clauses += (["each catches what follows it"] if aimed and not same else []) + \
                ([f"it rests on hat {rest['level']}" + (f" ({margin} in from its edge: a longer miss that way"
                                                        " lands off it)" if margin else "")] if resting else [])
            if clauses:
                note += "; " + (f"{aimed}, " if aimed else "") + "; ".join(clauses)
            note += f"; {stray}" if stray else ""
        else:
            every = f"{aimed} (it may stray and turn), every choice" if aimed else "every choice"
            every = " " + every[0].upper() + every[1:]
            if same:
                note += f"{every}: {would(preview[0], short, (), me, seats)}."
            elif told:
                points = preview[0]["claim_points"] * len(told) // len(preview[0]["claimed"])
                note += f"{every} {claims(list(told), points, short)}."
            if aimed and not same:
                note += f" After each choice, what it would catch {aimed}."
            if resting:
                note += f" It rests on mushroom {rest['level']}'s hat{' ' + aimed if aimed else ''}" + (
                    f", {margin} inside its edge: a miss of more than {margin} that way lands it on the"
                    " table" if margin else "") + "."
            note += f" {stray}." if stray else ""
        note += _undrawn_note(obs, short)
        variants = ([] if short else [(cells(False), "")]) + [
            (cells(True), _key(preview, me, seats, short)),
            (cells(True, points=True), POINTS_NOTE["best" if then else "points"][short])]
        return ChoiceGrid(note, variants, MOST_CHOICE_ROWS[short])
    return BySize(lambda: listed(False), lambda: listed(True))


EDGE_MISSES = 2         # a landing this many typical misses from the table's edge is said at risk


def near_edge(obs: dict, rest: dict | None) -> float | None:
    """How far (mm) inside the table's nearest edge a card landing as aimed at `rest` lies, when
    that is less than EDGE_MISSES typical misses (obs thrower "near"): a card whose centre
    lands off the table goes into its owner's Bounty (core/games/garden/RULES.md, Off the
    table); else None."""
    near = (obs.get("thrower") or {}).get("near")
    if not rest or not near or not near["miss"]:
        return None
    width, height = obs["table"]
    margin = min(rest["x"], rest["y"], width - rest["x"], height - rest["y"])
    return margin if margin < EDGE_MISSES * near["miss"] else None


def hat_margin(obs: dict, rest: dict) -> float:
    """How far (mm) a card resting on a hat at `rest` lies inside the hat's edge: a card
    whose centre lands farther from the hat's centre than its radius rests on the table
    (core/games/garden/RULES.md, On a hat or on the table)."""
    hat = obs["elements"][rest["level"] - 1]
    return hat["r"] - math.hypot(rest["x"] - hat["x"], rest["y"] - hat["y"])


def moves(obs: dict, seat: int, texts: list[str]) -> RenderableType | None:
    """The legal moves as play lists them, but when aiming the 64 grid points are the numbers
    drawn on the table (moves 1-64) and only the other aims are listed (insects by their codes
    on a small screen); when turning the card or placing the explosion, each choice says what
    it would catch."""
    if _previewing(obs, seat) and len(texts) == len(obs["preview"]):
        return _preview_moves(obs, texts)
    if not _aiming(obs, seat) or len(texts) < GRID * GRID:
        return None
    mine = _colour(obs, seat)           # the player's own cards named as the events name them
    targets = [_yours(t.removeprefix("aim at "), mine) for t in texts[GRID * GRID:]]
    levels = {_yours(ob["name"], mine): ob["level"] for ob in obs["objects"] if ob["where"] == "table"}
    over = _points_on_hats(obs)

    on_hat = {t: levels[t] for t in targets if levels.get(t) and not t.startswith("Goodie")}
    # a name names the same move on every turn (the state reads "aim at <name>")
    example = next((t for t in targets if t.startswith("mushroom")), targets[0] if targets else "")

    def listed(short: bool) -> RenderableType:
        hat = "; ".join(f"{', '.join(map(str, points))}: on hat {m}" if short else
                        f"a card resting on {', '.join(map(str, points))} is on mushroom {m}'s hat"
                        for m, points in over.items())
        # a number a code or mark lies over: named below the list, at 80x24 (where a row more
        # would take the events' count) in the list, as "10. under sk", before the other aims
        hidden = "" if short else _undrawn_note(obs, short, aiming=True)
        points = _undrawn(obs, short, aiming=True) if short else {}
        note = (f"1-64 or \"point 12\": the points{f' ({hat})' if hat else ''}; 65 on, renumbered each move, "
                f"or type one as listed{', ^ on a hat' if on_hat else ''}:" if short else
                f"1-64 (or \"point 12\"): aim at that point on the table{f' ({hat})' if hat else ''}; "
                f"or at one of these, numbered anew each move, or by name: type \"aim at {example}\":")
        stray = stray_aims(obs, texts, short, listed=points)
        heading = Text(note, style="italic")
        if stray and short:             # rows are few: the note goes on
            heading.append(f" ({stray})", style="italic yellow")
        marked = {n for aims in _stray_groups(obs, texts) for n in aims} if short else set()
        return Group(heading, Columns(
            [Text(f"{i:>2}. ", style="cyan") + Text("not drawn (no room)" if why == "room" else why, style="italic")
             + Text(STRAY_MARK if i in marked else "", style="bold yellow") for i, why in points.items()] +
            [Text(f"{i:>2}. ", style="cyan") + Text(_short(t) if short else t)
             + Text(("^" if short else f" (on hat {on_hat[t]})") if t in on_hat else "", style="dim")
             + Text(STRAY_MARK if i in marked else "", style="bold yellow")
             for i, t in enumerate(targets, GRID * GRID + 1)], padding=(0, 2)),
            *([Text(stray, style="yellow")] if stray and not short else []),
            *([Text(hidden.strip(), style="italic")] if hidden and not short else []))
    return BySize(lambda: listed(False), lambda: listed(True))


STRAY_MARK = "!"        # at 80x24, a named aim from which a thrown or dropped card may land on a catcher


def _stray_groups(obs: dict, texts: list[str]) -> dict[tuple[int, ...], list[dict]]:
    """Before a card is thrown or dropped, the catchers it may land against from some aims, on
    them or a typical miss off (obs thrower "stray_aims"), grouped by those aims' move numbers."""
    numbers = {text.removeprefix("aim at "): n for n, text in enumerate(texts, 1) if n > GRID * GRID}
    groups: dict[tuple[int, ...], list[dict]] = {}
    for risk in (obs.get("thrower") or {}).get("stray_aims") or []:
        aims = tuple(sorted(risk["points"] + [numbers[name] for name in risk["names"] if name in numbers]))
        groups.setdefault(aims, []).append(risk)
    return groups


def stray_aims(obs: dict, texts: list[str], short: bool = False, listed=()) -> str:
    """Before a card is thrown (l.32: it spins, its landing strays the more the farther it
    flies) or dropped (l.33: it lands near the aim), which aims may land it, on them or a
    typical miss off, against a toad or an enemy face-up Grasshopper San or Rambee (l.53,
    l.56, l.66), by their move numbers, the catchers that share them together: "Thrown, a
    typical miss may land it against a catcher: aimed at 8, 14-16, 69-73, Green Grasshopper
    San and Green Rambee on mushroom 1's hat (caught)"; short, where rows are few, the
    catchers by their codes, the named aims and the points `listed` with them marked
    (STRAY_MARK), the other points said to be near them (a toad's eating is a catch too):
    "!, near T1 gh rb: a miss risks a catch" ("a drop risks a catch": a dropped card on the
    aim lands against them too); "" when no aim does."""
    groups = _stray_groups(obs, texts)
    if not groups:
        return ""
    me, seats = obs["seat"], len(obs["seats"])
    placements = obs["thrower"]["placements"]
    thrown = "throw" in placements
    if short:
        marked = any(n > GRID * GRID or n in listed for aims in groups for n in aims)
        codes = " ".join(board_code(risk["name"], me, seats) for group in groups.values() for risk in group)
        return f"{STRAY_MARK + ', ' if marked else ''}near {codes}: a {'miss' if thrown else 'drop'} risks a catch"
    parts = []
    for aims, group in groups.items():
        verbs = {"eaten" if risk["seat"] is None else "caught" for risk in group}
        levels = {risk["level"] for risk in group}
        where = f" on mushroom {levels.pop()}'s hat" if len(levels) == 1 and 0 not in levels else ""
        parts.append(f"{_spans(aims)}: {' and '.join(named(r['name'], r['seat'], me) for r in group)}{where} "
                     f"({' or '.join(sorted(verbs))})")
    how = ("Thrown, a typical miss (as beside the table, at each aim's distance) may land it" if thrown else
           f"Dropped, on the aim or a typical miss (~{placements['drop']['along']:.0f} mm) off, it may land")
    return f"{how} against a catcher: aimed at " + "; at ".join(parts) + "."


def _spans(numbers: tuple[int, ...]) -> str:
    """Move numbers with their runs joined: "8, 14-16, 23"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


def _yours(target: str, colour: str) -> str:
    """A target as the player of `colour` reads it, as the events name it: "your Skorpio" for
    his own ("Red Skorpio"); typed so, it names the same move (the state reads it)."""
    owner, _, insect = target.partition(" ")
    return f"your {insect}" if owner == colour and insect in CODES else target


def _points_on_hats(obs: dict) -> dict[int, list[int]]:
    """The aim points (moves 1-64) over each mushroom's hat, by mushroom: a card whose centre
    comes to rest there lies on the hat (turn.pyx place)."""
    table = tuple(obs["table"])
    out: dict[int, list[int]] = {}
    for m, e in enumerate(obs["elements"], 1):
        if e["kind"] == "mushroom":
            points = [i + 1 for i in range(GRID * GRID) if math.dist(grid_point(table, i), (e["x"], e["y"])) <= e["r"]]
            if points:
                out[m] = points
    return out


# ---------------------------------------------------------------- what a move changed
CAUGHT = {   # why an object went to a Bounty (state.HOWS), as a sentence: attacker, victim
    "line": "{by}'s line catches {it}",
    "blast": "{by}'s explosion catches {it}",
    "cover": "{by} covers {it} and catches it",
    "chain": "{by}'s chain of touching cards catches {it}",
    "touch": "{by} touches {it} and catches it",
    "arrival": "{it} lands touching {by}, which catches it",
    "eaten": "{by} eats {it} as it lands",
}


# Why a line caught a card lying under or against the card that shot it (l.51 "Draw a
# perpendicular line from the crosshair on this card. Hit the first card reached by the line").
AT_CROSSHAIR = ", which lies at its crosshair, where the line starts"


def caught_line(ob: dict, viewer: int | None) -> str:
    """One object gone to a Bounty: who did it, why, and what it scores."""
    holder = ob["holder"]
    score = f"{who(holder, viewer)} {ob['value']:+d} VP"
    if ob["how"] == "goodie":
        line = (f"{who(holder, viewer)} {'cover' if holder == viewer else 'covers'} {ob['name']} with two "
                f"or more cards and claim{'s' * (holder != viewer)} it: {score}")
        return line[0].upper() + line[1:]
    it = named(ob["name"], ob["seat"], viewer)
    by = named(ob["by"], ob["by_seat"], viewer) if ob["by"] else ""
    line = CAUGHT[ob["how"]].format(by=by, it=it) + (AT_CROSSHAIR if ob.get("at_crosshair") else "")
    if ob["kind"] == "insect" and ob["seat"] == holder:
        score += " (an own insect)"
    return f"{line[0].upper()}{line[1:]}: {score}"


def _mushroom_lines(before: dict, after: dict, viewer: int | None) -> list[str]:
    lines = []
    for m, (b, a) in enumerate(zip(before["elements"], after["elements"]), 1):
        if a["kind"] != "mushroom" or b["controller"] == a["controller"]:
            continue
        worth = f"{a['value']:+d} VP"
        if a["controller"] is None:
            lost = "you lose your" if b["controller"] == viewer else f"{COLOURS[b['controller']]} loses its"
            lines.append(f"Mushroom {m}: nobody has the most face-up insects on its hat now ({lost} {worth})")
        else:
            q, p = a["controller"], b["controller"]
            lost = "" if p is None else "; you lose yours" if p == viewer else f"; {COLOURS[p]} loses its"
            lines.append(f"Mushroom {m}: {who(q, viewer)} {'have' if q == viewer else 'has'} the most "
                         f"face-up insects on its hat ({worth} while it lasts{lost})")
    return lines


def _new_round(obs: dict, viewer: int | None) -> str:
    """A new round (l.29 "Every player then draws the remaining 5 cards from their deck and the
    second round starts"): the viewer's new hand by name, the others' counted, who starts."""
    hands = []
    for q, seat in enumerate(obs["seats"]):
        if q == viewer:
            hands.append(f"you draw your other {counted(seat['hand_size'], 'card')}, {', '.join(seat['hand'])}")
        else:
            hands.append(f"{seat['colour']} draws its other {counted(seat['hand_size'], 'card')}")
    first = obs["to_move"]
    starts = "you play first" if first == viewer else f"{_colour(obs, first)} plays first"
    return f"Round {obs['round']} begins: {'; '.join(hands)}; {starts}"


def _explosion_line(obs: dict, q: int, viewer: int | None) -> str:
    """Where seat q's explosion card lies, in mm (its move says only how far along the line)."""
    blast = next(b for b in obs["explosions"] if b["seat"] == q)
    turned = f", turned {blast['angle']:g}°" if blast["angle"] else ""
    text = (f"{whose(q, viewer)} explosion card ({blast['width']:g}×{blast['height']:g} mm) lies centred at "
            f"({blast['x']:.0f}, {blast['y']:.0f}) mm{turned}")
    return text[0].upper() + text[1:]


def changes(before: dict, after: dict, viewer: int | None) -> list[str]:
    """What a move did that its own line does not say, all of it public: every object caught
    (who caught it, how, what it scores; a card fallen off the table, its landing line says),
    a card landing face down, a card that caught nothing, mushrooms changing hands, a new
    round; the winner at the end."""
    was = {ob["id"]: ob["where"] for ob in before["objects"]}
    gone = [ob for ob in after["objects"] if ob["where"] == "bounty" and was.get(ob["id"]) != "bounty"]
    lines = [caught_line(ob, viewer) for ob in sorted(gone, key=lambda ob: ob["how"] == "goodie")
             if ob["how"] != "off"]        # the landing's own line says it fell off, and the cost
    last = after.get("last")
    finished = before["phase"] in ("land", "blast", "target") and after["phase"] not in ("blast", "target")
    if finished and last:
        card = next((ob for ob in after["objects"] if ob["id"] == last["object"]), None)
        mine = named(f"{_colour(after, last['seat'])} {last['card']}", last["seat"], viewer)
        if card is not None and card["where"] == "table":
            if card["face_down"]:
                lines.insert(0, f"{mine[0].upper()}{mine[1:]} is face down: no effect")
            elif not any(ob["by"] == card["name"] and ob["how"] != "goodie" for ob in gone):   # a claim is no catch
                lines.append(f"{mine[0].upper()}{mine[1:]} catches nothing")
    if before["phase"] == "blast" and after["phase"] != "blast":
        lines.insert(0, _explosion_line(after, before["to_move"], viewer))
    lines += _mushroom_lines(before, after, viewer)
    if after["round"] > before["round"]:
        lines.append(_new_round(after, viewer))
    if after["phase"] == "end" and before["phase"] != "end":
        lines.append(f"Game over, the last card is played: {winners_line(after, viewer)}")
        lines += [f"{s['colour']} {s['points']} VP: {breakdown(after, q)}" for q, s in enumerate(after["seats"])]
    return lines


# ---------------------------------------------------------------- hooks of the front end
def move_text(state, action: int, seat: int) -> str:
    """A move in the menu's words (the hint's and undo's): an aim at one of the 64 points by
    its number on the table, with the point in mm ("aim at point 14 (131, 488) mm"), as the
    events tell it."""
    text = state.action_to_string(action)
    if text.startswith("aim at ("):
        return state.describe_action(action, seat).split(": ", 1)[1]
    return text


def side_names(obs: dict) -> list[str]:
    """The seats as the game names them: their colours."""
    return [seat["colour"] for seat in obs["seats"]]


def outcome(obs: dict, returns, game) -> dict:
    """Why the game ended and each seat's victory points with their sources (l.41-l.47)."""
    return {"reason": "the last card was played (two rounds of five cards each)",
            "scores": [(f"{seat['points']} VP", breakdown(obs, q))
                       for q, seat in enumerate(obs["seats"])]}


# What each insect's attack does, in the player's words (rulebook l.50-l.59, RULES.md).
ATTACKS = {
    "ladygun": "a line out of each long edge: the first enemy card on each",
    "snailper": "a line out of its top edge: the first card it reaches (your own stops it)",
    "scrabblezooka": "a line out of its top edge; you centre the explosion card on it",
    "firefly": "the explosion card around it: every enemy card under it",
    "chemic": "one enemy card under it, and every enemy card touching that one in a chain",
    "skorpio": "one enemy card under it (your pick)",
    "spiderchute": "every enemy card under it",
    "grasshopper": "every enemy card it touches, and every one that lands touching it later",
    "rambee": "a line out of each short edge (the first card on each), and every card that lands touching it later",
    "laserfly": "a line out of its top edge: every enemy card on it; mushrooms and bushes do not stop it",
}


def reference(game) -> RenderableType:
    """The insects (code, how each is played, what it catches), the other cards and what the
    marks on the table mean."""
    from partisan.core.games.garden.components import EFFECTS
    from partisan.core.noise import PLACEMENTS
    table = Table(box=box.SIMPLE, pad_edge=False)
    for column in ("code", "insect", "played", "attack"):
        table.add_column(column)
    attacks = dict(ATTACKS)
    if not game.options.get("own_cards_block", True):
        attacks["snailper"] = "a line out of its top edge: the first enemy card it reaches"
    for insect in game.data.insects:
        table.add_row(CODES.get(insect.name, insect.name[:2]), insect.name,
                      PLACEMENT_WORDS[PLACEMENTS[insect.placement]], attacks[EFFECTS[insect.effect]])
    score = game.data.score
    others = Text(f"Toad (T): eats an insect that lands touching it; caught only by lines and "
                  f"Scrabblezooka's explosion, {score['toad']:+d} VP. Ant (A): {score['ant']:+d} VP. "
                  f"Goodie (G): claimed by two or more cards of one player covering it, "
                  f"{score['goodie']:+d} VP. An enemy insect {score['foreign_insect']:+d} VP, "
                  f"your own (fallen off, eaten) {score['own_insect']:+d} VP; the most face-up insects "
                  f"on a mushroom hat {score['mushroom']:+d} VP. No attack touches your own colour. "
                  f"A player's Bounty holds the cards he caught and his own cards eaten by a toad or "
                  f"fallen off the table (the screen's \"bounty\" column counts them all). "
                  f"Places are in mm from the table's bottom-left corner as drawn: x to the right, "
                  f"y up.")
    return Group(table, others, legend(short=True))
