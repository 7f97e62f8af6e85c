# Guerilla's state as one fixed-size C struct, its numbering, and the small helpers every
# phase module shares (card places and what each seat knows of them, groups, strengths,
# capacity, scoring). The phase modules cimport this header, not the state class.
from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memset
from partisan.core.bitset cimport ws_add, ws_remove, ws_has, ws_count, ws_clear, ws_to_list
from partisan.core.knowledge cimport Places, places, place_cards, move_card, PUBLIC, OWNER, NO_TOKEN
from partisan.core.decision cimport Frame
from partisan.core.piles cimport Pile, pile_put_top, pile_clear, pile_shuffle, pile_shuffle_split
from partisan.core.state cimport GameState, token
from partisan.core.turns cimport next_seat, seat_bit

cdef enum:
    GMAXP = 6           # seats
    NCARDS = 128        # cards (cards.toml total)
    NW = 2              # words of a 128-card set
    NGROUPS = 96        # group slots: more than the 75 groups 65 units, 8 complexes and 2
                        #   Armor Columns can make (a leader never stands alone)
    NTYPES = 64         # kinds of card (entries of cards.toml)
    NPLACES = 10        # deck, six hands, discard pile, table, set aside
    MAXPLAN = 8         # groups one seat can plan in the initial deployment (8 cards)
    PICK_MAX = 8        # cards picked in one multi-card step
    DISCARD_MAX = 4     # cards one discard may hold (l.91)
    HAND_LEAST = 7      # a hand's capacity with one faction deployed (l.15)
    GROUP_CARDS = 4     # a leader and three units, the most cards one group holds (l.17)
    D10 = 10
    MISDEAL_MAX = 3     # misdeals a round allows (engine bound, RULES.md reading 1)
    SUDDEN_START = 10   # the end of round marker's first space (l.103)
    NO_CARD = -1

cdef enum:
    P_DECK = 0
    P_HAND = 1          # + seat
    P_DISC = 7
    P_TABLE = 8
    P_ASIDE = 9         # set aside (l.31, l.38), or lying before a player (Bad Weather)

# Card kinds (cards.KINDS) and what a complex or red card does (from cards.EFFECTS).
cdef enum:
    K_UNIT = 0, K_LEADER, K_COMPLEX, K_EVENT, K_RED
cdef enum:
    RED_NONE = 0, RED_REVOLUTION, RED_TRAITORS, RED_WEATHER

cdef enum:
    F_GOV = 0           # factions, and loyalties (LOY_MERC the third)
    F_REB = 1
    LOY_MERC = 2
    NO_LOYALTY = -1

cdef enum:
    USE_EITHER = -1     # an action either faction may take, paid by the Banco's too (l.133)
    USE_GENERAL = -2    # an action of no faction's, paid only by a general one (reading 5)

# Decisions, then chance outcomes numbered apart (state.ACTIONS and state.CHANCE_OUTCOMES
# declare the same sizes in the same order; state.pyx checks them on import).
cdef enum:
    A_DONE = 0
    A_YES = A_DONE + 1
    A_NO = A_YES + 1
    A_END = A_NO + 1                    # end the turn
    A_DEPLOY = A_END + 1                # deploy a new group (phase C)
    A_DISCARD = A_DEPLOY + 1            # discard up to four cards (phase E)
    A_DRAW = A_DISCARD + 1              # draw to capacity (phase F)
    A_WITHDRAW = A_DRAW + 1             # + group (phase A)
    A_ATTACK = A_WITHDRAW + NGROUPS     # + group (phase B)
    A_REINFORCE = A_ATTACK + NGROUPS    # + group (phase C)
    A_TYPE = A_REINFORCE + NGROUPS      # + kind of card in hand
    A_GROUP = A_TYPE + NTYPES           # + group (a target)
    A_CARD = A_GROUP + NGROUPS          # + card on the table
    A_FACTION = A_CARD + NCARDS         # + faction
    A_MODE = A_FACTION + 2              # + attack mode (MODE_*)
    A_PAIR = A_MODE + 3                 # + pair of seats (Revolution's swap)
    A_ABILITY = A_PAIR + 15             # + a complex's ability (AB_*), a repair or destruction
    A_PLAY = A_ABILITY + 10             # + kind of event card played from hand
    A_USE = A_PLAY + NTYPES             # + use: 0 Atrocities, 1 Press (l.124), 2 an Informant
                                        #   cancels an Ambush, 3 an Informant offers a retreat
    A_SEAT = A_USE + 4                  # + seat (the UN card's player, a trade accepted)
    A_TRADE = A_SEAT + GMAXP            # offer a trade (phase D)
    A_OFFER = A_TRADE + 1               # + kind * 2 + face down: a card laid in a trade
    NUM_ACTIONS = A_OFFER + 2 * NTYPES

# What a complex lets its owner do (l.131-l.141), and the two actions on one's own complexes.
cdef enum:
    AB_STRIKE = 0, AB_POLICIA, AB_TV, AB_DESTROY, AB_REPAIR, AB_PALACE, AB_PORT, AB_BRIDGE_DEPLOY,
    AB_BRIDGE_WITHDRAW, AB_MARKER, AB_ASSASSIN, AB_DEMOLITION   # the last two: an event's
                                                                # target step, not a verb
# The event cards (l.119-l.129), from cards.EFFECTS.
cdef enum:
    EV_NONE = 0, EV_AIR_ASSAULT, EV_AMBUSH, EV_ARMOR, EV_ARMS, EV_ASSASSIN, EV_ATROCITIES,
    EV_BODYGUARD, EV_INFORMANT, EV_RECON, EV_SUPPLY, EV_UN
# Reaction windows: who may play out of turn, and what (RULES.md reading 16).
cdef enum:
    W_BODYGUARD = 0, W_BATTLE, W_AFTER
cdef enum:
    CX_NONE = 0, CX_AIRFIELD, CX_BANCO, CX_BARRACKS, CX_BRIDGE, CX_POLICIA, CX_PORT, CX_PALACE, CX_TV

cdef enum:
    C_SEAT = 0                          # + seat (the dealer)
    C_LOYALTY = C_SEAT + GMAXP          # + loyalty marker
    C_CARD = C_LOYALTY + 3              # + card (deal, refill, draw, random discard)
    C_DIE = C_CARD + NCARDS             # + face - 1
    NUM_CHANCE = C_DIE + D10

