# cython: language_level=3
"""Garden Guerrilla as a compiled state machine (RULES.md beside this file).

The class holds the struct (data.pxd) and hands each node to the module of its phase: setup
(elements, enemies, hands), turn (card, aim, orientation, the landing, the next turn), attack
(resolving a landed card and its follow-ups, the Goodies), score. Text and observations are in
view.py. Landings are sample-only chance nodes numbered apart from the decisions (CHANCE), so
the search's per-action tables stay the size of the decision ids.
"""
from libc.string cimport memset
from partisan.core.cards cimport count, deal
from partisan.core.components cimport CompiledNoise
from partisan.core.geometry cimport Pose
from partisan.core.noise cimport NoiseData, Seat, PLACE_THROW
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState, CHANCE, TERMINAL
from partisan.core.games.garden.data cimport *
from partisan.core.games.garden cimport setup, turn, attack, score, prior

from partisan.core.actions import ActionRanges

ACTIONS = ActionRanges(card=NTYPES, aim_grid=GRID * GRID, aim_card=NOBJ, aim_hat=2,
                       orient=ORIENTS, blast=BLAST_POINTS, target=NOBJ)
CHANCE_IDS = ActionRanges(deal=SUBSETS, landing=C_OFF - C_LAND, off_table=1)


ACTIONS.check_offsets("garden", (A_CARD, A_GRID, A_ON, A_HAT, A_ORIENT, A_BLAST, A_TARGET, NUM_ACTIONS))
CHANCE_IDS.check_offsets("garden", (C_DEAL, C_LAND, C_OFF, NUM_CHANCE))

# The numbers view.py and the screens name, as data.pxd declares them.
SIZES = dict(types=NTYPES, objects=NOBJ, grid=GRID, land_mm=LAND_MM, land_angles=LAND_ANGLES)
OBJECTS = dict(toad=O_TOAD, ant=O_ANT, goodie=O_GOODIE, insect=O_INSECT)     # first ids
PHASES = dict(element=PH_ELEMENT, enemy=PH_ENEMY, deal=PH_DEAL, card=PH_CARD, aim=PH_AIM,
              orient=PH_ORIENT, land=PH_LAND, blast=PH_BLAST, target=PH_TARGET, end=PH_END)
WHERE = dict(out=W_OUT, table=W_TABLE, bounty=W_BOUNTY)
HOWS = dict(none=HOW_NONE, line=HOW_LINE, blast=HOW_BLAST, cover=HOW_COVER, chain=HOW_CHAIN,
            touch=HOW_TOUCH, arrival=HOW_ARRIVAL, eaten=HOW_EATEN, off=HOW_OFF, goodie=HOW_GOODIE)

from partisan.core.games.garden import view    # last: view.py imports the numbers above
_NOISE = {}                             # data folder -> CompiledNoise (kept alive for the states)


