# Heroes of Baler: the whole game as one fixed-size C struct (`Baler`), copied by value
# for clone(), and the numbering its rule modules share. The static tables (map, counters,
# named spaces) live in `BalerStatic`, built once per data folder by components.pyx; the
# state only points at them. Rule modules (combat_rules.pyx, infirmary.pyx, movement.pyx, ...) are
# functions on a Baler*; they cimport this header, never the state class.
from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint32_t, uint64_t
from partisan.core.board cimport BoardData
from partisan.core.counters cimport CounterData
from partisan.core.decision cimport Secrets
from partisan.core.dice cimport DicePool

cdef enum:
    SPAIN = 0
    PHILIPPINES = 1
    N_AREAS = 4
    N_TRENCHES = 8          # two per area: trench 2 * area + k
    N_BEDS = 6
    N_COMMAND = 3           # command posts per side (Spain: military, medical, religious;
                            # the Philippines: military, leadership, US support)
    MAX_POSTS = 4           # guard posts of one side in one area
    MAX_UNITS = 192         # counters (soldiers, leaders, artillery); checked at load
    MAX_SPACES = 128        # board spaces; checked at load
    UNIT_WORDS = 3          # 64-bit words of a set of units (bitset.pxd's word arrays)
    EMPTY = -1
    DIE = 6                 # six-sided dice (l.82)
    MAX_COMBAT_DICE = 5     # "never roll more than 5 dice" (l.581)
    LAST_TURN = 6           # "six being the maximum number of turns" (l.284)
    RET_DEPTH = 6           # procedures under way at once, nested (flow.pxd call)

# what scored a side's VP (Baler.vp_from), for the screen's reasons and the final count
cdef enum:
    VP_KILL = 0             # an enemy soldier or leader killed in combat (l.687, l.707)
    VP_INFIRMARY = 1        # a wounded Spaniard pushed to the graveyard (l.950)
    VP_DESERTION = 2        # a Spanish deserter (l.444)
    VP_SHELLED = 3          # walls brought to Destroyed (l.873)
    VP_WALLS_FALL = 4       # walls Destroyed in two areas (l.1190)
    VP_EVENT = 5            # a card's event
    VP_TRENCHES = 6         # every trench section built at an Upkeep
    VP_TERRITORY = 7        # the Filipino stack on the territorial map at an Upkeep
    VP_WALL_BONUS = 8       # Spain's walls standing at the end of turn 6
    VP_ARTILLERY = 9        # a Filipino artillery piece destroyed in an incursion (l.811)
    N_VP_FROM = 10

# counter types and factors, in counters.toml's order (checked at load)
cdef enum:
    T_SOLDIER = 0
    T_LEADER = 1
    T_ARTILLERY = 2
    F_COMBAT = 0
    F_MANPOWER = 1

# wall conditions (the walls tracks' values)
cdef enum:
    WALLS_DESTROYED = 0
    WALLS_WRECKED = 1
    WALLS_DAMAGED = 2
    WALLS_INTACT = 3

# command posts, in map.toml's order
cdef enum:
    CMD_MILITARY = 0
    CMD_SECOND = 1          # Spain: medical (l.1284); the Philippines: leadership (l.1314)
    CMD_THIRD = 2           # Spain: religious (l.1294); the Philippines: US support (l.1323)

# combat kinds, modifier sources, incursion targets
cdef enum:
    CB_NONE = 0
    CB_SHOOTING = 1
    CB_INCURSION = 2
    CB_ARTILLERY = 3

cdef enum:
    MOD_MORALE = 0          # pay 1 morale: +1 or re-roll one die (l.910)
    MOD_COMMAND = 1         # military leader in the command post: rank operations (l.914)
    MOD_LEADER = 2          # a leader in a guard post of the area: re-roll one die (l.922)
    MOD_PERSIST = 3         # the Filipino Persistence marker: as a morale modifier (l.1147)
    MOD_CARD = 4            # a free re-roll given by the event card of the attack (l.930)
    N_MODS = 5

cdef enum:
    TARGET_TRENCH = 0       # + k (0, 1): the area's trench k
    TARGET_ARTILLERY = 2
    TARGET_WALLS = 3

