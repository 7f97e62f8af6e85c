# cython: language_level=3
"""Heroes of Baler positions for tests, rulebook examples and benchmarks: a position built
from the game's data (set-up, then moved by name), and each combat, infirmary and repair step
of the rule modules called with forced dice. Areas and beds are numbered as in the rulebook
(1..4, 1..6); sides are SPAIN and PHILIPPINES. Arguments are checked here; the C steps answer
False (or None) when a rule does not allow the step, and change nothing."""
from libc.stdint cimport int8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp
from partisan.core.bitset cimport ws_add, ws_has
from partisan.core.dice cimport pool_roll, pool_start
from partisan.core.games.baler.components cimport BalerComponents, apply_options
from partisan.core.games.baler.table cimport (
    Baler, CARD_SIDE, CARD_TYPE, CB_ARTILLERY, CB_INCURSION, CB_SHOOTING, CT_FACTION, CT_FOW,
    CT_SHARED, DIE, EMPTY, MAX_COMBAT_DICE, MOD_CARD, MOD_COMMAND, MOD_LEADER, MOD_MORALE,
    MOD_PERSIST, N_AREAS, N_BEDS, N_TRENCHES, PHILIPPINES, SPAIN, TARGET_ARTILLERY,
    TARGET_TRENCH, TARGET_WALLS, T_LEADER, T_SOLDIER, UNIT_WORDS, move_unit, occupant,
    unit_home, unit_side, unit_type)
from partisan.core.games.baler cimport (
    attrition, combat_rules, fortifications, infirmary, procedures, territory)
from partisan.core.games.baler.state cimport BalerState
from partisan.core.games.baler.flow cimport (
    A_DONE, A_UNIT, N_ACT, N_ARTY, N_C_BAG, N_C_DIE, N_C_TROLL, N_FOW_KEEP, N_HEAL_DEST, N_LEADER,
    N_LOSS, N_LOSS_PICK, N_PHASE, N_PROC, N_RETURN, N_TFIGHT,
    N_TLOSS, N_TMOD, N_US, P_US, call, proc_return)
from partisan.core.games.baler.turn cimport run, victory

from partisan.core.errors import IllegalActionError
from partisan.core.game import load_game
from partisan.core.games.baler.components import components
from partisan.core.games.baler.options import OPTIONS
from partisan.core.games.baler.view import PHASES

SIDE = {"spain": SPAIN, "philippines": PHILIPPINES}
KIND = {"shooting": CB_SHOOTING, "incursion": CB_INCURSION, "artillery": CB_ARTILLERY}
SOURCE = {"morale": MOD_MORALE, "command": MOD_COMMAND, "leader": MOD_LEADER,
          "persistence": MOD_PERSIST, "card": MOD_CARD}
TARGET = {"first trench": TARGET_TRENCH, "second trench": TARGET_TRENCH + 1,
          "artillery": TARGET_ARTILLERY, "walls": TARGET_WALLS}
WALLS = ("Destroyed", "Wrecked", "Damaged", "Intact")
CANCELLED = "cancelled"
REROLL = "reroll"
SIZE = sizeof(Baler)
# the nodes a test may wait for (flow.pxd)
NODES = {"action": N_ACT, "upkeep leader": N_LEADER, "territorial modifiers": N_TMOD,
         "artillery post": N_ARTY, "fog of war keep": N_FOW_KEEP, "heal space": N_HEAL_DEST,
         "leader pick": N_LOSS_PICK, "territorial loss": N_TLOSS}
cdef enum:
    RING = 64              # buffers the copy benchmark writes in turn


def _pick(table, key, what):
    if key not in table:
        raise IllegalActionError(f"unknown {what} {key!r} (one of: {', '.join(map(str, table))})")
    return table[key]


def _next(values, int i, what):
    """The i-th forced value; a test that supplies too few is told which."""
    if i >= len(values):
        raise IllegalActionError(f"the procedure asks for {what} #{i + 1}; only {len(values)} given")
    return values[i]


def _area(int area):
    if not 1 <= area <= N_AREAS:
        raise IllegalActionError(f"area {area} is not 1..{N_AREAS}")
    return area - 1


def _die(int value):
    if not 1 <= value <= DIE:
        raise IllegalActionError(f"die {value} is not 1..{DIE}")
    return value