cdef enum:
    MODE_SIDEWAYS = 0, MODE_COMMANDED, MODE_ALL, MODE_SINGLE   # the last: an attacker's Ambush

# Nodes: where the game waits.
cdef enum:
    N_DEALER = 0, N_LOYALTY, N_DEAL, N_MISDEAL, N_PLAN, N_PLAN_FACTION, N_REFILL, N_TURN,
    N_PICK, N_FACTION, N_ATTACKER, N_TARGET, N_DEFENDER, N_MODE, N_ROLL, N_LOSS, N_GARRISON,
    N_DRAW, N_COMPLEX, N_SWAP, N_TURNCOAT, N_TRAITOR, N_CAPACITY, N_ABILITY, N_WINDOW, N_AMBUSH,
    N_UN, N_RETREAT, N_OFFER, N_ACCEPT, N_RETURN, N_OVER

# The events' steps, numbered apart from the nodes above so both lists can grow.
cdef enum:
    N_CUTTER = 48           # Supply Cut: the cutting group
    N_CUT                   # Supply Cut: the group cut
    N_ARMOR_START           # Armor Column just deployed: its first target, or done
    N_ARMOR_AGAIN           # Armor Column: attack the same group again?
    N_AIR                   # Air Assault: a new group, or the isolated group to reinforce
    N_RECON                 # Recon Patrol: the patrol's group
    N_RECON_SEAT            # the player whose hand it inspects
    N_RECON_COUNTER         # that player: an Ambush to counter, or no
    N_RECON_UNIT            # the counter's unit from hand
    N_RECON_LEADER          # its leader, or done
    N_RECON_TAKE            # the card taken or discarded, or done
    N_AIR_WITH              # Air Assault: the second group of a combined attack (or no)
cdef enum:
    MODE_ARMOR = 8          # an Armor Column's attack on the one unit its defender chose (l.121)

# What a die roll is for.
cdef enum:
    R_ATTACK = 0, R_DEFENCE, R_WEATHER, R_SUDDEN, R_TRAITOR, R_STRIKE, R_STRIKE_DEFENCE,
    R_POLICIA, R_TV, R_REPAIR, R_ASSASSIN, R_MARKER

# Where a seat's points came from outside battles, for the end's breakdown (l.110-l.113):
# complexes destroyed, leaders the Policia or an Assassin killed, air strikes' and propaganda's units.
cdef enum:
    SRC_DESTROYED = 0, SRC_POLICIA, SRC_ASSASSIN, SRC_STRIKE, SRC_TV, NSRC

# What a multi-card pick (N_PICK) builds.
cdef enum:
    PK_DEPLOY = 0, PK_REINFORCE, PK_DISCARD

# Nodes of the combat and turn rules added later, numbered apart from the list above.
cdef enum:
    N_ORDER = 40            # the victor orders the eliminated cards onto the pile (l.72)
    N_SORTIE = 41           # the cards that split off to attack (l.59)
    N_WPART = 42            # the cards of a group withdrawn (l.47: "or part of a group")
    N_ARRANGE = 43          # the commanded unit that goes sideways (l.22-l.26)
    N_REGROUP = 44          # a player, in another's turn: a sideways unit into command, or no
cdef enum:
    AB_BARRACKS = 12        # the Barracks' retrieval: a bit of `used` (its verb is A_YES in the menu)

# Observation tokens: (kind, seat, value).
cdef enum:
    T_DEALER = 1, T_LOYALTY, T_CARD, T_MISDEAL, T_PLAN, T_PLANNED, T_REVEAL, T_ACT, T_DIE,
    T_RED, T_DISCARD, T_NEWLOYALTY, T_RETURN, T_SHUFFLE, T_DEAD, T_CAPTURE, T_OFFER, T_TRADE

ctypedef struct CardInfo:
    int8_t kind
    int8_t type
    int8_t value[2]         # unit strength / leader command rating, per faction (F_GOV, F_REB)
    int8_t mod              # a leader's command modifier
    int8_t df
    int8_t vp
    int8_t red              # RED_*
    int8_t capacity         # a complex's hand capacity bonus (the Port, l.137)
    int8_t immunity         # the Presidential Palace's immunity (l.138)
    int8_t complex          # CX_*: which complex
    int8_t param            # its printed number: a strike's 6, a threshold (l.131-l.141),
                            # Atrocities' multiplier (l.124)
    int8_t divisor          # Press's divisor (l.124)
    int8_t port_takes       # bit f: a Port of faction f retrieves this card (l.137)
    int8_t event            # EV_*
    int8_t only             # the one faction whose groups may use this event (F_*), else -1

ctypedef struct Group:
    int8_t owner            # seat; -1 for a free slot
    int8_t faction
    int8_t leader           # card or NO_CARD; the top card (l.21)
    int8_t cplx             # complex card or NO_CARD
    int8_t unit[3]          # units in order: the first `rating` are commanded (l.22)
    int8_t nunits
    int8_t damage
    int8_t iso              # isolation modifier, as a positive number (0: none yet)
    int8_t attacked         # has attacked this turn (l.52)
    int8_t arranged         # l.23-l.26: 0 its owner may rearrange it in his turn, 1 not until
                            #   the next occasion, 2 an occasion in another's turn (ask_rearrange)
    # Supply Cut (l.128): the matching markers on both groups, the card and the faction the
    # isolated group had when cut (a change of faction ends the isolation).
    int8_t cutter           # the group cutting this one's supply, or -1 (not isolated)
    int8_t cuts             # the group this one isolates, or -1
    int8_t sc_card          # the Supply Cut card of the link (on both groups), or NO_CARD
    int8_t cut_faction
    int8_t fresh            # an Armor Column deployed this turn by its own card (l.119)
    int8_t handled          # placed or reinforced this turn by the turn's or the Bridge's
                            #   deployment (l.82, l.135), or cards withdrawn from it (l.47):
                            #   one deployment could have taken what a later reinforcement
                            #   brings, and a withdrawal undone by one spends two actions

