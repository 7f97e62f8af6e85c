# The turn's flow as a machine of nodes: what the game waits for (a seat's decision, a chance
# outcome) or an automatic step that the run loop (turn.pyx) performs. Procedures used from
# several places (a combat, a movement, a loss) are called with a continuation node pushed on
# Baler.ret and return to it. Action ids: decisions from 0, chance outcomes numbered apart
# (state.pyx declares both as ActionRanges and checks these offsets against them).
from partisan.core.games.baler.table cimport Baler, PHILIPPINES, RET_DEPTH, SPAIN

cdef enum:
    # ---- decisions
    A_DONE = 0              # end, stop, no, none, pass
    A_YES = 1
    A_CARD = 2              # + card (64)
    A_AREA = 66             # + area (4)
    A_ATTACK = 70           # + (kind - 1) * 4 + area (12)
    A_ACT = 82              # + ACT_* (16)
    A_TRENCH = 98           # + trench (8)
    A_MOD = 106             # + source * 12 + op * 6 + value - 1 (60)
    A_TARGET = 166          # + incursion target (4)
    A_UNIT = 170            # + unit (192)
    A_SPACE = 362           # + space (128)
    A_BED = 490             # + bed - 1 (6)
    A_EVENT = 496           # + 2 * slot + part (4)
    A_SHARED = 500          # + 0: A, 1: B, 2: the deck's top (3)
    NUM_ACTIONS = 503
    # ---- chance outcomes
    C_DIE = 0               # + face - 1 (6)
    C_ROLL = 6              # + multiset rank (252: five dice)
    C_CARD = 258            # + card (64)
    C_UNIT = 322            # + unit (192)
    C_AUTOMA = 514          # + automa card (28; option `automa`)
    NUM_CHANCE = 542
    AUTOMA_CARDS = 28

cdef enum:
    # action phase codes (A_ACT + code)
    ACT_MOVE = 0
    ACT_SUPPLY = 1
    ACT_EXPAND = 2
    ACT_HEAL = 3
    ACT_YORKTOWN = 4
    ACT_MORALE = 5
    ACT_PERSIST = 6
    ACT_BAG = 7             # movement: draw a soldier from the bag
    ACT_DEPLOY = 8          # movement: deploy on the territorial map
    ACT_ADVANCE = 9         # movement: advance the territorial stack
    ACT_HEAL_TWO = 10       # heal: the two lowest beds
    ACT_TO_BAG = 11         # a drawn soldier goes back to the bag
    ACT_SURVEIL = 12
    ACT_REPAIR = 13
    ACT_TRENCH = 14
    N_ACT_CODES = 16
    # basic action bits (actions_done: bit once, bit + 8 twice)
    B_ATTACK = 0
    B_MOVE = 1
    B_SURVEILLANCE = 2
    B_SUPPLY = 3
    B_REPAIR = 4
    # special action bits (specials_done)
    S_EXPAND = 0
    S_HEAL = 1
    S_YORKTOWN = 2
    S_MORALE = 3
    S_PERSIST = 4
    S_TRENCH_I = 5
    S_TRENCH_II = 6

cdef enum:
    N_OVER = 0
    # chance nodes
    N_C_DEAL = 1            # a card from the actor's deck into its hand
    N_C_SHARED = 2          # a shared card into the empty face-up space A or B
    N_C_DIE = 3             # one die; die_for says what it decides
    N_C_ROLL = 4            # the actor's combat dice (map)
    N_C_TROLL = 5           # territorial combat dice (actor SPAIN: the foreign power)
    N_C_CASUALTY = 6        # a casualty location roll (faces that hit or cancel)
    N_C_BAG = 7             # a soldier from the actor's bag; die_for says for what
    N_C_FOW = 8             # the actor draws from the enemy's Fog of War deck
    N_C_TOP = 9             # the shared deck's top card into the actor's discard pile
    # decisions
    N_INIT = 10
    N_EV_CARD = 11
    N_EV_SUPPORT = 12
    N_EV_BOOST = 13
    N_EV_NEXT = 14
    N_ATTACK = 15           # an event's attack: which, or decline
    N_AREA = 16             # an area for the procedure under way (proc)
    N_TRENCH = 17           # a trench for the procedure under way
    N_SURV = 18             # activate the surveillance marker?
    N_MOD = 19              # combat modifiers of the actor
    N_TARGET = 20
    N_VICTIM = 21
    N_REDEPLOY = 22
    N_REDEPLOY_DEST = 23
    N_SHOOT = 24
    N_ACT = 25
    N_MOVE = 26
    N_MOVE_DEST = 27
    N_HEAL = 28
    N_FOW_KEEP = 29
    N_FOW_SHARED = 30
    N_MAN = 31
    N_LEADER = 32           # activate or keep in reserve
    N_TLOSS = 33            # the unit lost to the US
    N_TMOD = 34             # territorial morale modifiers
    N_TDEPLOY = 35
    N_TADVANCE = 36
    N_PERSIST = 37          # Persistence on a non-combat die (the Takeover attempt)
    N_ARTY = 38             # an empty artillery post for a reserve piece
    N_LOSS_PICK = 39        # which of two leaders of one detachment space falls ill (l.427)
    N_HEAL_DEST = 40        # the detachment space of a soldier healed by choice (l.1113)
    N_C_AUTOMA = 41         # chance: the automa's card for the phase beginning (option `automa`)
    # automatic steps
    N_PHASE = 42            # the phase's next step (turn.pyx)
    N_EFFECT = 43           # the event effect under way (events.pyx)
    N_FIGHT = 44            # the combat under way (combat_flow.pyx)
    N_MOVING = 45           # the movement under way
    N_LOSS = 46             # the attrition losses under way
    N_US = 47               # the US advance under way
    N_TFIGHT = 48           # the territorial combat under way
    N_PROC = 49             # a one-step procedure (proc) to start
    N_RETURN = 50           # return to the caller