cdef class GardenState(GameState):
    cdef Garden d
    cdef CompiledNoise noise
    cdef const NoiseData* nd

    def __init__(self, game):
        data = game.data
        self.game = game
        self.num_players = game.players
        self.num_distinct_actions = NUM_ACTIONS
        key = game.loaded_data.folder
        if key not in _NOISE:
            _NOISE[key] = data.noise.compile()
        self.noise = _NOISE[key]
        self.nd = &self.noise.data
        memset(&self.d, 0, sizeof(Garden))
        d = &self.d
        d.n = game.players
        d.first = game.options["first"]
        d.width, d.height = data.table
        d.card_w, d.card_h = data.card
        d.blast = data.explosion
        d.r_mushroom = data.mushroom_radius
        d.r_bush = data.bush_radius
        d.r_stem = data.stem_radius
        for t, ins in enumerate(data.insects):
            d.effect[t] = ins.effect
            d.placement[t] = ins.placement
            d.cross[t] = sum(1 << side for side in ins.crosshairs)
        for q in range(d.n):
            d.hand[q] = data.noise.hand(game.options[f"hand{q}"])
        for i, key in enumerate(("foreign_insect", "own_insect", "ant", "toad", "goodie", "mushroom")):
            d.score[i] = data.score[key]
        counts = data.setup[d.n]
        d.n_mush, d.n_bush = counts["mushrooms"], counts["bushes"]
        d.n_toad, d.n_ant, d.n_goodie = counts["toads"], counts["ants"], counts["goodies"]
        d.own_block = game.options["own_cards_block"]
        d.hat_face_up = game.options["mushroom_face_up"]
        d.firefly_toads = game.options["firefly_toads"]
        for o in range(NOBJ):
            d.obj[o].holder = -1
            d.obj[o].by = -1
        for q in range(MAXP):
            d.played[q] = -1
            d.blast_play[q] = -1
            d.shot[q].play = -1
            d.shot[q].by = -1
        d.pending = -1
        d.last_landing = -1
        d.last_seat = d.last_card = -1
        d.next_layer = 1
        d.phase = PH_ELEMENT if d.n_mush + d.n_bush else PH_ENEMY
        if d.n_toad + d.n_ant == 0 and d.phase == PH_ENEMY:
            d.phase = PH_DEAL

    cdef int c_current_player(self) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == PH_END:
            return TERMINAL
        if ph == PH_ELEMENT or ph == PH_ENEMY or ph == PH_DEAL or ph == PH_LAND:
            return CHANCE
        return self.d.seat

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == PH_CARD:
            return turn.legal_card(&self.d, out)
        if ph == PH_AIM:
            return turn.legal_aim(&self.d, out)
        if ph == PH_ORIENT:
            return turn.legal_orient(&self.d, out)
        if ph == PH_BLAST:
            return attack.legal_blast(&self.d, out)
        if ph == PH_TARGET:
            return attack.legal_target(&self.d, out)
        return 0

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        if self.d.phase == PH_DEAL:
            return setup.deal_outcomes(&self.d, out, probs)
        return 0

    cdef bint c_chance_is_sampled(self) noexcept nogil:
        return self.d.phase == PH_ELEMENT or self.d.phase == PH_ENEMY or self.d.phase == PH_LAND

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        if self.d.phase == PH_DEAL:
            return setup.deal_sample(&self.d, rng)
        if self.d.phase == PH_LAND:
            return turn.land_sample(&self.d, self.nd, rng)
        return setup.setup_sample(&self.d, rng)

    cdef bint c_is_possible_outcome(self, int outcome) noexcept nogil:
        if self.d.phase == PH_LAND:
            return turn.land_possible(&self.d, outcome)
        if self.d.phase == PH_ELEMENT or self.d.phase == PH_ENEMY:
            return setup.setup_possible(&self.d, outcome)
        return False

    cdef void c_apply(self, int a) noexcept nogil:
        cdef Garden* d = &self.d
        cdef int ph = d.phase
        if ph == PH_ELEMENT or ph == PH_ENEMY:
            setup.setup_apply(self, d, a)
        elif ph == PH_DEAL:
            setup.deal_apply(self, d, a)
        elif ph == PH_CARD:
            turn.apply_card(self, d, a)
        elif ph == PH_AIM:
            turn.apply_aim(self, d, a)
        elif ph == PH_ORIENT:
            turn.apply_orient(self, d, a)
        elif ph == PH_LAND:
            turn.land_apply(self, d, a)
        elif ph == PH_BLAST:
            attack.apply_blast(self, d, a)
            turn.finish_play(d)
        elif ph == PH_TARGET:
            attack.apply_target(self, d, a)
            turn.finish_play(d)

    cdef void c_returns(self, double* out) noexcept nogil:
        """The shares of the victory as the table stands (the returns at the end)."""
        score.shares(&self.d, out)

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        score.shares(&self.d, out)

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<GardenState>other).d

    cdef GameState c_new_blank(self):
        cdef GardenState s = GardenState.__new__(GardenState)
        s.noise = self.noise
        s.nd = self.nd
        return s

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        """The only hidden cards are the other seats' round-1 hands: each is redealt from that
        seat's cards not yet played, in type order, keeping its size."""
        cdef int q, k
        cdef uint64_t pool
        if self.d.round != 0:
            return
        for q in range(self.d.n):
            if q == player or not (self.d.hand_cards[q] | self.d.deck_cards[q]):
                continue
            pool = self.d.hand_cards[q] | self.d.deck_cards[q]
            k = count(self.d.hand_cards[q])
            self.d.hand_cards[q] = <int>deal(&pool, k, rng)
            self.d.deck_cards[q] = <int>pool

    cdef uint64_t c_private_token(self, int player) noexcept nogil:
        if self.d.round != 0 or not self.d.deck_cards[player]:
            return 0
        return <uint64_t>self.d.hand_cards[player] + 1

    cdef bint c_has_priors(self) noexcept nogil:
        return True

    cdef void c_action_priors(self, const int* actions, int n, double* out) noexcept nogil:
        """Aims that reach an enemy target, orientations whose attack catches one (prior.pyx)."""
        prior.priors(&self.d, self.nd, actions, n, out)

    # ------------------------------------------------------------------ Python side
    def _table(self):
        """The struct as Python values (for view.py and tests)."""
        return self.d

    def _points(self):
        """([victory points], [Goodies]) per seat as the table stands."""
        cdef int pts[MAXP]
        cdef int goods[MAXP]
        score.points(&self.d, pts, goods)
        return [pts[q] for q in range(self.d.n)], [goods[q] for q in range(self.d.n)]

    def _put(self, int o, int x_mm, int y_mm, int half_degrees=0, bint face_down=False,
             int level=0, int holder=-1):
        """Test set-ups: object o on the table at a pose (level 1 + m: on mushroom m's hat,
        above everything there), or into `holder`'s Bounty when holder >= 0."""
        if not 0 <= o < NOBJ or not 0 <= level <= self.d.n_mush or not -1 <= holder < self.d.n:
            raise ValueError(f"no object {o}, level {level} or holder {holder}")
        if not (0 <= x_mm <= 100_000 and 0 <= y_mm <= 100_000):
            raise ValueError(f"({x_mm}, {y_mm}) mm is not on any table")
        ob = &self.d.obj[o]
        ob.pose.x, ob.pose.y, ob.pose.angle = 10 * x_mm, 10 * y_mm, 5 * half_degrees
        ob.face_down, ob.level, ob.holder, ob.by, ob.how = face_down, level, holder, -1, HOW_NONE
        ob.where = W_BOUNTY if holder >= 0 else W_TABLE
        ob.layer = self.d.next_layer + (HAT_LAYER if level else 0)
        self.d.next_layer += 1

    def _seats(self):
        """Where each seat stands to play (turn.pyx): (x, y, nx, ny), a point of its edge in mm
        and the unit normal into the table."""
        cdef Seat at
        out = []
        for q in range(self.d.n):
            turn.seat_at(&self.d, q, &at)
            out.append((at.x, at.y, at.nx, at.ny))
        return out

    def _mushrooms(self):
        """The seat controlling each mushroom as the table stands (l.47), None for nobody."""
        return [None if c < 0 else c for c in (score.controller(&self.d, m) for m in range(self.d.n_mush))]

    def _lines(self, int o):
        """The lines of card o as they would run now (x0, y0, x1, y1 mm each): its crosshairs'
        for a line effect, Scrabblezooka's for its explosion; none for the other effects."""
        cdef double seg[4]
        cdef int e = self.d.effect[obj_type(o)], side
        out = []
        if e == E_SCRABBLEZOOKA:
            attack.blast_segment(&self.d, o, seg)
            return [tuple(seg[i] for i in range(4))]
        if e in (E_LADYGUN, E_SNAILPER, E_RAMBEE, E_LASERFLY):
            for side in range(4):
                if self.d.cross[obj_type(o)] >> side & 1:
                    attack.line_segment(&self.d, o, side, seg)
                    out.append(tuple(seg[i] for i in range(4)))
        return out

    def _preview(self):
        """What each legal move of the play under way would do if the card landed exactly on
        its aim (secure placement does; a drop strays a little): for every orientation, or
        every explosion point of Scrabblezooka, a dict of the card's pose (x, y, angle,
        level) where it comes to rest, caught or eaten there or not (None off the table),
        its lines as they would run (none when it is caught as it lands), its
        explosion card (x, y, angle), the objects it would catch, why the card itself would
        go to a Bounty as it lands ("fate": (how, by) or None), the step that would follow
        ("blast", "target" or None) and, before an explosion, what each of its points would
        catch ("blasts"). None when nothing is to be previewed (a thrown card spins: its angle
        is not chosen)."""
        cdef GardenState t
        cdef Garden* d = &self.d
        cdef int o = insect(d.seat, d.card), a, p
        cdef Obj ob
        if not (d.phase == PH_BLAST or (d.phase == PH_ORIENT and d.placement[d.card] != PLACE_THROW)):
            return None
        table = on_table(d)
        out = []
        for a in self.legal_actions():
            t = self.clone()
            t.apply_action(a)
            if t.d.phase == PH_LAND:
                t.apply_action(landing_of(&t.d, t.d.aim, False))
            caught = [i for i in range(NOBJ) if table >> i & 1 and t.d.obj[i].where == W_BOUNTY and i != o]
            p = play_number(&self.d)
            ob = t.d.obj[o]
            item = {"action": a, "caught": caught, "card": None, "lines": [], "blast": None,
                    "fate": (ob.how, ob.by) if ob.where == W_BOUNTY else None,
                    "then": {PH_BLAST: "blast", PH_TARGET: "target"}.get(t.d.phase),
                    "choices": self._choices_after(t),
                    "blasts": [it["caught"] for it in t._preview()] if t.d.phase == PH_BLAST else []}
            if ob.where == W_TABLE or ob.how == HOW_ARRIVAL or ob.how == HOW_EATEN:
                item["card"] = (ob.pose.x / 10.0, ob.pose.y / 10.0, ob.pose.angle / 10.0, ob.level)
            if ob.where == W_TABLE:
                for i in caught:                # the lines as they ran, before their catches left
                    t.d.obj[i].where = W_TABLE
                item["lines"] = t._lines(o)
            if t.d.blast_play[d.seat] == p:
                b = t.d.blast_at[d.seat]
                item["blast"] = (b.x / 10.0, b.y / 10.0, b.angle / 10.0)
            out.append(item)
        return out

    def _choices_after(self, GardenState t):
        """The objects the follow-up at t may name: Skorpio's or Chemic's targets, the enemy
        cards Scrabblezooka's line crosses (its explosion may be centred on each)."""
        if t.d.phase == PH_TARGET:
            return [i for i in range(NOBJ) if t.d.choices >> i & 1]
        if t.d.phase == PH_BLAST:
            return [a - A_TARGET for a in t.legal_actions() if a >= A_TARGET]
        return []

    def _action_to_string(self, int action):
        return view.action_text(self.game.data, self.d.phase, action, self.c_current_player() == CHANCE,
                                self.d.card)

    def _read_move(self, text):
        """A move as the seat to move reads it in the events (view.read_action: "aim at your
        Ladygun")."""
        return view.read_action(self, text)

    def _describe_action(self, int action, viewer):
        placing = view.placed_name(self.d.setup_i, self.d.n_mush, self.d.n_bush, self.d.n_toad) \
            if self.d.phase == PH_ELEMENT or self.d.phase == PH_ENEMY else ""
        return view.describe(self.game.data, self.d.phase, self.d.seat, action,
                             self.c_current_player() == CHANCE, viewer, placing, self.d.card, self)

    def _rest(self, int outcome):
        """Where landing `outcome` leaves the card being played, before any card acts on it
        (turn.place: pushed out of a bush, on a hat when its centre is over one): (x mm, y mm,
        level); None off the table, or when no card is landing."""
        cdef Garden t = self.d
        cdef Pose p
        cdef int face, o
        if self.d.phase != PH_LAND:                    # no card in flight: nothing to place
            return None
        o = insect(self.d.seat, self.d.card)
        if not landing_decode(outcome, &p, &face) or not turn.place(&t, o, p, face):
            return None
        return t.obj[o].pose.x / 10.0, t.obj[o].pose.y / 10.0, t.obj[o].level

    def _observation(self, int player):
        return view.observation(self.game.data, self.d, player, dict(
            points=self._points(), mushrooms=self._mushrooms(), stands=self._seats(),
            preview=self._preview(), hands=[self.game.options[f"hand{q}"] for q in range(self.d.n)],
            returns=self.returns() if self.d.phase == PH_END else None))

    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(Garden)]


def new_state(game):
    return GardenState(game)