ctypedef struct Guerilla:
    # Fixed for a game.
    const CardInfo* info    # static card table (components); not part of the state's bytes
    int8_t n
    int8_t two_mercs
    int16_t turn_limit
    # The options of RULES.md's readings, read once at the start (options.py).
    int8_t ambush_max       # ambush_max (l.78, l.80)
    int8_t policia_cost     # policia_cost (reading 13)
    int8_t side_strength    # sideways_strength (reading 9)
    int8_t draw_red         # draw_ends_turn=red (reading 31)
    int8_t inf_marker       # informant_cancels_marker (reading 18)
    int8_t atro_halve       # atrocities=halve (reading 23)
    int8_t assassin_player  # assassin_points=player (reading 24)
    int8_t rev_removed      # second_deck_revolution=removed (reading 38)
    int8_t nmarkers[3]      # loyalty markers in play: Government, Rebel, Mercenary
    int8_t revolution       # the Revolution card
    int8_t type_first[NTYPES]   # lowest card id of each kind
    # Cards: where each is, and what each seat knows (core/knowledge.pxd).
    uint64_t cards[NPLACES][NW]
    uint64_t seen[GMAXP][NPLACES][NW]
    uint64_t barred[GMAXP][NPLACES][NW]
    Pile deck
    Pile disc
    int8_t plan[NCARDS]     # initial deployment: planned group + 1 (0: not planned)
    # Seats.
    int8_t loyalty[GMAXP]
    uint8_t known[GMAXP]    # seats that know each seat's loyalty marker
    int16_t score[GMAXP]
    int16_t fscore[2]
    int16_t won_by[GMAXP][NSRC]     # of score, the points won outside battles, by source (SRC_*)
    int8_t nplan[GMAXP]
    int8_t plan_faction[GMAXP][MAXPLAN]
    uint8_t planned         # seats that have committed their initial deployment
    # The table.
    Group grp[NGROUPS]
    int8_t grp_next         # the slot a new group tries first (take_group)
    # The round.
    int8_t node
    int8_t dealer
    int8_t cur              # seat to act (the active player, a loser choosing losses, ...)
    int8_t active           # whose turn it is
    int8_t actions
    int8_t letter           # the phase reached this turn: 0..5 = A..F
    int8_t misdeals
    int8_t deck_pass        # 1, or 2 after a 5-6 player reshuffle
    int8_t sudden           # sudden death under way
    int8_t sudden_marker
    int8_t weather          # the seat Bad Weather lies before, -1 none
    int8_t weather_new      # it came this turn (no roll yet, l.132)
    int8_t roll_for
    int8_t last_mover       # seat of the last turn (tie-break, l.115)
    int16_t turns
    int8_t drawn_red        # the red card being played
    int8_t banco            # the Banco's extra action is still unspent this turn (l.133)
    int8_t forced           # faction a new group must take (the Bridge's or the Banco's), -1
    int8_t ability          # the ability under way (AB_*)
    uint16_t used           # abilities used this turn (bit AB_*)
    int8_t discarded        # the player has discarded this turn (l.91): a bot then draws (knowledge)
    # A reaction window: its kind, the passes in a row, the dice an assassin rolls.
    int8_t w_kind
    int8_t w_passes
    int8_t w_dice
    int8_t w_low
    int8_t w_atrocities     # played in this battle's after-window (one of each, l.124): the
    int8_t w_press          # number each applies (multiplier or divisor), 0 while not played
    int8_t marker[GMAXP]    # ambush markers (l.78)
    int8_t b_marker         # the defender has rolled his marker in this battle
    int8_t b_points         # loss points scored in the battle, its victor and sufferer
    int8_t b_victor
    int8_t b_vfaction
    int8_t b_sufferer
    int8_t atrocity         # an Atrocity this round (l.124, l.129)
    int8_t un               # the seat the UN card protects, -1 none
    uint64_t b_dbl[NW]      # units doubled in the battle (at most twice their strength, l.120)
    int16_t b_amb[8]        # the Ambush cards' effects in order: a doubled card, or for a
                            #   single defender -1 - ((named before + 1) * 4 + mode before),
                            #   so an Informant can undo the last
    int8_t b_namb
    int8_t b_retreat        # an Informant has offered this battle's defender a retreat
    int8_t b_marker_pending # the ambush being placed is the marker's
    int8_t b_base           # an air strike's or a demolition's attack before the die (6)
    int8_t b_side           # the faction it strikes for
    # A trade (l.85-l.89): cards laid (1 face up, 2 face down; they stay in hand until the
    # exchange), the seat laying now, the partner, each side's limit, the cards received and
    # which of them were laid face down.
    int8_t offer[NCARDS]
    int8_t t_partner
    int8_t t_limit[2]
    uint64_t t_got[NW]
    uint64_t t_down[NW]
    int8_t swap_a, swap_b
    # A multi-card pick (deployment, reinforcement, discard; the initial plan).
    int8_t pick_kind
    int8_t pick_group
    int8_t npick
    int8_t pick[PICK_MAX]
    Frame step
    # The battle.
    int8_t b_att            # attacking group
    int8_t b_def            # defending group
    int8_t b_unit           # the single attacking unit of a leaderless group, or NO_CARD
    int8_t b_named          # the defending unit the attacker named, or NO_CARD
    int8_t b_mode
    int8_t b_roll[2]
    int16_t b_total[2]
    int8_t b_loser          # group taking losses
    int8_t b_due            # losses still to take
    int8_t b_taken          # losses taken so far
    int8_t winner
    int16_t final[GMAXP]    # round scores after halving (l.115)
    # The combat and turn rules added later (RULES.md readings 8, 10-12, 27, 34, 40).
    int8_t one_defender     # option leaderless_defenders=one (reading 8)
    int8_t b_nalso          # further units the attacker named to defend (reading 8)
    int8_t b_also[2]
    int8_t b_capture        # the loser's complex falls once its losses are placed (l.75)
    uint8_t s_mask          # a sortie's cards so far: bit k unit k, bit 3 the leader (l.59)
    int8_t s_last           # the highest card id picked for it (a canonical subset)
    int8_t b_un             # the battle's defender is the UN card (l.129), b_def -1
    uint64_t bk[2][NW]      # cards a Barracks retrieved, by the faction they must deploy on (l.134)
    int8_t rounds           # option rounds (l.117)
    int8_t round            # rounds played before this one
    int16_t total[GMAXP]    # each player's scores after halving, summed over the rounds (l.117)
    # The events' state (events.pyx, supply.pyx).
    int8_t nlinks           # supply cuts in play: the links are checked after each step
    int8_t ar_group         # the Armor Column in an attack series (l.121), or -1
    int8_t ar_target        # the Rebel group it attacks
    int8_t ar_hit           # its last attack eliminated a defending unit or leader
    int8_t placed           # the group the last deployment or reinforcement went to
    int8_t aa_stage         # Air Assault: 1 its cards being deployed, 2 its attack under way
    uint64_t aa_fresh[NW]   # its reinforcing units, not halved in that attack (l.119)
    int8_t rc_stage         # Recon Patrol: 2 while its counter-attack is fought
    int8_t rc_group         # the patrol's group, the inspected seat, the counter's group
    int8_t rc_seat
    int8_t rc_rebel
    int8_t aa_attack_cost   # option air_assault_cost=card_and_attack: its attack costs an action (reading 20)
    int8_t chance_arms      # option chance_arms_cache: the attacker's Arms Cache counts for l.55 (reading 7)
    # Air Assault's combined attack (l.119, l.121): the second attacking group (an Armor Column
    # is always this one) and, leaderless, its one unit.
    int8_t b_att2
    int8_t b_unit2
    int8_t joint_ambush_defender    # option joint_ambush=defender (reading 19)
    int8_t single_alone     # option ambush_single=alone (reading 17)
    int8_t armor_must       # option armor_repeat=must: the series goes on by itself (reading 19)
    int8_t re_ask           # a group of a player not in his turn may be rearranged (arranged 2)