cdef enum:
    # what a one-die chance node decides (die_for)
    D4_SURV_A = 0
    D4_SURV_D = 1
    D4_REROLL = 2           # a combat die picked up (actor's pool)
    D4_TREROLL = 3          # a territorial die picked up (actor's pool)
    D4_SPAIN_ATTR = 4
    D4_PHIL_ATTR = 5
    D4_LOSS_PARITY = 6
    D4_LOSS_ROW = 7
    D4_LOSS_COLUMN = 8
    D4_US_STRENGTH = 9
    D4_US_STEPS = 10
    D4_SUPPLY = 11
    D4_TAKEOVER = 12
    D4_TAKEOVER_REROLL = 13
    D4_LEADER = 14
    D4_US_SUPPORT = 15
    # what a bag draw is for (die_for at N_C_BAG)
    BAG_MOVE = 20
    BAG_MAN = 21
    BAG_LOSS = 22
    BAG_DEPLOY = 23
    BAG_EVENT_MAN = 24

cdef enum:
    # procedures started at N_PROC (proc_kind), from events and actions
    P_NONE = 0
    P_SURVEILLANCE = 1
    P_REPAIR = 2
    P_TRENCH = 3
    P_DESTROY_TRENCH = 4
    P_TAKEOVER = 5
    P_SUPPLY = 6
    P_HEAL = 7
    P_MOVE = 8
    P_US = 9
    P_ARTILLERY = 10
    P_MAN = 11
    P_LOSS = 12
    P_ATTACK = 13
    P_MEDIC = 14            # heal one of the player's choice (the medical leader)

# tokens for the information-state keys
cdef enum:
    T_ACTION = 1
    T_CHANCE = 2
    T_DRAW = 3
    T_SECRET = 4
    T_REVEAL = 5
    T_FOW = 6
    T_FOW_PLACED = 7


cdef inline void call(Baler* t, int start, int cont) noexcept nogil:
    """Start a procedure at node `start`; it returns to `cont`, with the actor of now. A call
    past RET_DEPTH is a defect of the rule modules: the game stops rather than overrun."""
    if t.nret >= RET_DEPTH:
        t.over = 1
        return
    t.ret[t.nret] = <signed char>cont
    t.ret_actor[t.nret] = t.actor
    t.nret += 1
    t.node = <signed char>start


cdef inline void proc_return(Baler* t) noexcept nogil:
    """Continue the caller of the procedure that has finished (N_RETURN); its slot is
    cleared so that equal positions have equal bytes. A return with no caller stops the game."""
    if t.nret <= 0:
        t.over = 1
        return
    t.nret -= 1
    t.node = t.ret[t.nret]
    t.actor = t.ret_actor[t.nret]
    t.ret[t.nret] = 0
    t.ret_actor[t.nret] = 0


cdef inline void finish(Baler* t) noexcept nogil:
    """The procedure under way is over: continue its caller."""
    t.node = N_RETURN


cdef inline int clamp6(int v) noexcept nogil:
    """Supply and morale tracks run 0-6; a gain over 6 is lost (l.377)."""
    return 0 if v < 0 else (6 if v > 6 else v)


cdef inline int first_side(const Baler* t) noexcept nogil:
    return t.initiative


cdef inline int side_of_order(const Baler* t, int k) noexcept nogil:
    """The side acting in part k (0, 1) of a phase: the initiative side first (l.348)."""
    return t.initiative if k == 0 else 1 - t.initiative


cdef inline void sort_ints(int* v, int n) noexcept nogil:
    """Legal actions in ascending order (a short list: insertion sort)."""
    cdef int i, j, x
    for i in range(1, n):
        x = v[i]
        j = i - 1
        while j >= 0 and v[j] > x:
            v[j + 1] = v[j]
            j -= 1
        v[j + 1] = x
