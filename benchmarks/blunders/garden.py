"""Garden Guerrilla's behaviour measures (the bots aim at the table's left edge, land
their own cards on enemy Grasshoppers and Rambees, and throw where their hand falls off).

Every play is card -> aim -> orientation -> landing (a sampled chance node, core/games/garden).
At the landing node the watcher knows the card, the aim and the orientation; it lands the card
exactly as aimed on clones to judge the aim, samples the hand's landings to judge the risk of
falling off, and after the real landing looks where the card went.
"""
from __future__ import annotations

import random
from pathlib import Path

from partisan.core.errors import IllegalActionError
from partisan.core.games.garden import view
from partisan.core.noise import PLACEMENTS
from partisan.core.testing.shims import ensure_built

ensure_built(Path(__file__).resolve().parents[2])   # the geometry shim is built for tests only
from partisan.core.testing import geometry_api      # noqa: E402

from blunders.base import Row, Watcher, check, share_row

THROW = PLACEMENTS.index("throw")
SECURE = PLACEMENTS.index("secure")
# Cards that catch every enemy card that later touches them (l.53, l.56): an own card they
# touch is guarded, since cards on the table act first on a newcomer (l.38, l.71).
GUARDS = ("Grasshopper San", "Rambee")
THROW_ANGLES = tuple(range(0, 360, 45))    # a throw spins (l.32): its aim is judged at 8 angles
OFF_SAMPLES = 200                          # landings drawn to estimate a throw's risk of falling off
OFF_RISK = 0.25                            # a throw aimed where the hand falls off more often is a blunder


class GardenWatcher(Watcher):
    off_risk = OFF_RISK

    def __init__(self, game):
        super().__init__(game)
        self.data = game.data
        self._play = None           # (seat, card type) of the landing being applied

    def decided(self, state, seat, action, legal, bot):
        super().decided(state, seat, action, legal, bot)
        if state.observation(seat)["phase"] != "aim":
            return
        self.tally(seat, "aims", 1, 0)
        if view.A_GRID <= action < view.A_ON:
            column = (action - view.A_GRID) // view.GRID
            self.tally(seat, f"grid_column_{column}", 1, 0)
            self.detail(seat, "grid aims by column", column)
        self.tally(seat, "aim_at_card", view.A_ON <= action < view.A_HAT)

    def before(self, state, seat, action):
        if seat >= 0 or not state.is_chance_node():
            return
        obs = state.observation(0)
        if obs["phase"] != "land":
            return
        mover, t = obs["to_move"], self.data.insect(obs["card"])
        self._play = (mover, t)
        self.tally(mover, "aim_useful", aim_is_useful(state, mover))
        if self.data.insects[t].placement == THROW:
            risk = off_table_risk(state, OFF_SAMPLES)
            self.tally(mover, "throw_off_risk", risk > self.off_risk)
            self.tally(mover, "throw_off_mean", risk)

    def after(self, state, seat, action):
        if self._play is None:
            return
        mover, t = self._play
        self._play = None
        fate = arrival(state, mover, t, action)
        self.tally(mover, "caught_on_arrival", fate == "caught")
        self.tally(mover, "eaten_by_toad", fate == "eaten")
        self.tally(mover, "off_table", fate == "off")

    @classmethod
    def rows(cls, totals, reference):
        grid = [totals.get(f"grid_column_{c}", (0, 0))[0] for c in range(view.GRID)]
        grid_aims = sum(grid)
        top = max(grid) if grid_aims else 0
        top_share = round(100 * top / grid_aims, 1) if grid_aims else None
        caught = share_row("caught_on_arrival", "own cards caught on arrival by an enemy "
                           "Grasshopper or Rambee, per 200 plays", totals, per=200, unit="/200")
        caught.text += " (target: the reference's)" if reference is not None else ""
        if reference is not None:
            ref = share_row("caught_on_arrival", "", reference, per=200, unit="/200").value
            if ref is not None:
                caught.target = f"<= {ref}"
                caught.passed = check(caught.value, caught.target)
        mean_risk = share_row("throw_off_mean", "", totals)
        return [
            share_row("aim_useful", "aims where the card, landing as aimed, scores or guards a "
                      "card", totals, ">= 60"),
            Row("grid_top_column", "largest grid column's share of the grid aims", top,
                grid_aims, top_share, "%", "<= 25", check(top_share, "<= 25")),
            share_row("aim_at_card", "aims at a card's centre", totals),
            caught,
            share_row("eaten_by_toad", "own cards eaten by a toad, per 200 plays", totals,
                      per=200, unit="/200"),
            share_row("off_table", "cards off the table, per 200 plays", totals, per=200,
                      unit="/200"),
            share_row("throw_off_risk", f"throws aimed where the hand falls off more than "
                      f"{OFF_RISK:.0%} of the time", totals),
            Row("throw_off_mean", "average chance that an aimed throw falls off",
                mean_risk.count, mean_risk.of, mean_risk.value, "%"),
        ]