cdef inline bint open_duel(Guerilla* d) noexcept nogil:
    """Two players play our reconstructed open duel (RULES.md, "Two players and solitaire")."""
    return d.n == 2


cdef inline uint8_t marker_seen_by(Guerilla* d, int seat) noexcept nogil:
    """The seats that know `seat`'s loyalty marker once dealt: his own (l.29), or both in the
    open duel, where loyalties are public."""
    return <uint8_t>((1 << d.n) - 1 if open_duel(d) else seat_bit(seat))


cdef inline int add_sorted(int* out, int n, int action) noexcept nogil:
    """Insert an action into the ascending list out[0:n]; returns n + 1."""
    cdef int j = n
    while j > 0 and out[j - 1] > action:
        out[j] = out[j - 1]
        j -= 1
    out[j] = action
    return n + 1


cdef inline Places pl(Guerilla* d) noexcept nogil:
    return places(&d.cards[0][0], &d.seen[0][0][0], &d.barred[0][0][0], NW, NPLACES, d.n)


cdef inline bint in_place(Guerilla* d, int place, int card) noexcept nogil:
    return ws_has(d.cards[place], NW, card)


cdef inline int hand_count(Guerilla* d, int seat) noexcept nogil:
    return ws_count(d.cards[P_HAND + seat], NW)


cdef inline int kind_of(Guerilla* d, int card) noexcept nogil:
    return d.info[card].kind


cdef inline bint unit_card(Guerilla* d, int card) noexcept nogil:
    """A unit: a unit card, or an Armor Column ("Elite Government unit", l.121)."""
    return d.info[card].kind == K_UNIT or d.info[card].event == EV_ARMOR


cdef inline bint is_armor(Guerilla* d, Group* g) noexcept nogil:
    """An Armor Column's group: it stands alone (l.121)."""
    return g.owner >= 0 and g.nunits == 1 and d.info[g.unit[0]].event == EV_ARMOR


cdef inline int printed(Guerilla* d, int card, int faction) noexcept nogil:
    """Losses and points count printed values (l.69): a unit's strength, a leader's 1."""
    return d.info[card].value[faction] if unit_card(d, card) else 1


cdef inline int leader_points(Guerilla* d, int card, int faction) noexcept nogil:
    """Command rating plus command modifier (l.111), never below 0 (RULES.md reading 24)."""
    cdef int v = d.info[card].value[faction] + d.info[card].mod
    return v if v > 0 else 0


cdef inline int rating(Guerilla* d, Group* g) noexcept nogil:
    return d.info[g.leader].value[g.faction] if g.leader >= 0 else 0


cdef inline int commanded(Guerilla* d, Group* g) noexcept nogil:
    """Units that function (l.22): up to the leader's rating; one for a leaderless group."""
    cdef int r = rating(d, g)
    if g.leader < 0:
        return 1 if g.nunits > 0 else 0
    return g.nunits if g.nunits < r else r


cdef inline bint cuts_of(Guerilla* d, int ti, int seat) noexcept nogil:
    """Group ti cuts the supply of a group of seat's (l.128)."""
    return d.grp[ti].owner >= 0 and d.grp[ti].cuts >= 0 and d.grp[d.grp[ti].cuts].owner == seat


cdef inline bint leads(Guerilla* d, Group* g, int unit) noexcept nogil:
    """Whether g's leader commands `unit`. A sideways unit does "not function as part of the
    group" (l.22), so an attack on it alone meets no leader (RULES.md reading 9)."""
    cdef int k
    if g.leader < 0:
        return False
    for k in range(commanded(d, g)):
        if g.unit[k] == unit:
            return True
    return False


cdef inline int led_mod(Guerilla* d, Group* g, int unit) noexcept nogil:
    """The leader's modifier that an attack on `unit` alone meets (l.121, l.131, l.141)."""
    return d.info[g.leader].mod if leads(d, g, unit) else 0


cdef inline int attacking_cards(Guerilla* d, int gi, int unit, int* out, int n) noexcept nogil:
    """Appends to out[n:] the cards group gi attacks with: its commanded units, or leaderless
    its one unit `unit` (l.57-l.58); returns the new length."""
    cdef Group* g = &d.grp[gi]
    cdef int k
    if g.leader < 0:
        out[n] = unit
        return n + 1
    for k in range(commanded(d, g)):
        out[n + k] = g.unit[k]
    return n + commanded(d, g)


cdef inline bint isolated(Group* g) noexcept nogil:
    """Its supply is cut (l.128); the modifier comes at the end of its owner's turn."""
    return g.cutter >= 0


cdef inline bint ability_on(Group* g) noexcept nogil:
    """A complex's ability works undamaged and supplied (l.122, l.128)."""
    return g.cplx >= 0 and g.damage == 0 and g.cutter < 0


cdef inline int find_group(Guerilla* d, int card) noexcept nogil:
    cdef int i, k
    cdef Group* g
    for i in range(NGROUPS):
        g = &d.grp[i]
        if g.owner < 0:
            continue
        if g.leader == card or g.cplx == card:
            return i
        for k in range(g.nunits):
            if g.unit[k] == card:
                return i
    return -1