# the compiled cards (cards.py's layout): one row of CARD_W ints per card
cdef enum:
    MAX_CARDS = 64
    CARD_W = 50             # len(CARD_HEAD) + 2 * EVENT_MAX_EFFECTS * EFFECT_WIDTH
    CARD_TYPE = 0           # head fields
    CARD_SIDE = 1
    CARD_AP = 2
    CARD_INIT = 3
    CARD_ICONS = 4
    CARD_REQUIRES = 5
    CARD_EFFECTS = 8        # first effect slot; a slot is EFFECT_W ints, 3 a part
    EFFECT_W = 7
    EVENT_EFFECTS = 3
    CT_FACTION = 0
    CT_SHARED = 1
    CT_FOW = 2
    CS_BOTH = 2

cdef enum:
    # a territorial combat's steps (terr_stage, l.1394-l.1396): each side's dice are started,
    # then rolled and modified (the step + 1); the attacker's first
    TS_ATTACKER = 0
    TS_DEFENDER = 2
    TERR_SUCCESS = 5    # "Each result of 5 or 6 counts as a success" (l.1398)


ctypedef struct BalerStatic:
    const BoardData* board
    const CounterData* units
    int n_units
    int n_spaces
    int16_t guard_kind
    int16_t posts[N_AREAS][2][MAX_POSTS]    # guard posts per area and side, EMPTY-padded
    int8_t n_posts[N_AREAS][2]
    int16_t artillery_post[N_AREAS]
    int16_t trench[N_TRENCHES]              # trench spaces, 2 * area + k
    int16_t bed[N_BEDS]                     # bed 1 .. 6
    int16_t bag[2]
    int16_t eliminated[2]                   # where a side's dead units go (the enemy's board)
    int16_t reserve                         # artillery reserve
    int16_t command[2][N_COMMAND]
    int16_t detachment_first                # Spanish detachment spaces (leaders, then soldiers)
    int16_t detachment_last
    int16_t rows[3][6]                      # Spanish detachment rows '1-2', '3-4', '5-6', columns 1-6
    int16_t barracks_first                  # the Filipino barracks (soldiers' spaces)
    int16_t barracks_last
    int16_t territory[6]                    # territorial spaces 1 (Baler) .. 5 (Manila); [0] unused
    int16_t det_kind                        # space kinds: detachment, barracks, command post
    int16_t bar_kind
    int16_t cmd_kind
    int16_t carreno                         # Gomez Carreno: morale +2 in turns 1-3 (l.1294)
    int16_t artillery_first                 # the artillery counters (a run of the counter list)
    int16_t artillery_last
    int n_cards
    int8_t wildcard                         # the icon index of the star
    int8_t card[MAX_CARDS][CARD_W]

ctypedef struct Combat:
    int8_t kind
    int8_t area
    int8_t attacker
    int8_t firepower        # after surveillance, + Spain, - the Philippines, |fp| <= 3
    int8_t surveillance[2]  # bonus rolled (0-2), -1: not activated
    int8_t bonus_cf[2]      # card modifiers: extra combat strength
    int8_t bonus_dice[2]    # card modifiers: extra dice
    uint8_t rolled          # bit side: the side has rolled its combat dice
    uint8_t scored          # both rolls are final and counted
    uint8_t used[2]         # bit MOD_*: modifiers used in this combat
    int8_t command_left[2]  # command operations left after the leader was used
    int8_t card_rerolls[2]  # free re-rolls of the event card that started the attack
    DicePool dice[2]
    int8_t kills[2]         # casualties a side still suffers, resolved in rule order
    int8_t injuries[2]
    int8_t targets          # incursion targets the attacker still chooses
    int8_t net              # attacker successes minus defender successes