# ------------------------------------------------------------------ the aim
def aim_is_useful(state, seat: int) -> bool:
    """Whether the card about to land (state: its landing node) scores or guards when it lands
    exactly as aimed, face up: for a throw, which spins, at half of THROW_ANGLES or more."""
    obs = state.observation(seat)
    data = state.game.data
    placement = data.insects[data.insect(obs["card"])].placement
    if placement == SECURE:             # a secure placement lands exactly as aimed (l.34)
        return landing_useful(state, seat, state.sample_chance(0))
    x, y = (round(v) for v in obs["aim"])
    if placement != THROW:
        return landing_useful(state, seat, view.landing_id(x, y, obs["orientation"]))
    good = sum(landing_useful(state, seat, view.landing_id(x, y, a)) for a in THROW_ANGLES)
    return 2 * good >= len(THROW_ANGLES)


def landing_useful(state, seat: int, landing: int) -> bool:
    """Whether `landing` (a chance id at the landing node) raises the seat's points as the
    table stands (a catch, a Goodie, a mushroom; follow-ups chosen at best) or guards a card."""
    before = state.observation(seat)["seats"][seat]["points"]
    landed = state.clone()
    try:
        landed.apply_action(landing)
    except IllegalActionError:
        return False
    if guards(landed, seat):
        return True
    return best_points(landed, seat) > before


def best_points(state, seat: int) -> int:
    """The seat's points after its best follow-up (explosion point, target), if any."""
    if state.is_terminal() or state.current_player() != seat or \
            state.observation(seat)["phase"] not in ("blast", "target"):
        return state.observation(seat)["seats"][seat]["points"]
    best = None
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        points = best_points(child, seat)
        best = points if best is None else max(best, points)
    return best


def guards(state, seat: int) -> bool:
    """The card just landed rests on a mushroom's hat (out of the table cards' reach, l.62) or
    is a face-up guard (GUARDS) touching an own card at its level."""
    obs = state.observation(seat)
    objects, played = obs["objects"], obs["last"]
    if played is None:
        return False
    mine = [o for o in objects if o["seat"] == seat and o["where"] == "table"]
    card = next((o for o in mine if o["insect"] == played["card"]), None)
    if card is None or card["face_down"]:
        return False
    if card["level"] > 0:
        return True
    if card["insect"] not in GUARDS:
        return False
    w, h = obs["card_size"]
    others = [o for o in mine if o is not card and o["level"] == card["level"]]
    specs = [_spec(o, w, h) for o in others]
    return bool(specs) and bool(geometry_api.touching_card(specs, _spec(card, w, h)))


def _spec(o: dict, w: float, h: float) -> tuple:
    """A card as core/testing/geometry_api takes it: pose in 0.1 mm and 0.1 degree."""
    return (round(o["x"] * 10), round(o["y"] * 10), round(o["angle"] * 10), w, h, o["layer"])


# ------------------------------------------------------------------ the landing
def off_table_risk(state, samples: int) -> float:
    """The share of `samples` landings drawn at this landing node that fall off the table."""
    rng = random.Random(state.infostate_key(0))
    off = sum(state.sample_chance(rng.getrandbits(63)) == view.C_OFF for _ in range(samples))
    return off / samples


def arrival(state, seat: int, t: int, landing: int) -> str:
    """What became of the seat's card of type t on landing: "off" the table, "caught" by an
    enemy card on arrival, "eaten" by a toad, or "landed"."""
    if landing == view.C_OFF:
        return "off"
    o = view.O_INSECT + seat * view.NTYPES + t
    card = next(ob for ob in state.observation(seat)["objects"] if ob["id"] == o)
    if card["where"] != "bounty":
        return "landed"
    return "eaten" if card["holder"] == seat else "caught"