cdef inline bint _same_standing(Guerilla* d, int a, int b) noexcept nogil:
    """Cards a and b are alike in this battle too: both or neither doubled (l.120), both or
    neither an Air Assault's fresh reinforcement, not halved (l.119)."""
    return (ws_has(d.b_dbl, NW, a) == ws_has(d.b_dbl, NW, b)
            and ws_has(d.aa_fresh, NW, a) == ws_has(d.aa_fresh, NW, b))


cdef inline int one_of_alike(Guerilla* d, int* out, int n) noexcept nogil:
    """Cards of one kind in one group differ in nothing the rules weigh, so a choice among
    them is one move: of each kind offered twice in a group, only the lowest card stays (the
    menu would list two identical lines). Cards in a hand are left apart: a Barracks may bind
    one copy to a faction (l.134)."""
    cdef int i, j, c, gi, kept = 0
    cdef bint alike
    for i in range(n):
        alike = False
        c = out[i] - A_CARD
        gi = find_group(d, c) if 0 <= c < NCARDS else -1
        if gi >= 0:
            for j in range(kept):
                if (A_CARD <= out[j] < A_FACTION and d.info[out[j] - A_CARD].type == d.info[c].type
                        and find_group(d, out[j] - A_CARD) == gi and _same_standing(d, out[j] - A_CARD, c)):
                    alike = True
                    break
        if not alike:
            out[kept] = out[i]
            kept += 1
    return kept


cdef inline int free_group(Guerilla* d) noexcept nogil:
    """The slot the next new group takes: the first free one from grp_next on, going round."""
    cdef int k, i
    for k in range(NGROUPS):
        i = (d.grp_next + k) % NGROUPS
        if d.grp[i].owner < 0:
            return i
    return -1


cdef inline void group_clear(Group* g) noexcept nogil:
    g.owner = -1
    g.faction = 0
    g.leader = NO_CARD
    g.cplx = NO_CARD
    g.unit[0] = NO_CARD
    g.unit[1] = NO_CARD
    g.unit[2] = NO_CARD
    g.nunits = 0
    g.damage = 0
    g.iso = 0
    g.attacked = 0
    g.arranged = 0
    g.cutter = -1
    g.cuts = -1
    g.sc_card = NO_CARD
    g.cut_faction = 0
    g.fresh = 0
    g.handled = 0


cdef inline int take_group(Guerilla* d) noexcept nogil:
    """A new group's slot, cleared. Slots are taken in turn round the table, not lowest first,
    so that a group's number ("g7") names one group for a long stretch of play, not a group
    freed a few moves before (there are more slots than groups can be on the table)."""
    cdef int i = free_group(d)
    if i >= 0:
        d.grp_next = <int8_t>((i + 1) % NGROUPS)
        group_clear(&d.grp[i])
    return i


cdef inline bint group_empty(Group* g) noexcept nogil:
    return g.leader < 0 and g.cplx < 0 and g.nunits == 0


cdef inline void group_add(Guerilla* d, Group* g, int card) noexcept nogil:
    """Callers check the group's limits (group_accepts)."""
    cdef int k = d.info[card].kind
    if k == K_LEADER:
        g.leader = <int8_t>card
    elif k == K_COMPLEX:
        g.cplx = <int8_t>card
    elif g.nunits < 3:
        g.unit[g.nunits] = <int8_t>card
        g.nunits += 1


cdef inline void group_remove(Group* g, int card) noexcept nogil:
    cdef int k, j
    if g.leader == card:
        g.leader = NO_CARD
        return
    if g.cplx == card:
        g.cplx = NO_CARD
        return
    for k in range(g.nunits):
        if g.unit[k] == card:
            for j in range(k, g.nunits - 1):
                g.unit[j] = g.unit[j + 1]
            g.nunits -= 1
            g.unit[g.nunits] = NO_CARD
            return


cdef inline bint group_accepts(Guerilla* d, int leaders, int units, int cplx, int card) noexcept nogil:
    """Whether a group of `leaders`, `units` and `cplx` complexes may take `card` (l.17): one
    leader and up to three units, or one complex with up to one unit and a leader."""
    cdef int k = d.info[card].kind
    if k == K_LEADER:
        return leaders == 0
    if k == K_UNIT:
        return units < (1 if cplx else 3)
    if k == K_COMPLEX:
        return cplx == 0 and units <= 1
    return False


cdef inline bint has_faction_deployed(Guerilla* d, int seat, int faction) noexcept nogil:
    cdef int i
    for i in range(NGROUPS):
        if d.grp[i].owner == seat and d.grp[i].faction == faction:
            return True
    return False


cdef inline int capacity(Guerilla* d, int seat) noexcept nogil:
    """Eight with both factions deployed, else seven (l.15); the Port adds one (l.137)."""
    cdef int i, cap = HAND_LEAST
    if has_faction_deployed(d, seat, F_GOV) and has_faction_deployed(d, seat, F_REB):
        cap = HAND_LEAST + 1
    for i in range(NGROUPS):
        if d.grp[i].owner == seat and ability_on(&d.grp[i]):
            cap += d.info[d.grp[i].cplx].capacity
    return cap


cdef inline bint immune(Guerilla* d, int seat) noexcept nogil:
    """Holds the undamaged, un-isolated Presidential Palace (l.138-l.140)."""
    cdef int i
    for i in range(NGROUPS):
        if d.grp[i].owner == seat and ability_on(&d.grp[i]) and d.info[d.grp[i].cplx].immunity:
            return True
    return False


cdef inline void score(Guerilla* d, int seat, int faction, int points) noexcept nogil:
    """Points go to the player and to the faction of the forces that scored (l.106)."""
    d.score[seat] += points
    if faction >= 0:                                   # -1: the player alone (reading 24)
        d.fscore[faction] += points


cdef inline bint card_free(Guerilla* d, int seat, int c) noexcept nogil:
    """Card c is in seat's hand and not yet committed: not planned, picked or laid in a trade."""
    cdef int k
    if not in_place(d, P_HAND + seat, c) or d.plan[c] or d.offer[c]:
        return False
    for k in range(d.npick):
        if d.pick[k] == c:
            return False
    return True


cdef inline int laid_by(Guerilla* d, int seat) noexcept nogil:
    """The cards seat has laid in the trade under way (l.87)."""
    cdef int hand[NCARDS]
    cdef int k, n = 0
    for k in range(ws_to_list(d.cards[P_HAND + seat], NW, hand)):
        n += d.offer[hand[k]] != 0
    return n