ctypedef struct Baler:
    const BalerStatic* sd           # the static tables (components.pyx)
    # where every counter stands, and who stands on each single-capacity space
    uint8_t at[MAX_UNITS]
    int16_t occ[MAX_SPACES]
    uint64_t exhausted[UNIT_WORDS]  # leaders flipped after use
    uint64_t disabled[UNIT_WORDS]   # leaders disabled by the leaders' roll
    # tracks
    int8_t supply[2]
    int8_t morale[2]
    int16_t vp[2]
    int16_t vp_from[2][N_VP_FROM]   # the VP each source scored (VP_*), the start not counted
    int8_t turn
    int8_t initiative
    int8_t phase
    int8_t step
    int8_t walls[N_AREAS]
    int8_t firepower[N_AREAS]
    uint8_t trench_built    # bit t: trench t is built
    uint8_t trench_sabotaged
    uint8_t surveillance[2] # bit a: the side's marker stands in area a
    int8_t beds_open        # operational beds, 3 .. 6
    int8_t persistence      # the Filipino Persistence marker is active
    int8_t foreign_space
    int8_t foreign_strength
    int8_t us_power         # the US marker replaced Spain's
    uint8_t attacked[2]     # areas a side attacked in this phase
    uint8_t shooting_markers
    int8_t ap[2]
    uint16_t actions_done[2]   # basic actions done once (bit) and twice (bit + 8)
    uint8_t specials_done[2]
    # cards: the 55 cards fit one 64-bit mask each
    uint64_t hand[2]
    uint64_t deck[2]
    uint64_t discard[2]
    uint64_t fow_deck[2]    # each side's Fog of War cards (kept on the enemy's board)
    uint64_t shared_deck
    uint64_t removed
    int8_t shared_up[2]     # face-up shared cards A and B (EMPTY if none)
    int8_t initiative_card[2]
    # options (options.py; components.apply_options sets them; RULES.md argues each)
    int8_t artillery_vp             # VP for an artillery piece eliminated (1 or 2)
    int8_t artillery_in_incursions  # the optional rule (l.768)
    int8_t wall_vp_any              # walls Destroyed score by any attack, not only artillery
    int8_t us_swap_attrition        # the US replaces Spain in turn 4's Attrition, not turn 3's Upkeep
    int8_t terr_morale_once         # territorial combat: one morale use per side and combat
    int8_t foreign_morale           # Spain may spend its morale on the foreign power's dice
    int8_t us_repulse_stays         # the US stays put after beating a Filipino attack
    int8_t reserve_six              # Activate/Reserve only on a leaders' roll of 6
    int8_t disabled_never           # a disabled leader stays disabled
    int8_t trench_bonus_once        # the 8-trench bonus scores once a game
    int8_t wall_bonus_cumulative    # Spain's turn-6 wall bonus: 1 + 2 when all Intact
    int8_t walls_immediate          # walls Destroyed in two areas end the game at once
    int8_t no_troops_modifier       # Filipino supply modifier with no troops on the map (-1, 0)
    int8_t trench_area              # trench manpower counts the whole area, not the flanks
    int8_t supply_artillery         # a Filipino supply roll of 6+ also brings a reserve piece
    Combat cb
    # ---- the turn's flow (state.pyx and its phase modules) ----
    int8_t node             # what the game waits for (flow.pxd N_*)
    int8_t actor            # the seat deciding, or whose dice / cards are drawn
    int8_t order            # 0: the initiative side's part of a phase, 1: the other's
    int8_t ret[RET_DEPTH]   # continuation nodes of the procedures under way
    int8_t ret_actor[RET_DEPTH]  # and the seat acting there
    int8_t nret
    int8_t die_for          # what the pending one-die chance node decides (flow.pxd D4_*)
    int8_t over             # the game has ended
    int8_t ended_early      # ended before the end of turn 6 (tie-breaker 3, l.1198)
    int8_t trench_bonus_done
    int8_t walls_scored     # the two-area walls end has scored its 6 VP
    Secrets secret          # the initiative cards chosen and not yet revealed (l.348)
    int8_t fow_drawn[2]     # a Fog of War card drawn, not yet placed (its drawer sees it)
    int8_t fow_pending      # FoW initiative events still to resolve (bit side)
    # events
    int8_t ev_card[3]       # event cards 1 and 2, the support card (EMPTY: none)
    uint8_t ev_boost        # bit slot: the event card is boosted
    uint8_t ev_done         # bit 2 * slot + part: resolved or declined
    int8_t ev_slot
    int8_t ev_part
    int8_t ev_k             # effect index in the part
    int8_t ev_rep           # repetitions of the effect left
    # an attack, movement or other procedure called by an event or an action
    int8_t atk_kind         # allowed kind (0: any)
    int8_t atk_dice
    int8_t atk_cf
    int8_t atk_rerolls
    int8_t proc             # the procedure started at N_PROC (flow.pxd P_*)
    int8_t proc_arg         # the procedure's parameter (supply cost, heal option, ...)
    int8_t proc_n           # its repetitions left
    int8_t fstage           # the combat's step (combat_flow.pyx)
    uint8_t surv_decl       # bit side: activated its surveillance marker
    int8_t mv_left          # movement sub-moves left
    int16_t mv_unit         # the unit being moved / the unit drawn from a bag
    int8_t redeploys
    int8_t mv_from_bag      # the unit being moved was drawn from the bag
    int8_t loss_odd         # odd results: bag draws of step B
    int8_t loss_stage
    uint8_t picked_novp     # bit i: picked[i] deserts without VP (a column die of 6, l.446)
    int8_t post_to_empty    # options (options.py)
    int8_t terr_leaders
    # shootings, attrition, upkeep
    int8_t shoot_area[2]
    int8_t shoot_i
    int8_t loss_left        # beriberi / desertion losses still to resolve
    int8_t loss_even        # even results waiting for step C
    int8_t loss_desert      # the losses are deserters
    int8_t loss_row
    int8_t loss_col         # the column whose space holds two leaders (N_LOSS_PICK)
    int8_t heal_bed         # the bed of the soldier waiting for his space (N_HEAL_DEST)
    int16_t picked[4]       # units picked in step C, admitted in step D
    int8_t npicked
    int8_t us_steps
    int8_t cmd_i            # leaders step: the command post being rolled
    # the territorial map
    int8_t terr_space       # the Filipino stack's space number (0: none on the map)
    int8_t terr_from        # where the mover came from
    int8_t terr_attacker    # PHILIPPINES, or SPAIN for the foreign power
    int8_t terr_stage       # TS_ATTACKER, +1 once started; TS_DEFENDER, +1; then decided
    uint8_t tmod_used       # bit side: spent morale in this territorial combat (option once)
    DicePool tdice[2]       # territorial combat dice: [SPAIN] the foreign power's
    # the solo automa's priority deck (option `automa`, automa.py): public, one card a phase
    int8_t automa_on
    int8_t automa_due       # a phase has begun: its automa card is drawn first
    int8_t automa_card      # the card in force (0-based; EMPTY before the first draw)
    uint32_t automa_deck    # bit k: card k not yet drawn since the last reshuffle