cdef class BalerTable:
    cdef Baler t
    cdef readonly BalerComponents parts
    cdef dict _options

    def __init__(self, data=None):
        self.parts = components(data)
        self.parts.reset(&self.t)
        self._options = {}
        apply_options(&self.t, self._options)

    # ------------------------------------------------------------ a game's position
    def load(self, BalerState state):
        """Take the whole position of a game (its flow included) to edit it by name."""
        self.t = state.t

    def store(self, BalerState state, bint firepower=True):
        """Put the edited position back into the game, its areas' firepower re-evaluated as
        at a new turn (l.1250) unless told not to."""
        cdef int a
        if firepower:
            for a in range(N_AREAS):
                self.t.firepower[a] = <int8_t>combat_rules.firepower(&self.t, a, True)
        state.t = self.t

    def set_automa_card(self, int number):
        """The automa card in force (1..28)."""
        if not 1 <= number <= 28:
            raise IllegalActionError(f"automa card {number} is not 1..28")
        self.t.automa_card = number - 1

    # ------------------------------------------------------------ names
    def unit(self, str name):
        return self.parts.board.counters.index(name)

    def space(self, str name):
        return self.parts.board.space(name)

    def _space_name(self, int s):
        return self.parts.board.spaces[s].name

    def _unit_name(self, int c):
        return None if c == EMPTY else self.parts.board.counters.counters[c].name

    def where(self, str unit):
        return self._space_name(self.t.at[self.unit(unit)])

    def occupant(self, str space):
        return self._unit_name(occupant(&self.t, self.space(space)))

    def units_at(self, str space):
        s = self.space(space)
        return [self._unit_name(c) for c in range(self.t.sd.n_units) if self.t.at[c] == s]

    def posts(self, int area, str side):
        """Guard posts of a side in an area (names) and who stands there."""
        a, sd = _area(area), _pick(SIDE, side, "side")
        return {self._space_name(self.t.sd.posts[a][sd][i]):
                self._unit_name(occupant(&self.t, self.t.sd.posts[a][sd][i]))
                for i in range(self.t.sd.n_posts[a][sd])}

    # ------------------------------------------------------------ building a position
    def clear(self, str space):
        """Send the unit on a space where it rests: soldiers to their bag, leaders to their
        detachment space, artillery to the reserve."""
        s = self.space(space)
        c = occupant(&self.t, s)
        if c != EMPTY:
            move_unit(&self.t, c, self._rest(c))

    cdef int _rest(self, int c):
        if unit_type(&self.t, c) == T_LEADER:
            return unit_home(&self.t, c)
        if unit_type(&self.t, c) == T_SOLDIER:
            return self.t.sd.bag[unit_side(&self.t, c)]
        return self.t.sd.reserve

    def put(self, str unit, str space):
        """Move a unit onto a space its side and type allow; the space must be free."""
        c, s = self.unit(unit), self.space(space)
        if not self.parts.compiled.can_hold(s, c):
            raise IllegalActionError(f"{unit!r} cannot stand on {space!r}")
        if occupant(&self.t, s) not in (EMPTY, c):
            raise IllegalActionError(f"{space!r} is occupied by {self.occupant(space)!r}")
        move_unit(&self.t, c, s)

    def soldiers(self, str side, int combat):
        """Names of the side's soldiers of a combat factor that wait in its bag."""
        sd, bag = _pick(SIDE, side, "side"), self.t.sd.bag[SIDE[side]]
        return [self._unit_name(c) for c in range(self.t.sd.n_units)
                if self.t.at[c] == bag and unit_side(&self.t, c) == sd
                and self.t.sd.units.counters[c].factors[0] == combat]

    def exhaust(self, str unit):
        ws_add(self.t.exhausted, UNIT_WORDS, self.unit(unit))

    def disable(self, str unit):
        ws_add(self.t.disabled, UNIT_WORDS, self.unit(unit))

    def exhausted(self, str unit):
        return bool(ws_has(self.t.exhausted, UNIT_WORDS, self.unit(unit)))

    def new_phase(self):
        self.t.attacked[0] = self.t.attacked[1] = 0

    # ------------------------------------------------------------ tracks
    def morale(self, str side):
        return self.t.morale[_pick(SIDE, side, "side")]

    def supply(self, str side):
        return self.t.supply[_pick(SIDE, side, "side")]

    def vp(self, str side):
        return self.t.vp[_pick(SIDE, side, "side")]

    def set_tracks(self, str side, morale=None, supply=None):
        sd = _pick(SIDE, side, "side")
        for value in (morale, supply):
            if value is not None and not 0 <= value <= 6:
                raise IllegalActionError(f"track value {value} is not 0..6")
        if morale is not None:
            self.t.morale[sd] = morale
        if supply is not None:
            self.t.supply[sd] = supply

    def walls(self, int area):
        return WALLS[self.t.walls[_area(area)]]

    def set_walls(self, int area, str condition):
        self.t.walls[_area(area)] = WALLS.index(_pick({w: w for w in WALLS}, condition, "condition"))

    def firepower(self, int area):
        return self.t.firepower[_area(area)]

    def area_firepower(self, int area, bint artillery=True):
        return combat_rules.firepower(&self.t, _area(area), artillery)

    def strength(self, int area, str side, bint artillery=True):
        return combat_rules.strength(&self.t, _area(area), _pick(SIDE, side, "side"), artillery)

    def set_surveillance(self, str side, int area, bint present=True):
        sd, a = _pick(SIDE, side, "side"), _area(area)
        self.t.surveillance[sd] = (self.t.surveillance[sd] | (1 << a)) if present \
            else (self.t.surveillance[sd] & ~(1 << a))

    def has_surveillance(self, str side, int area):
        return bool((self.t.surveillance[_pick(SIDE, side, "side")] >> _area(area)) & 1)

    def set_persistence(self, bint active):
        self.t.persistence = active

    @property
    def persistence(self):
        return bool(self.t.persistence)

    def _trench(self, int trench):
        if not 1 <= trench <= N_TRENCHES:
            raise IllegalActionError(f"trench {trench} is not 1..{N_TRENCHES}")
        return trench - 1

    def set_trench(self, int trench, str state):
        """state: "none", "built" or "sabotaged"; trenches 2a-1 and 2a are area a's."""
        k = self._trench(trench)
        built, sabotaged = _pick({"none": (0, 0), "built": (1, 0), "sabotaged": (1, 1)}, state, "state")
        self.t.trench_built = (self.t.trench_built & ~(1 << k)) | (built << k)
        self.t.trench_sabotaged = (self.t.trench_sabotaged & ~(1 << k)) | (sabotaged << k)

    def trench(self, int trench):
        k = self._trench(trench)
        if not (self.t.trench_built >> k) & 1:
            return "none"
        return "sabotaged" if (self.t.trench_sabotaged >> k) & 1 else "built"

    def set_option(self, str name, value):
        """An option of options.py, by name and value (its text is parsed, e.g. "2")."""
        option = next((o for o in OPTIONS if o.name == name), None)
        if option is None:
            raise IllegalActionError(f"unknown option {name!r}")
        self._options[name] = option.parse(value if isinstance(value, (str, bool)) else str(value))
        apply_options(&self.t, self._options)

    # ------------------------------------------------------------ combat
    def begin(self, str kind, int area, str attacker):
        return combat_rules.combat_begin(&self.t, _pick(KIND, kind, "combat"), _area(area),
                               _pick(SIDE, attacker, "side"))

    def bonus(self, str side, int cf=0, int dice=0, int rerolls=0):
        return combat_rules.combat_bonus(&self.t, _pick(SIDE, side, "side"), cf, dice, rerolls)

    @property
    def combat_firepower(self):
        return self.t.cb.firepower

    def surveil(self, str side, int die):
        return combat_rules.surveillance_roll(&self.t, _pick(SIDE, side, "side"), _die(die))

    def dice_count(self, str side):
        return combat_rules.dice_count(&self.t, _pick(SIDE, side, "side"))

    def roll(self, str side, values):
        cdef int8_t v[MAX_COMBAT_DICE]
        if len(values) > MAX_COMBAT_DICE:
            return False
        for i, x in enumerate(values):
            v[i] = _die(x)
        return combat_rules.combat_roll(&self.t, _pick(SIDE, side, "side"), v, len(values))

    def dice(self, str side):
        """The side's dice, ascending (a die awaiting its re-roll shows 0)."""
        cdef int sd = _pick(SIDE, side, "side")
        return sorted(self.t.cb.dice[sd].value[i] for i in range(self.t.cb.dice[sd].n))

    def ready(self, str side, str source):
        return combat_rules.modifier_ready(&self.t, _pick(SIDE, side, "side"), _pick(SOURCE, source, "modifier"))

    def add(self, str side, str source, int value):
        return combat_rules.modify_add(&self.t, _pick(SIDE, side, "side"), _pick(SOURCE, source, "modifier"), value)

    def reroll(self, str side, str source, int value, int new_value):
        """Re-roll a die showing `value`; the re-roll comes up `new_value`."""
        sd = _pick(SIDE, side, "side")
        _die(new_value)
        if not combat_rules.modify_reroll(&self.t, sd, _pick(SOURCE, source, "modifier"), value):
            return False
        return combat_rules.reroll_result(&self.t, sd, new_value)

    def score(self):
        return combat_rules.combat_score(&self.t)

    def casualties(self, str side):
        """(kills, injuries) the side still suffers."""
        sd = _pick(SIDE, side, "side")
        return (self.t.cb.kills[sd], self.t.cb.injuries[sd])

    @property
    def net(self):
        return self.t.cb.net

    def due(self):
        """The side whose casualty comes next, or None."""
        s = combat_rules.casualty_due(&self.t)
        return None if s < 0 else ("spain", "philippines")[s]

    def location_faces(self, str side):
        """What each location roll 1..6 would do now: a post name, CANCELLED or REROLL."""
        sd = _pick(SIDE, side, "side")
        return [self._outcome(combat_rules.casualty_face(&self.t, sd, f)) for f in range(1, DIE + 1)]

    def _outcome(self, int r):
        if r == combat_rules.CAS_CANCEL:
            return CANCELLED
        if r == combat_rules.CAS_REROLL:
            return REROLL
        return None if r == EMPTY else self._space_name(r)

    def casualty(self, int face):
        return self._outcome(combat_rules.casualty_roll(&self.t, _die(face)))

    def casualty_auto(self):
        return self._outcome(combat_rules.casualty_auto(&self.t))

    def resolve_casualties(self, faces):
        """Resolve every location-rolled casualty in rule order, automatic ones without a
        die, the others with the next of `faces`; returns what each step did, e.g.
        [("philippines", REROLL), ("philippines", post), ("spain", CANCELLED), ...]."""
        log, faces = [], list(faces)
        while self.due() is not None:
            side = self.due()
            hit = self.casualty_auto()
            if hit is None:
                if not faces:
                    raise IllegalActionError("more location rolls are needed")
                hit = self.casualty(faces.pop(0))
            log.append((side, hit))
        if faces:
            raise IllegalActionError(f"location rolls left over: {faces}")
        return log

    def targets_due(self):
        return combat_rules.targets_due(&self.t)

    def target_ok(self, str target):
        return combat_rules.target_ok(&self.t, _pick(TARGET, target, "target"))

    def sabotage(self, str target):
        return combat_rules.sabotage(&self.t, _pick(TARGET, target, "target"))

    def injure(self, str unit):
        return combat_rules.incursion_injure(&self.t, self.unit(unit))

    def redeploy(self, str src, str dst):
        return combat_rules.redeploy(&self.t, self.space(src), self.space(dst))

    def end(self):
        combat_rules.combat_end(&self.t)

    # ------------------------------------------------------------ infirmary
    def beds(self):
        """Who lies in beds 1..6 (None: empty)."""
        return [self._unit_name(infirmary.bed_occupant(&self.t, b)) for b in range(1, N_BEDS + 1)]

    @property
    def beds_open(self):
        return self.t.beds_open

    def admit(self, str unit):
        c = self.unit(unit)
        if unit_side(&self.t, c) != SPAIN or unit_type(&self.t, c) not in (T_SOLDIER, T_LEADER):
            raise IllegalActionError(f"{unit!r} is not a Spanish soldier or leader")
        infirmary.admit(&self.t, c)

    def expand(self):
        return infirmary.expand(&self.t)

    def heal_two(self):
        return infirmary.heal_two(&self.t)

    def heal_one(self, int bed, dest=None):
        d = EMPTY if dest is None else self.space(dest)
        return infirmary.heal_one(&self.t, bed, d)

    # ------------------------------------------------------------ repairs
    def manpower(self, int area, str side):
        return fortifications.manpower(&self.t, _area(area), _pick(SIDE, side, "side"))

    def repair_walls(self, int area):
        return fortifications.repair_walls(&self.t, _area(area))

    def repair_trench(self, int trench):
        return fortifications.repair_trench(&self.t, self._trench(trench))

    # ------------------------------------------------------------ cards and the registered state
    def card(self, str name):
        """A card's index by its title."""
        for i, c in enumerate(self.parts.deck.cards):
            if c.name == name:
                return i
        raise IllegalActionError(f"no card {name!r}")

    def cards(self, str side, str kind):
        """Titles of the side's cards of a kind ("faction", "fog of war") or the shared ones."""
        cdef int sd = _pick(SIDE, side, "side")
        kinds = {"faction": CT_FACTION, "shared": CT_SHARED, "fog of war": CT_FOW}
        k = _pick(kinds, kind, "card kind")
        return [c.name for i, c in enumerate(self.parts.deck.cards)
                if self.t.sd.card[i][CARD_TYPE] == k and (k == CT_SHARED or self.t.sd.card[i][CARD_SIDE] == sd)]

    def give(self, str side, names):
        """Put these cards in the side's hand, taken from wherever they were."""
        cdef int sd = _pick(SIDE, side, "side")
        cdef uint64_t m = 0
        for name in names:
            m |= (<uint64_t>1) << self.card(name)
        for q in range(2):
            self.t.deck[q] &= ~m
            self.t.discard[q] &= ~m
            self.t.fow_deck[q] &= ~m
            self.t.hand[q] &= ~m
        self.t.shared_deck &= ~m
        self.t.hand[sd] |= m

    def hand(self, str side):
        cdef int sd = _pick(SIDE, side, "side")
        return [c.name for i, c in enumerate(self.parts.deck.cards) if (self.t.hand[sd] >> i) & 1]

    def set_shared(self, str a, str b):
        """Shared cards A and B face up (taken from the shared deck)."""
        ca, cb_ = self.card(a), self.card(b)
        for c in (ca, cb_):
            if self.t.sd.card[c][CARD_TYPE] != CT_SHARED:
                raise IllegalActionError(f"{self.parts.deck.cards[c].name!r} is not a shared card")
            self.t.shared_deck &= ~((<uint64_t>1) << c)
        self.t.shared_up[0], self.t.shared_up[1] = ca, cb_

    def set_shooting_markers(self, areas):
        self.t.shooting_markers = 0
        for a in areas:
            self.t.shooting_markers |= 1 << _area(a)

    def set_turn(self, int turn):
        if not 1 <= turn <= 6:
            raise IllegalActionError(f"turn {turn} is not 1..6")
        self.t.turn = turn

    def game_state(self, str phase, str first, int step=0, **options):
        """This position as the registered game's state at the start of `phase` (a name of
        view.PHASES) with `first` holding the initiative, run to its first decision or chance
        node: the real contract from here, driven by action texts. `options` as for
        load_game; they also apply to this table."""
        cdef BalerState s
        for name, value in options.items():
            self.set_option(name, value)
        if phase not in PHASES:
            raise IllegalActionError(f"unknown phase {phase!r} (one of: {', '.join(PHASES)})")
        s = load_game("baler", **self._options).new_initial_state(0)
        s.t = self.t
        s.t.initiative = _pick(SIDE, first, "side")
        s.t.phase = PHASES.index(phase)
        s.t.step = step
        s.t.node = N_PHASE
        s.t.nret = 0
        run(s, &s.t)
        return s

    def nest_procedures(self, int n):
        """Start n procedures, each inside the one before (flow.pxd call); returns how many
        are under way and whether the game has stopped."""
        cdef int i
        for i in range(n):
            call(&self.t, N_PROC, N_PHASE)
        return self.t.nret, bool(self.t.over)

    def take(self, BalerState s):
        """Copy a state's position back into this table (to read it by name)."""
        self.t = s.t

    @property
    def over(self):
        return bool(self.t.over)

    def victory(self):
        """The Upkeep's victory step (bonus points and sudden ends); True if the game ends."""
        victory(&self.t)
        return bool(self.t.over)

    def trench_buildable(self, int trench):
        return fortifications.trench_buildable(&self.t, self._trench(trench), False)

    # ------------------------------------------------------------ the struct
    def clone(self):
        cdef BalerTable other = BalerTable.__new__(BalerTable)
        other.parts = self.parts
        other.t = self.t
        other._options = dict(self._options)
        return other

    def copies(self, long n):
        """n struct copies in C, as clone() does for the search (for benchmarks/): into a
        ring of heap buffers that is read afterwards, so no copy can be left out."""
        cdef Baler* ring = <Baler*>malloc(RING * sizeof(Baler))
        cdef long i, check = 0
        if ring == NULL:
            raise MemoryError()
        with nogil:
            for i in range(n):
                ring[i % RING] = self.t
                ring[i % RING].turn = <int8_t>(i & 7)
            for i in range(RING):
                check += ring[i].turn + ring[i].at[i]
        free(ring)
        return check

    def same(self, BalerTable other):
        return memcmp(&self.t, &other.t, sizeof(Baler)) == 0

    # ------------------------------------------------------------ attrition and the territorial map
    def attrition(self, str side, int die):
        """The side's attrition roll (Spain: supply; the Philippines: supply and morale);
        returns (sick, deserters) for Spain, None for the Philippines."""
        _die(die)
        if _pick(SIDE, side, "side") == SPAIN:
            attrition.spanish_supply(&self.t, die)
            return attrition.sick(self.t.supply[SPAIN]), attrition.deserters(self.t.morale[SPAIN])
        attrition.filipino_supply(&self.t, die)

    def losses(self, int n, bint desert, dice, bag=(), picks=()):
        """Resolve n beriberi losses (or deserters) with forced dice: `dice` in the order the
        procedure asks (parity dice, then row and column dice), `bag` the units drawn,
        `picks` Spain's choice where one space gives two leaders (each must be offered)."""
        cdef int k = 0, b = 0, p = 0
        cdef int offered[4]
        attrition.loss_begin(&self.t, n, desert, N_PHASE)
        while self.t.node != N_RETURN:
            if self.t.node == N_LOSS:
                attrition.loss_step(&self.t)
            elif self.t.node == N_C_BAG:
                attrition.apply_loss_bag(&self.t, self.unit(_next(bag, b, "bag draw")))
                b += 1
            elif self.t.node == N_LOSS_PICK:
                c = self.unit(_next(picks, p, "pick"))
                m = attrition.legal_loss_pick(&self.t, offered)
                if A_UNIT + c not in [offered[i] for i in range(m)]:
                    raise IllegalActionError(f"{picks[p]!r} is not offered")
                attrition.apply_loss_pick(&self.t, A_UNIT + c)
                p += 1
            else:
                attrition.loss_die(&self.t, _die(_next(dice, k, "die")))
                k += 1
        self.t.nret -= 1
        return k, b

    def set_territory(self, int filipinos, int foreign, bint us=False, int strength=3):
        """The Filipino stack's space (0: none), the foreign power's space and strength."""
        self.t.terr_space = filipinos
        self.t.foreign_space = foreign
        self.t.us_power = us
        self.t.foreign_strength = strength

    @property
    def territory(self):
        return self.t.terr_space, self.t.foreign_space

    def us_advance(self, dice, rolls=(), losses=()):
        """The US strength and steps dice, then each territorial combat's rolls (a pair of
        tuples: attacker's dice, defender's dice) and the unit the Filipinos lose."""
        cdef int k = 0, r = 0, l = 0
        self.t.actor = PHILIPPINES
        self.t.proc = P_US
        self.t.turn = max(self.t.turn, 4)
        call(&self.t, N_PROC, N_PHASE)
        while self.t.node != N_PHASE:
            n = self.t.node
            if n == N_PROC:
                procedures.proc_begin(&self.t)
            elif n == N_US:
                territory.us_next(&self.t)
            elif n == N_TFIGHT:
                territory.tfight_step(&self.t)
            elif n == N_RETURN:
                proc_return(&self.t)
            elif n == N_C_DIE:
                procedures.proc_die(&self.t, _die(_next(dice, k, "die")))
                k += 1
            elif n == N_C_TROLL:
                values = _next(rolls, r // 2, "combat")[r % 2]
                r += 1
                pool_start(&self.t.tdice[self.t.actor], len(values), DIE)
                for v in values:
                    pool_roll(&self.t.tdice[self.t.actor], _die(v))
                self.t.node = N_TFIGHT
            elif n == N_TMOD:
                territory.apply_tmod(&self.t, A_DONE)
            elif n == N_TLOSS:
                territory.apply_tloss(&self.t, A_UNIT + self.unit(_next(losses, l, "unit lost")))
                l += 1
            else:
                raise IllegalActionError(f"unexpected node {n}")
        return self.t.foreign_strength

    def put_territory(self, str unit, int number):
        move_unit(&self.t, self.unit(unit), self.parts.sd.territory[number])
        self.t.terr_space = number