cdef inline int barracks_faction(Guerilla* d, int c) noexcept nogil:
    """The faction a card the Barracks retrieved must deploy on (l.134), or -1."""
    if ws_has(d.bk[F_GOV], NW, c):
        return F_GOV
    return F_REB if ws_has(d.bk[F_REB], NW, c) else -1


cdef inline void hold_ends(Guerilla* d, int c) noexcept nogil:
    """Card c is deployed: the Barracks' hold on it ends (l.134)."""
    ws_remove(d.bk[F_GOV], NW, c)
    ws_remove(d.bk[F_REB], NW, c)


cdef inline int hand_of_type(Guerilla* d, int seat, int t) noexcept nogil:
    """The lowest free card of kind t in seat's hand (card_free), or NO_CARD: identical copies
    are one choice, so they do not split the search. A copy the Barracks holds comes after the
    loose ones (reading 34): the kind is then offered wherever a loose copy may go (either
    faction, a discard, a trade) and the held copy only where nothing else is left."""
    cdef int c, held = NO_CARD
    for c in range(d.type_first[t], NCARDS):
        if d.info[c].type != t:
            break
        if card_free(d, seat, c):
            if barracks_faction(d, c) < 0:
                return c
            if held < 0:
                held = c
    return held


cdef inline bint group_takes(Guerilla* d, int c, int leaders, int units, int cplx,
                             bint complex_to_come, bint unit_to_come) noexcept nogil:
    """A unit, leader (or complex, when allowed) c may join a group being built of `leaders`,
    `units` and `cplx` (l.17); a leader needs a unit already there or still to come, or a
    complex to come (l.18), so he may be picked first."""
    cdef int kind = d.info[c].kind
    if kind != K_UNIT and kind != K_LEADER and not (kind == K_COMPLEX and complex_to_come):
        return False
    if not group_accepts(d, leaders, units, cplx, c):
        return False
    return not (kind == K_LEADER and units == 0 and not cplx and not complex_to_come
                and not unit_to_come)


cdef inline void discard_card(GameState st, Guerilla* d, int card, int src, int vis, int owner) noexcept nogil:
    """Put a card on the discard pile from place src (face up: PUBLIC; face down: OWNER)."""
    cdef Places p = pl(d)
    move_card(st, &p, card, src, P_DISC, vis, owner, -1,
              token(T_DISCARD, owner, card), token(T_DISCARD, owner, -1))
    pile_put_top(&d.disc, card)
    ws_remove(d.bk[F_GOV], NW, card)                   # a Barracks' hold ends with the card
    ws_remove(d.bk[F_REB], NW, card)


cdef inline void move(GameState st, Guerilla* d, int card, int src, int dst, int vis, int owner,
                      int kind) noexcept nogil:
    """Move a card between places; the seats that see learn it (token kind, owner, card),
    the others that a card moved (token kind, owner, -1); PUBLIC moves show it to all."""
    cdef Places p = pl(d)
    move_card(st, &p, card, src, dst, vis, owner, -1, token(kind, owner, card),
              token(kind, owner, -1))


cdef inline void deck_rebuild(Guerilla* d, int pin) noexcept nogil:
    """The deck pile from the deck place, shuffled; with `pin` (the Revolution) somewhere in
    the bottom half: of the n other cards the top half holds n // 2 (l.39; reading 4)."""
    cdef int c, m
    cdef int sizes[2]
    cdef int pins[2]
    pile_clear(&d.deck)
    for c in range(NCARDS):
        if in_place(d, P_DECK, c):
            pile_put_top(&d.deck, c)
    if pin < 0:
        pile_shuffle(&d.deck)
        return
    m = d.deck.n - 1
    sizes[0] = m - m // 2 + 1
    sizes[1] = m // 2
    pins[0] = pin
    pins[1] = -1
    pile_shuffle_split(&d.deck, sizes, pins, 2)


cdef inline void may_rearrange(Guerilla* d, int gi) noexcept nogil:
    """An occasion to rearrange group gi (l.23-l.25: a battle, deployment or withdrawal involving
    it, a change of faction): in his turn its owner may from the menu, in another's he is asked
    when that player's menu comes back (RULES.md reading 10a)."""
    cdef Group* g
    if gi < 0:
        return
    g = &d.grp[gi]
    if g.owner < 0:
        return
    if g.owner == d.active:
        g.arranged = 0
    else:
        g.arranged = 2
        d.re_ask = 1


cdef inline void turn_faction(Guerilla* d, int gi) noexcept nogil:
    """A group changes faction: every card turns, a complex's control with it (l.139)."""
    d.grp[gi].faction = <int8_t>(1 - d.grp[gi].faction)
    may_rearrange(d, gi)


cdef inline int eliminate_one(GameState st, Guerilla* d, int gi, int card, int victor,
                              int vfaction) noexcept nogil:
    """A card of group gi is eliminated, face up onto the discard pile (l.72); a unit scores
    its printed strength, a leader rating plus modifier (l.110-l.111), for the victor and
    his faction (victor -1: no points, l.138, l.140). Returns the points scored."""
    cdef Group* g = &d.grp[gi]
    cdef int f = g.faction
    cdef int points = 0
    if d.info[card].kind == K_LEADER:
        points = leader_points(d, card, f)
    elif unit_card(d, card):
        points = d.info[card].value[f]
    if victor >= 0:
        score(d, victor, vfaction, points)
    group_remove(g, card)
    discard_card(st, d, card, P_TABLE, PUBLIC, g.owner)
    st.observe_all(token(T_DEAD, victor, card))
    return points if victor >= 0 else 0


cdef inline void eliminate(GameState st, Guerilla* d, int gi, int card, int victor,
                           int vfaction) noexcept nogil:
    """eliminate_one, then a leader left alone follows (l.70)."""
    cdef Group* g = &d.grp[gi]
    while card >= 0:
        eliminate_one(st, d, gi, card, victor, vfaction)
        card = g.leader if g.leader >= 0 and g.nunits == 0 and g.cplx < 0 else NO_CARD
    if group_empty(g):
        group_clear(g)