# ---------------------------------------------------------------- static lookups
cdef inline int unit_side(const Baler* t, int c) noexcept nogil:
    return t.sd.units.counters[c].side


cdef inline int unit_type(const Baler* t, int c) noexcept nogil:
    return t.sd.units.counters[c].type


cdef inline int unit_factor(const Baler* t, int c, int f) noexcept nogil:
    return t.sd.units.counters[c].factors[f]


cdef inline int unit_rank(const Baler* t, int c) noexcept nogil:
    return t.sd.units.counters[c].rank


cdef inline int unit_home(const Baler* t, int c) noexcept nogil:
    return t.sd.board.home[c]


cdef inline int post_of(const Baler* t, int area, int side, int i) noexcept nogil:
    return t.sd.posts[area][side][i]


# ---------------------------------------------------------------- where units stand
cdef inline int occupant(const Baler* t, int space) noexcept nogil:
    """The unit on a single-capacity space (posts, beds, detachment), or EMPTY."""
    return t.occ[space]


cdef inline void move_unit(Baler* t, int c, int space) noexcept nogil:
    """Put unit c on `space` (its caller has checked the space can take it). occ[] tracks
    single-capacity spaces only; pools and stacks are read from at[]."""
    cdef int old = t.at[c]
    if t.occ[old] == c:
        t.occ[old] = EMPTY
    t.at[c] = <uint8_t>space
    if t.sd.board.spaces[space].capacity == 1:
        t.occ[space] = <int16_t>c


cdef inline void score(Baler* t, int side, int points, int source) noexcept nogil:
    t.vp[side] += points
    t.vp_from[side][source] += points


cdef inline int unit_value(const Baler* t, int c) noexcept nogil:
    """VP for eliminating a unit: 1 for a soldier, 2 for a leader (l.687, l.707), the
    option's value for an artillery piece (1 at l.811, 2 at l.141)."""
    cdef int k = unit_type(t, c)
    if k == T_ARTILLERY:
        return t.artillery_vp
    return 2 if k == T_LEADER else 1


cdef inline void eliminate(Baler* t, int c, int source) noexcept nogil:
    """A unit killed, or dead in the infirmary: to the enemy's eliminated space, the enemy
    scores (l.687, l.707, l.950)."""
    cdef int side = unit_side(t, c)
    move_unit(t, c, t.sd.eliminated[side])
    score(t, 1 - side, unit_value(t, c), source)
