"""Garden Guerrilla's table as an SVG picture, to scale (one unit is one mm), with a legend
and the scores: what `--svg FILE` writes (cli/svg.py). Drawn from an observation, like the
terminal view; y runs upwards on the table, so it is flipped for SVG's downward y."""
from __future__ import annotations

from xml.sax.saxutils import escape

from partisan.cli.console import seat_name
from partisan.cli.views.garden import (CODES, STACK_NOTE, breakdown, code, corners, shows_lines, stack_label,
                                       stacked, tip, winners_line)
from partisan.core.narration import counted

MARGIN = 60                    # mm around the table: room for cards hanging over its edge
LEGEND_HEIGHT = 180            # mm below it
SEAT_FILLS = ("#c62828", "#1565c0", "#2e7d32", "#f9a825")
ENEMY_FILLS = {"toad": "#7b1fa2", "ant": "#616161", "goodie": "#fff8e1"}
ELEMENT_FILLS = {"mushroom": "#c8a165", "bush": "#558b2f"}
TABLE_FILL = "#e8e0c8"
ELEMENT_STROKE = "#3e2723"     # the edge of a hat or bush
HAT_STROKE = "#6d4c41"         # the thick edge of a card on a mushroom hat
EXPLOSION_STROKE = "#ef6c00"
AIM_STROKE, LANDING_STROKE = "#212121", "#00838f"
PREVIEW_STROKE = "#6a1b9a"     # where the card about to be played would shoot
CODE_HALF = (11, 9)            # half the width and height (mm) a card's code takes, with a margin
MARK_HALF = 16                 # half the size of the largest marker (the aim being chosen)
CODE_SHIFT = 30                # mm a code moves along its card to clear a marker


def _codes_meet(a: dict, b: dict) -> bool:
    """Whether two cards' centres lie so near that their codes would be written one over the
    other: they read as a stack (stacked)."""
    return abs(a["x"] - b["x"]) < 2 * CODE_HALF[0] and abs(a["y"] - b["y"]) < 2 * CODE_HALF[1]


def _fill(ob: dict) -> str:
    if ob["kind"] != "insect":
        return ENEMY_FILLS[ob["kind"]]
    return f"url(#down{ob['seat']})" if ob["face_down"] else SEAT_FILLS[ob["seat"]]