cdef inline void eliminate_for(GameState st, Guerilla* d, int gi, int card, int victor, int vfaction,
                               int source) noexcept nogil:
    """eliminate, the victor's points from it counted by their source (won_by)."""
    cdef int before = d.score[victor] if victor >= 0 else 0
    eliminate(st, d, gi, card, victor, vfaction)
    if victor >= 0:
        d.won_by[victor][source] += d.score[victor] - before


cdef inline int complex_group(Guerilla* d, int seat, int cx) noexcept nogil:
    """The group of seat's working complex of kind cx (undamaged, supplied), or -1."""
    cdef int i
    for i in range(NGROUPS):
        if d.grp[i].owner == seat and ability_on(&d.grp[i]) and d.info[d.grp[i].cplx].complex == cx:
            return i
    return -1


cdef inline int banco_faction(Guerilla* d) noexcept nogil:
    """The faction the Banco's extra action serves, or -1 when it is spent or gone (l.133)."""
    cdef int gi
    if not d.banco:
        return -1
    gi = complex_group(d, d.active, CX_BANCO)
    return d.grp[gi].faction if gi >= 0 else -1


cdef inline bint can_pay(Guerilla* d, int faction) noexcept nogil:
    """An action is left for a use by `faction` (-1: a use of either, l.133)."""
    cdef int b
    if d.actions > 0:
        return True
    b = banco_faction(d)
    return b >= 0 and (faction < 0 or faction == b)


cdef inline void pay(Guerilla* d, int use) noexcept nogil:
    """One action for `use` (a faction, USE_EITHER or USE_GENERAL; can_pay checked it): the
    Banco's where it may pay, so the general actions stay for any use (l.133); else a general
    one."""
    cdef int b = banco_faction(d)
    if b >= 0 and (use == USE_EITHER or use == b):
        d.banco = 0
    else:
        d.actions -= 1


cdef inline void pay_open(Guerilla* d) noexcept nogil:
    """One action for a use whose faction is chosen after it is paid (a new group's, a Supply
    Cut's cutter, a repaired complex's): a general one while any is left, which `settle` moves
    onto the Banco's once the faction is known; else the Banco's, and d.forced holds the choice
    to the Banco's faction (l.133)."""
    if d.actions > 0:
        d.forced = -1
        d.actions -= 1
    else:
        d.forced = <int8_t>banco_faction(d)
        d.banco = 0


cdef inline void settle(Guerilla* d, int faction) noexcept nogil:
    """pay_open's use turns out to be `faction`'s: the general action it took (d.forced < 0)
    comes back when the Banco's may pay instead (l.133)."""
    if d.forced < 0 and faction >= 0 and banco_faction(d) == faction:
        d.actions += 1
        d.banco = 0


cdef inline int doubled(Guerilla* d, int card, int faction) noexcept nogil:
    """A unit's strength in the battle: doubled once by an Ambush (l.120)."""
    return d.info[card].value[faction] * (2 if ws_has(d.b_dbl, NW, card) else 1)


cdef inline int event_in_hand(Guerilla* d, int seat, int ev) noexcept nogil:
    """The lowest card of event ev in seat's hand, or NO_CARD."""
    cdef int hand[NCARDS]
    cdef int k
    for k in range(ws_to_list(d.cards[P_HAND + seat], NW, hand)):
        if d.info[hand[k]].event == ev:
            return hand[k]
    return NO_CARD


cdef inline bint arms_again(Guerilla* d, Group* g) noexcept nogil:
    """Arms Cache "1) Attack with the same group a second time" (l.122): a Rebel group whose
    owner holds one."""
    return g.faction == F_REB and event_in_hand(d, g.owner, EV_ARMS) >= 0


cdef inline void count_attack(GameState st, Guerilla* d, Group* g) noexcept nogil:
    """Group g makes its attack of the turn (l.52); a second one plays its owner's Arms Cache
    face up (l.122)."""
    if g.attacked:
        discard_card(st, d, event_in_hand(d, g.owner, EV_ARMS), P_HAND + g.owner, PUBLIC, g.owner)
    g.attacked = 1


cdef inline void battle_clear(Guerilla* d) noexcept nogil:
    """The battle's fields back to rest, and the active player's menu; both groups may be
    rearranged (l.24)."""
    if d.b_att >= 0 and (d.b_def >= 0 or d.b_un):
        may_rearrange(d, d.b_att)
        may_rearrange(d, d.b_def)
    d.b_att = -1
    d.b_att2 = -1
    d.b_def = -1
    d.b_loser = -1
    d.b_unit = NO_CARD
    d.b_unit2 = NO_CARD
    d.b_named = NO_CARD
    d.b_nalso = 0
    d.b_capture = 0
    d.b_un = 0
    d.b_mode = 0
    d.b_due = 0
    d.b_taken = 0
    d.b_points = 0
    d.b_victor = -1
    d.b_vfaction = 0
    d.b_sufferer = -1
    d.b_marker = 0
    d.b_dbl[0] = 0
    d.b_dbl[1] = 0
    d.b_namb = 0
    d.b_retreat = 0
    d.b_marker_pending = 0
    d.npick = 0
    d.cur = d.active
    d.node = N_TURN


cdef inline bint hand_has_unit(Guerilla* d, int seat) noexcept nogil:
    cdef int cards[NCARDS]
    cdef int k
    for k in range(ws_to_list(d.cards[P_HAND + seat], NW, cards)):
        if d.info[cards[k]].kind == K_UNIT:
            return True
    return False


cdef inline bint hand_fits(Guerilla* d, int seat, Group* g) noexcept nogil:
    """A free unit or leader of seat's hand may join group g (l.17), a card the Barracks holds
    only on its faction (l.134)."""
    cdef int t, c, bf
    for t in range(NTYPES):
        c = hand_of_type(d, seat, t)
        if c < 0 or (d.info[c].kind != K_UNIT and d.info[c].kind != K_LEADER):
            continue
        bf = barracks_faction(d, c)
        if (bf < 0 or bf == g.faction) and group_accepts(d, g.leader >= 0, g.nunits, g.cplx >= 0, c):
            return True
    return False


# ------------------------------------------------------------------ a group's cards by position
cdef inline int group_card(Group* g, int k) noexcept nogil:
    """The card at position k of a group: units 0-2, the leader 3; NO_CARD if none (a sortie's
    or a partial withdrawal's cards are a mask of positions)."""
    if k == 3:
        return g.leader
    return g.unit[k] if k < g.nunits else NO_CARD


