# cython: language_level=3
"""Heroes of Baler's components in C: the map, counters and set-up of a data folder (TOML,
checked by the core loaders), the named spaces the rules need (`BalerStatic`), and the
set-up position as a `Baler` struct. Built once per data folder; states point at it."""
from functools import lru_cache
from pathlib import Path

from libc.string cimport memcpy, memset

from partisan.core.board import load_board, load_setup
from partisan.core.counters import load_counters
from partisan.core.errors import DataError
from partisan.core.games.baler.cards import load_cards
from partisan.core.games.baler.options import OPTIONS
from partisan.core.cards cimport bit
from partisan.core.decision cimport secrets_clear
from partisan.core.games.baler.table cimport (
    Baler, BalerStatic, CARD_SIDE, CARD_TYPE, CARD_W, CT_FACTION, CT_SHARED, EMPTY, MAX_CARDS, MAX_POSTS, MAX_SPACES, MAX_UNITS, N_AREAS, N_BEDS, N_COMMAND,
    N_TRENCHES, PHILIPPINES, SPAIN)

DATA = Path(__file__).parent / "data"
SIDES = ("spain", "philippines")
TYPES = ("soldier", "leader", "artillery")
FACTORS = ("combat", "manpower")
COMMAND = (("military", "medical", "religious"), ("military", "leadership", "us_support"))


def _require(ok, where, message):
    if not ok:
        raise DataError(f"{where}: {message}")


cdef class BalerComponents:
    def __init__(self, data=None):
        folder = Path(data) if data is not None else DATA
        counters = load_counters(folder / "counters.toml")
        board = load_board(folder / "map.toml", counters)
        self.setup = load_setup(folder / "setup.toml", board)
        self.board = board
        self.compiled = board.compile()
        where = str(folder / "map.toml")
        _require(counters.sides == SIDES, where, f"sides must be {SIDES}")
        _require(counters.types == TYPES, where, f"types must be {TYPES}")
        _require(counters.factor_names[:2] == FACTORS, where, f"factors must start {FACTORS}")
        _require(len(counters.counters) <= MAX_UNITS, where, f"at most {MAX_UNITS} counters")
        _require(len(board.spaces) <= MAX_SPACES, where, f"at most {MAX_SPACES} spaces")
        for c in counters.counters:     # bag draws go by (combat, manpower) class (spaces.pyx)
            _require(counters.types[c.type] != "soldier" or all(0 <= f <= 3 for f in c.factors[:2]),
                     str(folder / "counters.toml"),
                     f"{c.name}: a soldier's factors are 0-3 (l.236-l.237)")
        memset(&self.sd, 0, sizeof(BalerStatic))
        self.sd.board = &self.compiled.data
        self.sd.units = &self.compiled.counters.data
        self.sd.n_units = len(counters.counters)
        self.sd.n_spaces = len(board.spaces)
        self._areas(board, where)
        beds = sorted(board.of_kind("bed", "spain"), key=lambda s: board.spaces[s].number)
        _require([board.spaces[s].number for s in beds] == list(range(1, N_BEDS + 1)), where,
                 "the Spanish beds must be numbered 1..6")
        for i, s in enumerate(beds):
            self.sd.bed[i] = s
        for side, name in enumerate(SIDES):
            self.sd.bag[side] = board.space(f"{name}_bag")
            self.sd.eliminated[side] = board.space(f"{name}_eliminated")
            for k, role in enumerate(COMMAND[side]):
                self.sd.command[side][k] = board.space(f"{name}_command_{role}")
        self.sd.reserve = board.space("philippines_artillery_reserve")
        rows = [s for s in board.of_kind("detachment", "spain")
                if counters.types.index("soldier") in board.spaces[s].accepts]
        _require(rows == list(range(rows[0], rows[0] + len(rows))), where,
                 "the Spanish detachment's soldier spaces must be listed together")
        self.sd.detachment_first, self.sd.detachment_last = rows[0], rows[len(rows) - 1]
        self._more(board, counters, folder, where)
        self._start(board)

    def _more(self, board, counters, folder, where):
        """Detachment rows, barracks, territorial spaces, named units and the cards."""
        for r, name in enumerate(("spain_row_1_2", "spain_row_3_4", "spain_row_5_6")):
            spaces = sorted(board.spaces_of(board.area(name)), key=lambda s: board.spaces[s].number)
            _require([board.spaces[s].number for s in spaces] == list(range(1, 7)), where,
                     f"{name} must have spaces numbered 1..6")
            for i, s in enumerate(spaces):
                self.sd.rows[r][i] = s
        barracks = board.of_kind("barracks", "philippines")
        _require(barracks == list(range(barracks[0], barracks[0] + len(barracks))), where,
                 "the barracks must be listed together")
        self.sd.barracks_first = barracks[0]
        self.sd.barracks_last = barracks[len(barracks) - 1]
        self.sd.territory[0] = EMPTY
        for n in range(1, 6):       # a Filipino advance moves to the space of its number (territory.pyx)
            self.sd.territory[n] = board.space(f"territory_{n}")
            _require(board.spaces[self.sd.territory[n]].number == n, where, f"territory_{n} must be numbered {n}")
        self.sd.det_kind = board.kind("detachment")
        self.sd.bar_kind = board.kind("barracks")
        self.sd.cmd_kind = board.kind("command_post")
        self.sd.carreno = counters.index("Cándido Gómez Carreño")
        guns = [i for i, c in enumerate(counters.counters) if counters.types[c.type] == "artillery"]
        _require(guns == list(range(guns[0], guns[0] + len(guns))), where,
                 "the artillery counters must be listed together")
        self.sd.artillery_first = guns[0]
        self.sd.artillery_last = guns[len(guns) - 1]
        self.deck = load_cards(folder / "cards.toml")
        rows = self.deck.compile()
        _require(len(rows) <= MAX_CARDS and all(len(r) == CARD_W for r in rows), where,
                 f"at most {MAX_CARDS} cards of {CARD_W} values")
        self.sd.n_cards = len(rows)
        self.sd.wildcard = self.deck.icons.index(self.deck.wildcard)
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                self.sd.card[i][j] = v

    def _areas(self, board, where):
        post, trench, artillery = (board.kind(k) for k in ("guard_post", "trench", "artillery_post"))
        self.sd.guard_kind = post
        for a in range(N_AREAS):
            _require(board.area(str(a + 1)) == a, where, f"area {a + 1} must be the file's area #{a + 1}")
            spaces = board.spaces_of(a)
            for side in (SPAIN, PHILIPPINES):
                posts = [s for s in spaces if board.spaces[s].kind == post and board.spaces[s].side == side]
                _require(len(posts) <= MAX_POSTS, where, f"area {a + 1} has more than {MAX_POSTS} posts a side")
                self.sd.n_posts[a][side] = len(posts)
                for i in range(MAX_POSTS):
                    self.sd.posts[a][side][i] = posts[i] if i < len(posts) else EMPTY
            guns = [s for s in spaces if board.spaces[s].kind == artillery]
            trenches = [s for s in spaces if board.spaces[s].kind == trench]
            _require(len(guns) == 1 and len(trenches) == 2, where,
                     f"area {a + 1} needs one artillery post and two trench spaces")
            self.sd.artillery_post[a] = guns[0]
            _require(sorted(board.spaces[s].number for s in trenches) == [2 * a + 1, 2 * a + 2], where,
                     f"area {a + 1}'s trench spaces must be numbered {2 * a + 1} and {2 * a + 2}")
            for k, s in enumerate(sorted(trenches, key=lambda s: board.spaces[s].number)):
                self.sd.trench[2 * a + k] = s

    def _start(self, board):
        cdef Baler* t = &self.start
        memset(t, 0, sizeof(Baler))
        t.sd = &self.sd
        for s in range(MAX_SPACES):
            t.occ[s] = EMPTY
        for c, s in enumerate(self.setup):
            t.at[c] = s
            if board.spaces[s].capacity == 1:
                t.occ[s] = c
        track = lambda name: board.tracks[board.track(name)].start
        for side, name in enumerate(SIDES):
            t.supply[side] = track(f"{name}_supply")
            t.morale[side] = track(f"{name}_morale")
            t.vp[side] = track(f"{name}_vp")
        for a in range(N_AREAS):
            t.walls[a] = track(f"walls_area_{a + 1}")
            t.firepower[a] = track(f"firepower_area_{a + 1}")
        t.turn = track("turn")
        t.initiative = track("initiative")
        t.beds_open = track("spain_beds")
        t.foreign_space = track("foreign_power_space")
        t.foreign_strength = track("foreign_power_strength")
        t.shared_up[0] = t.shared_up[1] = EMPTY
        t.initiative_card[0] = t.initiative_card[1] = EMPTY
        t.fow_drawn[0] = t.fow_drawn[1] = EMPTY
        t.ev_card[0] = t.ev_card[1] = t.ev_card[2] = EMPTY
        t.automa_card = EMPTY
        secrets_clear(&t.secret)
        for c in range(self.sd.n_cards):
            kind, owner = self.sd.card[c][CARD_TYPE], self.sd.card[c][CARD_SIDE]
            if kind == CT_FACTION:
                t.deck[owner] |= bit(c)        # the faction cards are each side's deck
            elif kind == CT_SHARED:
                t.shared_deck |= bit(c)
            else:
                t.fow_deck[owner] |= bit(c)
        apply_options(t, {})

    cdef void reset(self, Baler* t) noexcept nogil:
        """Write the set-up position into t."""
        memcpy(t, &self.start, sizeof(Baler))