class _Picture:
    def __init__(self, obs: dict):
        self.obs = obs
        self.w, self.h = obs["table"]
        self.parts: list[str] = []
        self.on_table = sorted((ob for ob in obs["objects"] if ob["where"] == "table"), key=lambda ob: ob["layer"])
        self.stacks = stacked(self.on_table, _codes_meet)   # the cards under each card at one point

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return MARGIN + x, MARGIN + self.h - y

    def points(self, pts) -> str:
        return " ".join("%.2f,%.2f" % self.xy(x, y) for x, y in pts)

    def add(self, element: str) -> None:
        self.parts.append(element)

    def text(self, x: float, y: float, text: str, size: float = 12, anchor: str = "middle",
             fill: str = "#000", weight: str = "normal") -> None:
        self.add(f'<text x="{x:.2f}" y="{y:.2f}" font-size="{size}" text-anchor="{anchor}" '
                 f'dominant-baseline="central" fill="{fill}" font-weight="{weight}" '
                 f'font-family="sans-serif">{escape(text)}</text>')

    def cross(self, x: float, y: float, size: float, stroke: str, kind: str) -> None:
        sx, sy = self.xy(x, y)
        self.add(f'<g class="{kind}" stroke="{stroke}" stroke-width="2.5">'
                 f'<line x1="{sx - size:.2f}" y1="{sy:.2f}" x2="{sx + size:.2f}" y2="{sy:.2f}"/>'
                 f'<line x1="{sx:.2f}" y1="{sy - size:.2f}" x2="{sx:.2f}" y2="{sy + size:.2f}"/></g>')

    def ring(self, x: float, y: float, r: float, stroke: str, kind: str) -> None:
        sx, sy = self.xy(x, y)
        self.add(f'<circle class="{kind}" cx="{sx:.2f}" cy="{sy:.2f}" r="{r}" fill="none" '
                 f'stroke="{stroke}" stroke-width="2.5"/>')

    def code_at(self, ob: dict, marks: list, label: str) -> tuple[float, float]:
        """Where a card's code (`label`) goes (mm): its centre, or along the card towards an
        end when a marker (aim cross, landing ring) lies on the centre, so the marker sits
        beside it."""
        half = CODE_HALF[0] * max(1.0, len(label) / 2)
        for shift in (0, CODE_SHIFT, -CODE_SHIFT):
            x, y = tip(ob["x"], ob["y"], ob["angle"], shift)
            if all(abs(x - mx) > half + MARK_HALF or abs(y - my) > CODE_HALF[1] + MARK_HALF
                   for mx, my in marks):
                return x, y
        return tip(ob["x"], ob["y"], ob["angle"], CODE_SHIFT)

    def card(self, ob: dict, cw: float, ch: float, marks: list, label: str | None) -> None:
        """The card, and its code (`label`: a stack's codes, the top one first) unless it lies
        under another at one point (None: the top one's label names it)."""
        pts = corners(ob["x"], ob["y"], ob["angle"], cw, ch)
        stroke = "#000" if ob["level"] == 0 else HAT_STROKE
        self.add(f'<polygon id="obj-{ob["id"]}" class="card {ob["kind"]}" data-name="{escape(ob["name"])}" '
                 f'data-level="{ob["level"]}" '
                 f'points="{self.points(pts)}" fill="{_fill(ob)}" stroke="{stroke}" '
                 f'stroke-width="{1.2 if ob["level"] == 0 else 2.5}"/>')
        if label is None:
            return
        sx, sy = self.xy(*self.code_at(ob, marks, label))
        dark = ob["kind"] == "goodie" or (ob["kind"] == "insect" and ob["seat"] == 3 and not ob["face_down"])
        self.add(f'<g class="code" data-for="obj-{ob["id"]}">')
        self.text(sx, sy, label, 16, fill="#000" if dark or ob["face_down"] else "#fff", weight="bold")
        self.add("</g>")

    def label(self, ob: dict) -> str:
        """A card's code; a stack's, the top one's first ("Lg/Gh", as the screen writes it)."""
        return stack_label([code(o) for o in [ob, *self.stacks.get(ob["id"], [])]])

    def marks(self) -> list[tuple[float, float]]:
        """The points the markers stand on: the last aim and landing, the aim being chosen."""
        obs, out = self.obs, []
        last = obs.get("last")
        if last:
            out.append(tuple(last["aim"]))
            if last["rest"]:
                out.append(tuple(last["rest"]))
        if obs.get("aim"):
            out.append(tuple(obs["aim"]))
        return out

    def number(self, x: float, y: float, n: int) -> None:
        """A choice's number in a small disc at (x, y) mm."""
        self.number_at(*self.xy(x, y), n)

    def number_at(self, sx: float, sy: float, n: int, kind: str = "choice") -> None:
        """A choice's number in a small disc at (sx, sy) in the picture."""
        self.add(f'<g class="{kind}"><circle cx="{sx:.2f}" cy="{sy:.2f}" r="10" fill="#fff59d" '
                 f'stroke="{PREVIEW_STROKE}" stroke-width="1.5"/>')
        self.text(sx, sy, str(n), 11, weight="bold")
        self.add("</g>")

    def outline(self, x: float, y: float, angle: float, w: float, h: float, kind: str) -> None:
        self.add(f'<polygon class="{kind}" points="{self.points(corners(x, y, angle, w, h))}" '
                 f'fill="none" stroke="{PREVIEW_STROKE}" stroke-width="1.5" stroke-dasharray="6 4"/>')

    def preview(self) -> None:
        """Where each choice of the play under way would shoot if the card landed on its aim,
        numbered as the moves: the lines and their ends, the explosion points with their
        explosion cards, or each orientation's footprint with its number at the card's top."""
        obs = self.obs
        items = obs.get("preview")
        if not items or obs["to_move"] != obs["seat"]:
            return
        cw, ch = obs["card_size"]
        for n, item in enumerate(items, 1):
            for x0, y0, x1, y1 in item["lines"]:
                a, b = self.xy(x0, y0), self.xy(x1, y1)
                self.add(f'<line class="shot" x1="{a[0]:.2f}" y1="{a[1]:.2f}" x2="{b[0]:.2f}" '
                         f'y2="{b[1]:.2f}" stroke="{PREVIEW_STROKE}" stroke-width="1.5"/>')
            blast, card = item["blast"], item["card"]
            if blast:
                self.outline(blast["x"], blast["y"], blast["angle"], blast["width"], blast["height"], "blast-choice")
            elif card and not shows_lines(items):
                self.outline(card["x"], card["y"], card["angle"], cw, ch, "footprint")
        for n, item in enumerate(items, 1):
            blast, card = item["blast"], item["card"]
            if obs["phase"] == "blast" and blast:
                self.number(blast["x"], blast["y"], n)
            elif item["lines"]:
                for seg in item["lines"]:
                    self.number(seg[2], seg[3], n)
            elif blast or card:
                shape = blast or dict(card, height=ch)
                self.number(*tip(shape["x"], shape["y"], shape["angle"], shape["height"] / 2 + 12), n)

    def rims(self) -> None:
        """The edge of every mushroom hat and bush drawn again over the cards on it, under it
        or beside it, as the terminal's table does, so that a crowded hat keeps its outline."""
        for e in self.obs["elements"]:
            sx, sy = self.xy(e["x"], e["y"])
            self.add(f'<circle class="rim {e["kind"]}" cx="{sx:.2f}" cy="{sy:.2f}" r="{e["r"]}" fill="none" '
                     f'stroke="{ELEMENT_STROKE}" stroke-width="2"/>')

    def stand(self) -> None:
        """Where the seat to move plays from: a mark on the middle of its edge."""
        t, obs = self.obs.get("thrower"), self.obs
        if not t or obs["phase"] not in ("card", "aim", "orient"):
            return
        sx, sy = self.xy(*t["stand"])
        q = obs["to_move"]
        who = "you" if q == obs["seat"] else obs["seats"][q]["colour"]
        self.add(f'<circle class="stand" cx="{sx:.2f}" cy="{sy:.2f}" r="9" fill="{SEAT_FILLS[q]}" stroke="#000"/>')
        dy = -16 if t["edge"] != "top" else 16
        self.text(sx, sy + dy if t["edge"] in ("top", "bottom") else sy - 16,
                  f"{who} play{'s' * (who != 'you')} from here ({t['edge']} edge)", 12, weight="bold")

    def draw(self) -> str:
        obs, w, h = self.obs, self.w, self.h
        cw, ch = obs["card_size"]
        total_w, total_h = w + 2 * MARGIN, h + 2 * MARGIN + self.legend_height()
        defs = "".join(f'<pattern id="down{q}" width="8" height="8" patternUnits="userSpaceOnUse" '
                       f'patternTransform="rotate(45)"><rect width="8" height="8" fill="#fafafa"/>'
                       f'<rect width="3" height="8" fill="{fill}"/></pattern>'
                       for q, fill in enumerate(SEAT_FILLS))
        self.add(f'<rect class="table" x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" '
                 f'fill="{TABLE_FILL}" stroke="#5d4037" stroke-width="3"/>')
        for i, e in enumerate(obs["elements"]):
            sx, sy = self.xy(e["x"], e["y"])
            self.add(f'<circle class="element {e["kind"]}" cx="{sx:.2f}" cy="{sy:.2f}" r="{e["r"]}" '
                     f'fill="{ELEMENT_FILLS[e["kind"]]}" fill-opacity="0.8" stroke="{ELEMENT_STROKE}"/>')
        marks = self.marks()
        below = {o["id"] for under in self.stacks.values() for o in under}
        for ob in self.on_table:
            self.card(ob, cw, ch, marks, None if ob["id"] in below else self.label(ob))
        self.rims()
        for blast in obs.get("explosions") or []:
            pts = corners(blast["x"], blast["y"], blast["angle"], blast["width"], blast["height"])
            self.add(f'<polygon class="explosion" data-seat="{blast["seat"]}" points="{self.points(pts)}" '
                     f'fill="none" stroke="{EXPLOSION_STROKE}" stroke-width="3" stroke-dasharray="10 6"/>')
        for shot in obs.get("shots") or []:     # the lines of the plays since the viewer's last
            for x0, y0, x1, y1 in shot["lines"]:
                a, b = self.xy(x0, y0), self.xy(x1, y1)
                self.add(f'<line class="shot-landed" data-seat="{shot["seat"]}" x1="{a[0]:.2f}" y1="{a[1]:.2f}" '
                         f'x2="{b[0]:.2f}" y2="{b[1]:.2f}" stroke="{SEAT_FILLS[shot["seat"]]}" stroke-width="3"/>')
        last = obs.get("last")
        if last:
            self.cross(*last["aim"], 12, AIM_STROKE, "aim")
            if last["rest"]:
                self.ring(*last["rest"], 10, LANDING_STROKE, "landing")
        if obs.get("aim"):
            self.cross(*obs["aim"], 16, EXPLOSION_STROKE, "aiming")
        self.preview()
        self.stand()
        self._legend(MARGIN, h + MARGIN + 50)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}mm" height="{total_h}mm" '
                f'viewBox="0 0 {total_w} {total_h}"><title>Garden Guerrilla: the table</title>'
                f'<defs>{defs}</defs>' + "".join(self.parts) + "</svg>")

    def legend_height(self) -> float:
        """Room below the table: the legend, and at the end the result and every score."""
        return LEGEND_HEIGHT + (26 * (len(self.obs["seats"]) + 2) if self.obs["phase"] == "end" else 0) + \
            (30 if self.stacks else 0)

    def _legend(self, x0: float, y0: float) -> None:
        obs = self.obs
        if obs["phase"] == "end":                       # who won, and every score by source
            self.add('<g class="result">')
            self.text(x0, y0, f"Game over: {winners_line(obs, None)}", 18, anchor="start", weight="bold")
            for q, seat in enumerate(obs["seats"]):
                self.text(x0, y0 + 26 + 24 * q, f"{seat['colour']} {seat['points']} VP: {breakdown(obs, q)}",
                          13, anchor="start")
            self.add("</g>")
            y0 += 26 * (len(obs["seats"]) + 2)
        for q, seat in enumerate(obs["seats"]):         # two seats a row
            x, y = x0 + 450 * (q % 2), y0 + 26 * (q // 2)
            self.add(f'<rect x="{x}" y="{y}" width="24" height="16" fill="{SEAT_FILLS[q]}" stroke="#000"/>')
            mark = "▶ " if obs["to_move"] == q else ""
            self.text(x + 30, y + 8, f"{mark}{seat['colour']} ({seat_name(q)}): {seat['points']} VP, "
                      f"{counted(seat['goodies'], 'Goodie')}, {seat['hand_size']} in hand, "
                      f"{len(seat['bounty'])} in its Bounty", 13, anchor="start")
        y = y0 + 26 * ((len(obs["seats"]) + 1) // 2) + 8
        samples = [("toad", ENEMY_FILLS["toad"]), ("ant", ENEMY_FILLS["ant"]), ("Goodie", ENEMY_FILLS["goodie"]),
                   ("face down", "url(#down0)")]
        x = x0
        for name, fill in samples:
            self.add(f'<rect x="{x}" y="{y}" width="24" height="16" fill="{fill}" stroke="#000"/>')
            self.text(x + 30, y + 8, name, 13, anchor="start")
            x += 110
        for kind, fill in ELEMENT_FILLS.items():
            self.add(f'<circle cx="{x + 10}" cy="{y + 8}" r="9" fill="{fill}" stroke="{ELEMENT_STROKE}"/>')
            self.text(x + 26, y + 8, "mushroom hat" if kind == "mushroom" else "bush", 13, anchor="start")
            x += 130
        self.add(f'<rect x="{x}" y="{y}" width="24" height="16" fill="{SEAT_FILLS[0]}" stroke="{HAT_STROKE}" '
                 f'stroke-width="2.5"/>')
        self.text(x + 30, y + 8, "card on a hat", 13, anchor="start")
        y += 30
        x = x0
        self.add(f'<rect x="{x}" y="{y}" width="24" height="16" fill="none" stroke="{EXPLOSION_STROKE}" '
                 f'stroke-width="2" stroke-dasharray="5 3"/>')
        self.text(x + 30, y + 8, "explosion card", 13, anchor="start")
        x += 140
        self.add(f'<line x1="{x}" y1="{y + 8}" x2="{x + 24}" y2="{y + 8}" stroke="{SEAT_FILLS[0]}" stroke-width="3"/>')
        self.text(x + 30, y + 8, "line shot", 13, anchor="start")
        x += 100
        self._cross_key(x, y, AIM_STROKE, "last aim")
        x += 110
        self.add(f'<circle cx="{x + 10}" cy="{y + 8}" r="8" fill="none" stroke="{LANDING_STROKE}" stroke-width="2.5"/>')
        self.text(x + 26, y + 8, "where it landed", 13, anchor="start")
        x += 150
        self.text(x, y + 8, f"table {self.w}×{self.h} mm, cards {obs['card_size'][0]:g}×"
                  f"{obs['card_size'][1]:g} mm, round {obs['round']}/2", 13, anchor="start")
        y += 30
        self._play_legend(x0, y)
        y += 30
        self.text(x0, y + 8, "  ".join(f"{c} {name}" for name, c in CODES.items()), 12, anchor="start")
        if self.stacks:
            by_id = {ob["id"]: ob for ob in obs["objects"]}
            self.text(x0, y + 38, ", ".join(map(self.label, map(by_id.get, self.stacks))) + STACK_NOTE, 13,
                      anchor="start")


    def _cross_key(self, x: float, y: float, stroke: str, name: str) -> None:
        """A legend's entry for an aim's cross, drawn in `stroke`."""
        self.add(f'<g stroke="{stroke}" stroke-width="2.5"><line x1="{x}" y1="{y + 8}" x2="{x + 20}" '
                 f'y2="{y + 8}"/><line x1="{x + 10}" y1="{y - 2}" x2="{x + 10}" y2="{y + 18}"/></g>')
        self.text(x + 28, y + 8, name, 13, anchor="start")

    def _play_legend(self, x: float, y: float) -> None:
        """The marks of the play under way: its aim, and where each choice would shoot or lie
        with its number."""
        self._cross_key(x, y, EXPLOSION_STROKE, "aim being played")
        x += 150
        self.add(f'<line x1="{x}" y1="{y + 8}" x2="{x + 24}" y2="{y + 8}" stroke="{PREVIEW_STROKE}" '
                 f'stroke-width="1.5"/>')
        self.text(x + 30, y + 8, "a choice's line", 13, anchor="start")
        x += 140
        self.add(f'<rect x="{x}" y="{y}" width="24" height="16" fill="none" stroke="{PREVIEW_STROKE}" '
                 f'stroke-width="1.5" stroke-dasharray="6 4"/>')
        self.text(x + 30, y + 8, "its footprint or explosion card", 13, anchor="start")
        x += 260
        self.number_at(x + 10, y + 8, 1, "key")
        self.text(x + 26, y + 8, "the choice's number", 13, anchor="start")


def svg(obs: dict) -> str:
    """The table of observation `obs` as an SVG document."""
    return _Picture(obs).draw()