cdef inline int group_mask(Group* g) noexcept nogil:
    """The positions holding a unit or a leader."""
    return ((1 << g.nunits) - 1) | (8 if g.leader >= 0 else 0)


# Whether a set of positions of group gi is a whole choice (a sortie's part, a withdrawn part).
ctypedef bint (*MaskOk)(Guerilla* d, int gi, int mask) noexcept nogil


cdef inline bint mask_completable(Guerilla* d, int gi, int mask, int last, MaskOk ok) noexcept nogil:
    """Some choice `ok` accepts holds the cards of mask and only cards above `last` besides
    (cards are picked in ascending order: a canonical subset)."""
    cdef Group* g = &d.grp[gi]
    cdef int t, k, c
    cdef bint fits
    for t in range(1, 16):
        if (t & mask) != mask:
            continue
        fits = True
        for k in range(4):
            c = group_card(g, k)
            if (t >> k) & 1 and not (mask >> k) & 1 and (c < 0 or c <= last):
                fits = False
        if fits and ok(d, gi, t):
            return True
    return False


cdef inline int legal_mask_picks(Guerilla* d, int gi, int* out, MaskOk ok) noexcept nogil:
    """"done" once the cards picked (d.s_mask) are a whole choice, and each card that can
    still lead to one."""
    cdef Group* g = &d.grp[gi]
    cdef int k, c, n = 0
    if d.s_mask and ok(d, gi, d.s_mask):
        out[n] = A_DONE
        n += 1
    for k in range(4):
        c = group_card(g, k)
        if c > d.s_last and mask_completable(d, gi, d.s_mask | (1 << k), c, ok):
            n = add_sorted(out, n, A_CARD + c)
    return n


cdef inline void mask_pick(Guerilla* d, int gi, int card) noexcept nogil:
    cdef int k
    for k in range(4):
        if group_card(&d.grp[gi], k) == card:
            d.s_mask |= <uint8_t>(1 << k)
    d.s_last = <int8_t>card


cdef inline int mask_cards(Group* g, int mask, int* cards) noexcept nogil:
    """The cards at the positions of mask (before any leaves the group)."""
    cdef int k, c, m = 0
    for k in range(4):
        c = group_card(g, k)
        if (mask >> k) & 1 and c >= 0:
            cards[m] = c
            m += 1
    return m


cdef inline bint hand_unit_for(Guerilla* d, int seat, int f) noexcept nogil:
    """A free unit in seat's hand that may start a group of faction f (-1: any): a card the
    Barracks retrieved only on its own (l.134)."""
    cdef int cards[NCARDS]
    cdef int k, c, bf
    for k in range(ws_to_list(d.cards[P_HAND + seat], NW, cards)):
        c = cards[k]
        if d.info[c].kind == K_UNIT and card_free(d, seat, c):
            bf = barracks_faction(d, c)
            if f < 0 or bf < 0 or bf == f:
                return True
    return False


cdef inline void reset_round(Guerilla* d) noexcept nogil:
    """A round's table from scratch (l.117: "hand in all cards and loyalty markers ... Faction
    scores start at zero again. Begin again with the preparations for play"): every card in the
    deck but the Revolution and the Traitors, set aside in everyone's sight (l.31); no group, no
    marker, no score. The game's fixed fields, the summed scores and the last dealer stay."""
    cdef Guerilla keep = d[0]
    cdef int c, q
    memset(d, 0, sizeof(Guerilla))
    d.info = keep.info
    d.n = keep.n
    d.two_mercs = keep.two_mercs
    d.turn_limit = keep.turn_limit
    d.ambush_max = keep.ambush_max
    d.policia_cost = keep.policia_cost
    d.side_strength = keep.side_strength
    d.draw_red = keep.draw_red
    d.inf_marker = keep.inf_marker
    d.atro_halve = keep.atro_halve
    d.assassin_player = keep.assassin_player
    d.rev_removed = keep.rev_removed
    d.nmarkers = keep.nmarkers
    d.revolution = keep.revolution
    d.type_first = keep.type_first
    d.one_defender = keep.one_defender
    d.rounds = keep.rounds
    d.aa_attack_cost = keep.aa_attack_cost
    d.chance_arms = keep.chance_arms
    d.joint_ambush_defender = keep.joint_ambush_defender
    d.single_alone = keep.single_alone
    d.armor_must = keep.armor_must
    d.round = keep.round
    d.total = keep.total
    d.dealer = keep.dealer
    for q in range(GMAXP):
        d.loyalty[q] = NO_LOYALTY
    for c in range(NGROUPS):
        group_clear(&d.grp[c])
    for c in range(NCARDS):
        if d.info[c].red == RED_REVOLUTION or d.info[c].red == RED_TRAITORS:
            ws_add(d.cards[P_ASIDE], NW, c)
            for q in range(d.n):
                ws_add(d.seen[q][P_ASIDE], NW, c)
        else:
            ws_add(d.cards[P_DECK], NW, c)
    for c in range(PICK_MAX):
        d.pick[c] = NO_CARD
    deck_rebuild(d, -1)
    d.weather = -1
    d.forced = -1
    d.un = -1
    d.b_victor = -1
    d.b_sufferer = -1
    d.t_partner = -1
    d.drawn_red = NO_CARD
    d.deck_pass = 1
    d.winner = -1
    d.b_att = -1
    d.b_att2 = -1
    d.b_def = -1
    d.b_loser = -1
    d.b_unit = NO_CARD
    d.b_unit2 = NO_CARD
    d.b_named = NO_CARD
    d.s_last = -1
    d.ar_group = -1
    d.rc_group = -1
    d.rc_seat = -1
    d.rc_rebel = -1
    d.node = N_DEALER


cdef inline int loose_count(Guerilla* d, int seat) noexcept nogil:
    """The free cards of seat's hand (card_free) that are really in hand: not those the Barracks
    retrieved, which lie on the table until deployed (l.134), so they are neither discarded nor
    traded. Such a card is what hand_of_type gives for its kind."""
    cdef int hand[NCARDS]
    cdef int k, n = 0
    for k in range(ws_to_list(d.cards[P_HAND + seat], NW, hand)):
        n += card_free(d, seat, hand[k]) and barracks_faction(d, hand[k]) < 0
    return n


cdef inline bint has_loose_card(Guerilla* d, int seat) noexcept nogil:
    return loose_count(d, seat) > 0