cdef void apply_options(Baler* t, object options) except *:
    """Write the options (options.py names; missing ones take their default) into the
    struct fields the rule modules read."""
    o = {opt.name: opt.default for opt in OPTIONS}
    o.update(options)
    t.artillery_vp = o["artillery_vp"]
    t.artillery_in_incursions = bool(o["artillery_in_incursions"])
    t.wall_vp_any = o["wall_vp"] == "any"
    t.terr_leaders = bool(o["territorial_leaders"])
    t.post_to_empty = bool(o["post_to_empty"])
    t.us_swap_attrition = o["us_swap"] == "attrition"
    t.terr_morale_once = o["territorial_morale"] == "once"
    t.foreign_morale = bool(o["foreign_morale"])
    t.us_repulse_stays = o["us_repulse"] == "stay"
    t.reserve_six = o["reserve_on"] == "six"
    t.disabled_never = o["disabled_recovery"] == "never"
    t.trench_bonus_once = o["trench_bonus"] == "once"
    t.wall_bonus_cumulative = o["wall_bonus"] == "cumulative"
    t.walls_immediate = o["walls_end"] == "immediate"
    t.no_troops_modifier = o["no_troops_modifier"]
    t.trench_area = o["trench_manpower"] == "area"
    t.supply_artillery = bool(o["supply_artillery"])
    t.automa_on = bool(o["automa"])


@lru_cache(maxsize=8)
def _cached(str folder):
    return BalerComponents(folder)


def components(data=None):
    """The components of a data folder (the game's own by default), built once."""
    return _cached(str(Path(data).resolve() if data is not None else DATA))
