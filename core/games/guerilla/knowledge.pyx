# cython: language_level=3
"""What a player at the table knows that helps a bot (the state contract's bot hooks,
docs/architecture.md "Bot hooks"), from the rulebook's own logic.

- Dominated moves, never played by a bot (they stay legal for a person): a choice of losses
  every completion of which gives away more points than another set of losses offered at the
  same step (l.68-l.71: a leader "can be eliminated to fulfil one point"; l.70: "Any leader
  left alone after losses are taken is eliminated"; l.110-l.111: the victor scores the
  eliminated cards); refusing the retreat one's own Informant has just offered
  (l.126: "the owner of that group may choose whether to accept it").
- Actions that buy nothing, never spent by a bot: a discard no draw follows (l.91, l.95), a
  second trade offer in a turn (l.86), an ambush marker point with no group it could defend
  (l.79, l.120, l.129), a reinforcement of a group deployed the same turn (l.82), an attack
  with an Armor Column deployed the same turn, whose deployment offered it (l.121).
- Units added to a seat's own leaderless group with no leader to command them (l.57-l.58,
  l.110), or to a group of his beyond his leader's command rating, where they lie sideways
  (l.22): more points for its attacker, no more strength.
- Withdrawals (l.47) that leave a complex the seat needs to hold without its garrison unit
  (l.75: any loss then captures it), or that take the hand over its capacity (l.15: the excess
  is lost at random at the turn's end).
- Ending the turn with a hand at most half full while the draw (l.95, which ends it too) is
  offered and the deck is far from its end.
- Rearranging (free, l.22-l.26) a seat's own group of his faction: a unit brought into command
  only when stronger than the weakest commanded one, which is the one that goes sideways.
- Priors, read from the mover's own loyalty marker only (l.29: "Each player should look at
  theirs"; in a search's world it is the marker that world dealt the seat): a new group takes
  the faction of its owner's loyalty, reinforcements go to his own groups of that faction and
  not to the other faction's (l.83: cards "immediately belong to the owner of the group they
  join"; l.106: points go "to the faction of the forces that scored"; l.114-l.115: loyalists of
  the losing faction halve their score); out of turn, an Informant offers a Rebel group a
  retreat for a Rebel loyalist (l.126) and Atrocities/Press double the victor's points for his
  faction's loyalists, halve them for the others' (l.124).
- A loyalist never reinforces another player's group of the faction he needs to lose (l.83: the
  cards become that player's, his points, l.106, and that faction's, l.114-l.115), unless with a
  leader whose command makes the group weaker (l.57-l.58: a leaderless group attacks with one
  unit; a leader combines his rating's worth and adds his modifier, "a positive or negative
  figure", l.8): then that leader is all he gives.
- Trades (l.86-l.88) follow the cards' use to each faction: units by their two strengths (l.7),
  leaders by their two ratings (l.8), and the events only one faction may use (Air Assault,
  Armor Column and Recon Patrol the Government's, Arms Cache the Rebels', l.119-l.122, l.127).
  A loyalist lays the cards that serve the other faction better and keeps his own faction's,
  accepts a counter-offer by its face-up cards, and sends back the other faction's cards when
  he receives too many; but he hands none of the other faction's cards to a seat whose table
  is of that faction (the markers are secret, l.29; the groups a player deploys are not).
  No trade hands over more cards than it brings, but to shed a hand over its capacity.
- Out of turn, a third party's Informant cancels the Ambush that hurts his faction (l.126), and
  his Bodyguard shields a leader of his faction (l.125).
- Attacked, a player rolls his ambush marker: the roll is free and the marker drops only when
  it acts as an Ambush card in his defence (l.79).
- Traitors (l.140) and an Assassin (l.123) go on another player's group of the faction a
  loyalist needs to lose, not on his own faction's; Traitors forced onto it (l.95) go where
  they are expected to harm it least.
- Attacks go by their chance of winning: "The player with the lowest total must eliminate units
  of his choice with a combined strength at least equal to the difference in the totals"
  (l.68), and the victor scores what is eliminated (l.110-l.111), so an attack whose dice
  rarely beat the defence gives the enemy points. A group attacks, and picks its target and
  the part of it to attack (l.60-l.63), in proportion to that chance: an even battle is
  neutral, a long shot shunned. Against a leaderless group the attacker names the defenders
  (l.58) by the same chance: the strongest named defends alone (reading 8), so each unit no
  stronger than those named is named too (only named units take losses, l.64), and a stronger
  one only as the odds allow.
"""
from partisan.core.decision cimport without
from partisan.core.bitset cimport ws_to_list, popcount64
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.battle cimport (loss_candidates, loss_allowed, loss_picked,
                                                  best_odds, relief_odds, un_chance,
                                                  target_odds, mode_odds, legal_target,
                                                  un_only, un_target_odds, sortie_hopes,
                                                  named_strength, defender_strength, naming_odds)
from partisan.core.games.guerilla.hand cimport free_types

cdef enum:
    NO_SET = 1 << 20        # more points than any set of losses gives away

# Prior weights before normalising: a move the seat's loyalty favours, a neutral one, one it
# shuns (the search's bias fades with visits, so these only order and lean the first tries).
cdef double FAVOURED = 4.0
cdef double NEUTRAL = 1.0
cdef double SHUNNED = 0.1
# An attack on the UN card scores no one anything (l.129) but the losses it costs: a bot makes
# none whose chance of winning is below this (a lone 3 against its 10 wins 3 times in 100).
cdef double LONG_SHOT = 0.1
# An attack below this chance of winning loses about twice as often as it wins (a tie has no
# effect, l.68), each loss points for the defender (l.110): a bot declares none, but to end a
# Supply Cut of its own (in play a 4 thrown at a garrison's 6, at 28 in 100, gave 5 points).
cdef double FAIR_ODDS = 1.0 / 3.0
# An attack on a group cutting the supply of one of the seat's groups (l.128), with at least
# this chance of winning, is FAVOURED: left alone, the isolated group surrenders to the cutter.
cdef double RELIEF_ODDS = 0.4
# Atrocities or Press that moves fewer points than this is not leaned to: in play a bot spent
# Press to take one point off a battle, the card gone for a bigger one (l.124: "Discard after use").
cdef int CARD_WORTH = 2
# A deck with this many cards is far from its end: a bot with a hand at most half full draws
# rather than end its turn (about two rounds of 4 players' draws).
cdef int DRAW_ROOM = 15
# _reach where there are no units under the leader to judge: any bar passes.
cdef int FREE_GAIN = 1 << 10


# ------------------------------------------------------------------ losses
cdef inline int _card_points(Guerilla* d, int c, int faction) noexcept nogil:
    """What eliminating card c scores: a unit its printed strength, a leader rating plus
    modifier (l.110-l.111)."""
    if d.info[c].kind == K_LEADER:
        return leader_points(d, c, faction)
    return d.info[c].value[faction]


cdef inline bint _taken(int c, const int* cards, int m, int mask) noexcept nogil:
    """Card c is among the candidates in mask."""
    cdef int k
    for k in range(m):
        if (mask >> k) & 1 and cards[k] == c:
            return True
    return False


cdef int _lone_leader(Guerilla* d, int gi, const int* cards, int m, int mask,
                      int faction) noexcept nogil:
    """A leader all of whose units are lost goes with them (l.70), as battle.pyx takes him:
    his points, or 0."""
    cdef Group* g = &d.grp[gi]
    cdef int k
    if g.leader < 0 or g.cplx >= 0 or _taken(g.leader, cards, m, mask):
        return 0
    for k in range(g.nunits):
        if not _taken(g.unit[k], cards, m, mask):
            return 0
    return _card_points(d, g.leader, faction)


cdef int _set_points(Guerilla* d, const int* cards, int m, int mask) noexcept nogil:
    """The points a set of losses gives away (l.110-l.111), a leader it leaves alone included."""
    cdef int k, f = d.grp[d.b_loser].faction
    cdef int points = _lone_leader(d, d.b_loser, cards, m, mask, f)
    for k in range(m):
        if (mask >> k) & 1:
            points += _card_points(d, cards[k], f)
    if d.b_loser == d.b_att and d.b_att2 >= 0:
        points += _lone_leader(d, d.b_att2, cards, m, mask, f)
    return points


cdef int _cheapest(Guerilla* d, int* cards, int* m_out, int* cheapest) noexcept nogil:
    """cheapest[k]: the fewest points a legal set of losses holding the picks so far and
    candidate k gives away (NO_SET if none holds them), over the sets legal_loss can still end
    with; returns the fewest of all. cards gets the m_out candidates."""
    cdef int k, mask, points, best = NO_SET
    cdef int m = loss_candidates(d, cards)
    cdef int picked = loss_picked(d, cards, m)
    m_out[0] = m
    for k in range(8):
        cheapest[k] = NO_SET
    for mask in range(1 << m):
        if (mask & picked) != picked or not loss_allowed(d, cards, m, mask):
            continue
        points = _set_points(d, cards, m, mask)
        best = points if points < best else best
        for k in range(m):
            if (mask >> k) & 1 and points < cheapest[k]:
                cheapest[k] = points
    return best


cdef inline int _candidate(const int* cards, int m, int action) noexcept nogil:
    cdef int k
    for k in range(m):
        if A_CARD + cards[k] == action:
            return k
    return -1


cdef int _keep_losses(Guerilla* d, int* actions, int n) noexcept nogil:
    """The picks some cheapest set holds: each keeps that set within reach, so a bot ends with
    one of them."""
    cdef int cards[8]
    cdef int cheapest[8]
    cdef int i, k, m, best, kept = 0
    if d.b_taken >= d.b_due:
        return n
    best = _cheapest(d, cards, &m, cheapest)
    for i in range(n):
        k = _candidate(cards, m, actions[i])
        if k < 0 or cheapest[k] == best:
            actions[kept] = actions[i]
            kept += 1
    return kept


cdef void _loss_priors(Guerilla* d, const int* actions, int n, double* out) noexcept nogil:
    """Each pick by the fewest points its completions can give away (l.110-l.111)."""
    cdef int cards[8]
    cdef int cheapest[8]
    cdef int i, k, m
    cdef int best = _cheapest(d, cards, &m, cheapest)
    for i in range(n):
        k = _candidate(cards, m, actions[i])
        out[i] = NEUTRAL / (1 + cheapest[k] - best) if k >= 0 and cheapest[k] < NO_SET else NEUTRAL


# ------------------------------------------------------------------ loyalty
cdef inline double _faction_weight(int loyalty, int faction) noexcept nogil:
    """A move that serves `faction`, for a seat of `loyalty` (a Mercenary serves neither)."""
    if loyalty != F_GOV and loyalty != F_REB:
        return NEUTRAL
    return FAVOURED if faction == loyalty else SHUNNED


cdef inline bint _loyalist(int loyalty) noexcept nogil:
    return loyalty == F_GOV or loyalty == F_REB


cdef double _reinforce_weight(Guerilla* d, int gi, int seat, int loyalty) noexcept nogil:
    """Reinforcing group gi: the cards become its owner's (l.83) and fight for its faction.
    Another player's group of the seat's own faction is shunned too: the cards, and the points
    they win (l.106), go to a rival; leaning to it only half as little as to the other faction
    made `hard` give a third of its reinforcements away in 6-player games (2026-12-05)."""
    cdef Group* g = &d.grp[gi]
    if not _loyalist(loyalty):
        return FAVOURED if g.owner == seat else SHUNNED
    return FAVOURED if g.owner == seat and g.faction == loyalty else SHUNNED


cdef double _harm_weight(Guerilla* d, int gi, int seat, int loyalty) noexcept nogil:
    """A card that can only hurt group gi: Traitors (l.140: a roll above 5 turns the whole
    group to the other faction, else its leader is shot, no points) or an Assassin (l.123: the
    leader is killed on a roll above 5, and the kill scores for the faction opposed to his).
    On a group of the faction a loyalist needs to lose it serves him; on one of his own
    faction it hurts that faction; on his own group it is his own loss."""
    cdef Group* g = &d.grp[gi]
    if _loyalist(loyalty) and g.faction != loyalty:
        return FAVOURED if g.owner != seat else NEUTRAL
    if _loyalist(loyalty) or g.owner == seat:
        return SHUNNED
    return NEUTRAL


cdef int _keep_harm_away(Guerilla* d, int* actions, int n, int loyalty) noexcept nogil:
    """A loyalist's Traitors (l.140) and Assassin (l.123) targets less the groups and leaders of
    his own faction, while another is offered: either outcome there hurts that faction (in play
    a loyal Rebel's Assassin killed the Rebels' best leader, 5 points to the Government); with
    none offered, Traitors go where they harm least (_least_harm)."""
    cdef int i, gi, m = 0
    if not _loyalist(loyalty):
        return n
    for i in range(n):
        gi = -1
        if d.node == N_TRAITOR and A_GROUP <= actions[i] < A_GROUP + NGROUPS:
            gi = actions[i] - A_GROUP
        elif d.node == N_ABILITY and actions[i] >= A_CARD:
            gi = find_group(d, actions[i] - A_CARD)
        if gi >= 0 and d.grp[gi].faction == loyalty:
            continue
        actions[m] = actions[i]
        m += 1
    if m == 0 and d.node == N_TRAITOR:
        return _least_harm(d, actions, n)
    return m if m > 0 else n


cdef int _traitors_harm(Guerilla* d, int gi) noexcept nogil:
    """What Traitors on group gi is expected to cost its faction, in tenths (l.140): a d10 plus
    the leader's modifier above 5 turns the leader "and his entire group" (its units' strength,
    his rating and modifier, its complex's VP), else he is shot (his rating and modifier); on a
    complex with no leader the roll is unmodified and a failure does nothing."""
    cdef Group* g = &d.grp[gi]
    cdef int k, worth = 0, led = 0
    cdef int turns = D10 // 2 + (d.info[g.leader].mod if g.leader >= 0 else 0)
    turns = 0 if turns < 0 else (D10 if turns > D10 else turns)
    for k in range(g.nunits):
        worth += printed(d, g.unit[k], g.faction)
    if g.leader >= 0:
        led = rating(d, g) + d.info[g.leader].mod
    if g.cplx != NO_CARD:
        worth += d.info[g.cplx].vp
    return turns * (worth + led) + (D10 - turns) * led


cdef int _least_harm(Guerilla* d, int* actions, int n) noexcept nogil:
    """Drawn Traitors "must be played immediately" (l.95) and every target is of the
    loyalist's own faction: the targets of the least expected harm (_traitors_harm). In play a
    Government bot had its own leaderless Banco, a rival's group and its own best group (a +2
    general over 10 strength) to choose from, and turned the best group Rebel."""
    cdef int i, h, low = 1 << 20, m = 0
    for i in range(n):
        if A_GROUP <= actions[i] < A_GROUP + NGROUPS:
            h = _traitors_harm(d, actions[i] - A_GROUP)
            low = h if h < low else low
    for i in range(n):
        if not (A_GROUP <= actions[i] < A_GROUP + NGROUPS) or _traitors_harm(d, actions[i] - A_GROUP) == low:
            actions[m] = actions[i]
            m += 1
    return m


cdef bint _assassin_aim(Guerilla* d, int seat, int loyalty) noexcept nogil:
    """Another player's leader of the faction opposed to a loyalist's is deployed: his Assassin
    has a target that serves him (l.123)."""
    cdef int gi
    for gi in range(NGROUPS):
        if (d.grp[gi].owner >= 0 and d.grp[gi].owner != seat and d.grp[gi].leader >= 0
                and d.grp[gi].faction != loyalty):
            return True
    return False


cdef inline bint _gift(Guerilla* d, int gi, int seat, int loyalty) noexcept nogil:
    """Group gi is another player's and fights for the faction a loyalist needs to lose."""
    return _loyalist(loyalty) and d.grp[gi].owner != seat and d.grp[gi].faction != loyalty


cdef bint _weakens(Guerilla* d, int gi, int leader) noexcept nogil:
    """`leader` taking command of leaderless group gi lowers what it attacks with: one unit
    without him (l.58), his rating's worth of units plus his modifier with him (l.57, l.67)."""
    cdef Group* g = &d.grp[gi]
    cdef int k, j, v, f = g.faction
    cdef int best[3]
    cdef int r = d.info[leader].value[f]
    cdef int with_him = d.info[leader].mod
    if g.leader >= 0:
        return False
    for k in range(g.nunits):                  # the units, strongest first
        v = printed(d, g.unit[k], f)
        j = k
        while j > 0 and best[j - 1] < v:
            best[j] = best[j - 1]
            j -= 1
        best[j] = v
    for k in range(g.nunits if g.nunits < r else r):
        with_him += best[k]
    return with_him < (best[0] if g.nunits > 0 else 0)


cdef int _hand_leaders(Guerilla* d, int seat, int* types, int* cards) noexcept nogil:
    """The kinds of leader in seat's hand, each with a free copy."""
    cdef int kinds[NCARDS]
    cdef int first[NCARDS]
    cdef int i, n = 0
    cdef int m = free_types(d, seat, kinds, first)
    for i in range(m):
        if d.info[first[i]].kind == K_LEADER:
            types[n] = kinds[i]
            cards[n] = first[i]
            n += 1
    return n


cdef bint _any_leader(Guerilla* d, int gi, const int* cards, int m, bint gift) noexcept nogil:
    """A leader among `cards` who may join group gi (one the Barracks retrieved only a group of
    the faction it holds him for, l.134) and would weaken it (a `gift`, _weakens), or could
    make it stronger (_lifts)."""
    cdef int k, f
    for k in range(m):
        f = barracks_faction(d, cards[k])
        if (f < 0 or f == d.grp[gi].faction) and (_weakens(d, gi, cards[k]) if gift else _lifts(d, gi, cards[k])):
            return True
    return False


cdef inline bint _leaderless(Guerilla* d, int gi, int seat) noexcept nogil:
    """Group gi is the seat's own, of units without a leader (a complex's garrison aside)."""
    cdef Group* g = &d.grp[gi]
    return g.owner == seat and g.leader < 0 and g.cplx == NO_CARD


cdef inline bint _in_command(Guerilla* d, int gi, int seat) noexcept nogil:
    """Group gi is the seat's own and its leader commands as many units as his rating (l.22):
    a unit added would lie sideways (_keep_commanded), and no second leader may join (l.17)."""
    cdef Group* g = &d.grp[gi]
    return g.owner == seat and g.leader >= 0 and g.nunits >= rating(d, g)


cdef int _new_faction(Guerilla* d) noexcept nogil:
    """The faction a new group of the picked cards will take, as far as the mover knows: the one
    it must take (the Bridge's, the Banco's: `forced`; a card the Barracks holds, l.134), else
    the seat's loyalty (a Mercenary's: neither)."""
    cdef int i, f
    if d.forced >= 0:
        return d.forced
    for i in range(d.npick):
        f = barracks_faction(d, d.pick[i])
        if f >= 0:
            return f
    return d.loyalty[d.cur]


cdef inline int _command(Guerilla* d, Group* g, int leader, int f) noexcept nogil:
    """The command rating `leader` has over the reinforced group g (its leader's, if it has
    one), or over a new group in faction f (the one it must take, else the seat's loyalty),
    else the higher of his two."""
    if g != NULL:
        return rating(d, g) if g.leader >= 0 else d.info[leader].value[g.faction]
    if f == F_GOV or f == F_REB:
        return d.info[leader].value[f]
    return max(d.info[leader].value[F_GOV], d.info[leader].value[F_REB])


cdef int _keep_commanded(Guerilla* d, int* actions, int n) noexcept nogil:
    """The cards of a deployment (the turn's or the secret initial one, N_PLAN) or a
    reinforcement of the seat's own group: no unit beyond its leader's command rating. "When a
    group contains more units than its leader's command rating, any excess units are turned
    sideways and do not function as part of the group" (l.22): such a unit adds nothing, and its
    attacker may take it alone (l.60-l.63) for the points (l.110). In play bots kept adding
    units their leader could not command, and the person picked them off. A new group's faction
    comes after its cards (l.37): its leader's rating counts for the faction it must take (the
    Bridge's, the Banco's), else for the seat's loyalty, else the higher one (_new_faction);
    picked after its units, no leader whose rating would leave some of them sideways. A new
    group without a leader may take several units: one deployment for them all saves the actions
    of one group each (l.82); limited to one unit, it lost 86 games of 200 to the rule without
    the limit."""
    cdef int i, c, k = 0, leader = -1, units = 0
    cdef int f = _new_faction(d)
    cdef Group* g = NULL
    if d.node == N_PICK and d.pick_kind == PK_REINFORCE:
        g = &d.grp[d.pick_group]
        if g.owner != d.cur:
            return n
        leader = g.leader
        units = g.nunits
    for i in range(d.npick):
        c = d.pick[i]
        if d.info[c].kind == K_LEADER:
            leader = c
        units += d.info[c].kind == K_UNIT
    if leader < 0 and g == NULL:
        # a new group's units so far: no leader who would leave some sideways
        for i in range(n):
            if actions[i] >= A_TYPE:
                c = d.type_first[actions[i] - A_TYPE]
                if d.info[c].kind == K_LEADER and _command(d, g, c, f) < units:
                    continue
            actions[k] = actions[i]
            k += 1
        return k if k > 0 else n
    if leader < 0 or units < _command(d, g, leader, f):
        return n                                       # an own leaderless group: _led_picks
    for i in range(n):
        if actions[i] >= A_TYPE and d.info[d.type_first[actions[i] - A_TYPE]].kind == K_UNIT:
            continue
        actions[k] = actions[i]
        k += 1
    return k if k > 0 else n


cdef inline int _place_strongest(int* v, int m, int x) noexcept nogil:
    """Inserts x into v[:m], strongest first; returns m + 1."""
    cdef int j = m
    while j > 0 and v[j - 1] < x:
        v[j] = v[j - 1]
        j -= 1
    v[j] = x
    return m + 1


cdef int _reach(Guerilla* d, Group* g, int leader, int f, int extra, bint fill) noexcept nogil:
    """What `leader` adds in faction f to the best unit alone of the group reinforced (g) or
    formed (NULL): his modifier and the other units he commands (l.22, l.57, l.111), of its own
    units, those picked and `extra` (a card, or -1), and with `fill` the best free units in
    hand for the places left (his rating's worth, a group holds three, l.17; none beyond his
    command, _keep_commanded). FREE_GAIN with no unit to judge."""
    cdef int cards[NCARDS]
    cdef int v[NCARDS]
    cdef int spare[NCARDS]
    cdef int i, c, held, h = 0, m = 0, gain = d.info[leader].mod
    cdef int r = d.info[leader].value[f]
    cdef int places = r if r < 3 else 3
    if g != NULL:
        for i in range(g.nunits):
            m = _place_strongest(v, m, printed(d, g.unit[i], f))
    for i in range(d.npick):
        if d.info[d.pick[i]].kind == K_UNIT:
            m = _place_strongest(v, m, d.info[d.pick[i]].value[f])
    if extra >= 0:
        m = _place_strongest(v, m, d.info[extra].value[f])
    if fill and m < places:
        held = ws_to_list(d.cards[P_HAND + d.cur], NW, cards)
        for i in range(held):
            c = cards[i]
            if c != extra and d.info[c].kind == K_UNIT and card_free(d, d.cur, c):
                h = _place_strongest(spare, h, d.info[c].value[f])
        for i in range(min(h, places - m)):
            m = _place_strongest(v, m, spare[i])
    if m == 0:
        return FREE_GAIN
    for i in range(1, m if m < r else r):
        gain += v[i]
    return gain


cdef inline bint _lifts(Guerilla* d, int gi, int leader) noexcept nogil:
    """`leader` could make the seat's leaderless group gi stronger than its best unit alone
    (_reach, with the units at hand). A leader of +0 over one unit adds nothing but his own
    points for its attacker (l.70: "Any leader left alone after losses are taken is
    eliminated"; l.111)."""
    return d.info[leader].mod > 0 or _reach(d, &d.grp[gi], leader, d.grp[gi].faction, -1, True) > 0


cdef int _led_units(Guerilla* d, int* actions, int n, Group* g, int leader, int f, bint either) noexcept nogil:
    """Once `leader` is picked for group g (NULL: a new one) in faction f (or `either`): no unit
    picked that leaves him no way to add to its best unit alone (_reach), and no "done" before
    he adds something. In play a bot put Durán (-2) and a 1 over a lone 4: 3. A positive
    modifier always adds something."""
    cdef int i, c, k = 0
    if d.info[leader].mod > 0:
        return n
    for i in range(n):
        c = d.type_first[actions[i] - A_TYPE] if actions[i] >= A_TYPE else -1
        if actions[i] == A_DONE and _reach(d, g, leader, f, -1, False) <= 0 and (
                not either or _reach(d, g, leader, 1 - f, -1, False) <= 0):
            continue
        if c >= 0 and d.info[c].kind == K_UNIT and _reach(d, g, leader, f, c, True) <= 0 and (
                not either or _reach(d, g, leader, 1 - f, c, True) <= 0):
            continue
        actions[k] = actions[i]
        k += 1
    return k if k > 0 else n


cdef int _picked_leader(Guerilla* d) noexcept nogil:
    """The leader among the cards picked, or NO_CARD."""
    cdef int i
    for i in range(d.npick):
        if d.info[d.pick[i]].kind == K_LEADER:
            return d.pick[i]
    return NO_CARD


cdef bint _picked_complex(Guerilla* d) noexcept nogil:
    """A complex among the cards picked: its DF counts in the group's defence too (l.75)."""
    cdef int i
    for i in range(d.npick):
        if d.info[d.pick[i]].kind == K_COMPLEX:
            return True
    return False


cdef int _keep_potent(Guerilla* d, int* actions, int n) noexcept nogil:
    """A new group's cards (the turn's deployment or the secret initial one): no leader with
    no units at hand to add to its best unit alone (_reach), then no unit or "done" that leaves
    him adding nothing (_led_units), in the faction it must take (the Bridge's, the Banco's),
    else the seat's loyalty, else either. In play a bot deployed a -1 leader over a 1 (strength
    0), and the next turn a lone 3 took both; a leader who adds nothing is his own points for
    the attacker (l.70, l.111)."""
    cdef int f = _new_faction(d)
    cdef bint either = f != F_GOV and f != F_REB
    cdef int i, c, m = 0, leader = _picked_leader(d)
    if either:
        f = F_GOV
    if _picked_complex(d):
        return n
    if leader != NO_CARD:
        return _led_units(d, actions, n, NULL, leader, f, either)
    for i in range(n):
        if actions[i] >= A_TYPE:
            c = d.type_first[actions[i] - A_TYPE]
            if (d.info[c].kind == K_LEADER and d.info[c].mod <= 0 and _reach(d, NULL, c, f, -1, True) <= 0
                    and (not either or _reach(d, NULL, c, 1 - f, -1, True) <= 0)):
                continue
        actions[m] = actions[i]
        m += 1
    return m if m > 0 else n


cdef int _garrison_leaders(Guerilla* d, int* actions, int n) noexcept nogil:
    """The cards of a reinforcement of the seat's own complex: no leader with a negative
    modifier, which lowers its defence (l.67: "The defender totals the strength of all defending
    units, the DF of any complex, the group leader's command modifier"; in play a -1 leader took
    an Airfield's defence from 7 to 6)."""
    cdef int i, c, m = 0
    cdef Group* g = &d.grp[d.pick_group]
    if g.owner != d.cur or g.cplx < 0:
        return n
    for i in range(n):
        if actions[i] >= A_TYPE:
            c = d.type_first[actions[i] - A_TYPE]
            if d.info[c].kind == K_LEADER and d.info[c].mod < 0:
                continue
        actions[m] = actions[i]
        m += 1
    return m if m > 0 else n


cdef bint _ill_led(Guerilla* d, int f) noexcept nogil:
    """In faction f the new group's leader leaves it no stronger than its best unit alone
    (_keep_potent), or commands fewer units than it has (l.22: the excess lie sideways)."""
    cdef int i, units = 0, leader = _picked_leader(d)
    if leader == NO_CARD or _picked_complex(d):
        return False
    for i in range(d.npick):
        units += d.info[d.pick[i]].kind == K_UNIT
    return units > d.info[leader].value[f] or _reach(d, NULL, leader, f, -1, False) <= 0


cdef int _potent_factions(Guerilla* d, int* actions, int n) noexcept nogil:
    """A new group's faction, chosen after its cards (l.37): not one in which its leader leads
    it ill (_ill_led) while the other does not. In self-play a bot deployed Urrutia (Government
    rating 1, Rebel 3) with two units as Government, one of them sideways."""
    cdef int i, m = 0
    for i in range(n):
        if A_FACTION <= actions[i] <= A_FACTION + F_REB and _ill_led(d, actions[i] - A_FACTION):
            continue
        actions[m] = actions[i]
        m += 1
    return m if m > 0 else n


cdef int _keep_reinforcements(Guerilla* d, int* actions, int n, int seat, int loyalty) noexcept nogil:
    """No reinforcement of a group the seat's loyalty opposes and another player owns, but for
    the sabotage of a weakening leader; none of his own leaderless group without a leader to
    command it: "A leader is necessary to combine the strength of units" (l.57), a leaderless
    group attacks with one unit (l.58), its attacker names the units that defend, and each card
    added is points for him (l.110), so the reinforcement stays only while a leader in hand
    could make it stronger (_lifts), and its cards start with him (_led_picks);
    none of his own group whose leader commands all he can (_in_command), nor of his own
    complex that only a leader with a negative modifier could join (_garrison_leaders)."""
    cdef int types[NCARDS]
    cdef int cards[NCARDS]
    cdef int i, gi, m = -1, kept = 0
    cdef bint gift
    for i in range(n):
        gi = actions[i] - A_REINFORCE
        if 0 <= gi < NGROUPS:
            if _in_command(d, gi, seat) or _garrison_weakened(d, gi, seat):
                continue
            gift = _gift(d, gi, seat, loyalty)
            if gift or _leaderless(d, gi, seat):
                if m < 0:
                    m = _hand_leaders(d, seat, types, cards)
                if not _any_leader(d, gi, cards, m, gift):
                    continue
        actions[kept] = actions[i]
        kept += 1
    return kept


cdef bint _garrison_weakened(Guerilla* d, int gi, int seat) noexcept nogil:
    """Group gi is a complex of the seat's own whose garrison no card in his hand could join
    but a leader with a negative modifier (_garrison_leaders keeps those out; in play the
    reinforcement's one card was such a leader, and he went in)."""
    cdef int cards[NCARDS]
    cdef int i, c, held
    cdef Group* g = &d.grp[gi]
    if g.owner != seat or g.cplx == NO_CARD:
        return False
    held = ws_to_list(d.cards[P_HAND + seat], NW, cards)
    for i in range(held):
        c = cards[i]
        if not card_free(d, seat, c) or barracks_faction(d, c) not in (-1, g.faction):
            continue
        if (d.info[c].kind == K_UNIT and g.nunits == 0) or (d.info[c].kind == K_LEADER and g.leader < 0
                                                             and d.info[c].mod >= 0):
            return False
    return True


cdef int _led_picks(Guerilla* d, int* actions, int n, int seat) noexcept nogil:
    """The cards of a reinforcement of the seat's own leaderless group: first a leader who
    could make it stronger (_lifts, _keep_reinforcements), then no "done" before he does."""
    cdef int i, c, k = 0
    cdef int gi = d.pick_group
    if not _leaderless(d, gi, seat):
        return n
    for i in range(d.npick):
        if d.info[d.pick[i]].kind == K_LEADER:
            return _led_units(d, actions, n, &d.grp[gi], d.pick[i], d.grp[gi].faction, False)
    for i in range(n):
        if actions[i] >= A_TYPE:
            c = d.type_first[actions[i] - A_TYPE]
            if d.info[c].kind == K_LEADER and _lifts(d, gi, c):
                actions[k] = actions[i]
                k += 1
    return k if k > 0 else n


cdef int _keep_sabotage(Guerilla* d, int* actions, int n, int seat) noexcept nogil:
    """Into such a group only a weakening leader goes, then done."""
    cdef int types[NCARDS]
    cdef int cards[NCARDS]
    cdef int i, k, kept = 0
    cdef int m = _hand_leaders(d, seat, types, cards)
    cdef bint keep
    for i in range(n):
        keep = actions[i] == A_DONE
        for k in range(m):
            keep = keep or (actions[i] == A_TYPE + types[k] and _weakens(d, d.pick_group, cards[k]))
        if keep:
            actions[kept] = actions[i]
            kept += 1
    return kept if kept > 0 else n


cdef int _use(Guerilla* d, int c, int faction) noexcept nogil:
    """What card c is worth to the forces of `faction`: a unit its strength on that half (l.7),
    a leader his rating there (l.8: one modifier serves both halves), an event one faction
    alone may use (its data's `faction`: l.119-l.122, l.127) 1 to it and 0 to the other, any
    other card alike."""
    if d.info[c].kind == K_UNIT or d.info[c].kind == K_LEADER:
        return d.info[c].value[faction]
    return d.info[c].only == faction


cdef inline int _lean(Guerilla* d, int c, int loyalty) noexcept nogil:
    """+1 if card c serves the loyalist's faction better than the other, -1 if worse, else 0."""
    cdef int own = _use(d, c, loyalty), other = _use(d, c, 1 - loyalty)
    return (own > other) - (own < other)


cdef inline double _part_with(Guerilla* d, int c, int loyalty) noexcept nogil:
    """Giving card c away: a card of the other faction's goes, one of his own stays."""
    cdef int lean
    if not _loyalist(loyalty):
        return NEUTRAL
    lean = _lean(d, c, loyalty)
    return SHUNNED if lean > 0 else (FAVOURED if lean < 0 else NEUTRAL)


cdef int _seems(Guerilla* d, int q) noexcept nogil:
    """The faction seat q's table shows: the one whose groups of his hold more than twice the
    other's strength (l.7), else -1. The markers are secret (l.29); what he deploys is not."""
    cdef int gi, k, f
    cdef int held[2]
    held[0] = 0
    held[1] = 0
    for gi in range(NGROUPS):
        f = d.grp[gi].faction
        if d.grp[gi].owner == q and (f == F_GOV or f == F_REB):
            for k in range(d.grp[gi].nunits):
                held[f] += printed(d, d.grp[gi].unit[k], f)
    if held[F_GOV] > 2 * held[F_REB]:
        return F_GOV
    if held[F_REB] > 2 * held[F_GOV]:
        return F_REB
    return -1


cdef bint _arms_laid(Guerilla* d, int seat, int loyalty) noexcept nogil:
    """Whether the seat has laid a card that serves the faction opposed to `loyalty` better."""
    cdef int hand[NCARDS]
    cdef int k
    for k in range(ws_to_list(d.cards[P_HAND + seat], NW, hand)):
        if d.offer[hand[k]] != 0 and _lean(d, hand[k], loyalty) < 0:
            return True
    return False


cdef int _keep_arms_home(Guerilla* d, int* actions, int n) noexcept nogil:
    """A loyalist hands no card that serves the other faction better to a seat whose table is
    of that faction (_seems): the offering player (l.87) lays none in a counter-offer to him,
    and he accepts no counter-offer from such a seat for cards he laid of that kind (the
    exchange binds, l.87-l.88). In play a Government bot gave a Rebel Comandante 3 and two
    Rebel 3s to the Rebel leader for one card he could not use, and they came back at him."""
    cdef int i, k = 0, loyalty = d.loyalty[d.cur]
    if not _loyalist(loyalty):
        return n
    if d.node == N_OFFER:
        if d.cur == d.active or _seems(d, d.active) != 1 - loyalty:
            return n
        for i in range(n):
            if actions[i] >= A_OFFER and _lean(d, d.type_first[(actions[i] - A_OFFER) // 2], loyalty) < 0:
                continue
            actions[k] = actions[i]
            k += 1
        return k
    if not _arms_laid(d, d.cur, loyalty):
        return n
    for i in range(n):
        if A_SEAT <= actions[i] < A_SEAT + GMAXP and _seems(d, actions[i] - A_SEAT) == 1 - loyalty:
            continue
        actions[k] = actions[i]
        k += 1
    return k


cdef int _most_loose(Guerilla* d) noexcept nogil:
    """The most cards another seat than the active one could lay in a counter-offer (l.87)."""
    cdef int q, m, most = 0
    for q in range(d.n):
        if q != d.active:
            m = loose_count(d, q)
            most = m if m > most else most
    return most


cdef bint _would_lay(Guerilla* d, int c, int loyalty, bint arms_barred) noexcept nogil:
    """Whether a loyalist lays card c in a counter-offer: none that serves his own faction
    better (_lean), nor one that serves the other better when the offering player's table is of
    that faction (`arms_barred`, _keep_arms_home)."""
    cdef int lean
    if not _loyalist(loyalty):
        return True
    lean = _lean(d, c, loyalty)
    return lean == 0 or (lean < 0 and not arms_barred)


cdef int _spare(Guerilla* d, int seat, int loyalty, bint arms_barred) noexcept nogil:
    """The loose cards of seat's hand (loose_count) he would lay (_would_lay)."""
    cdef int hand[NCARDS]
    cdef int k, c, n = 0
    for k in range(ws_to_list(d.cards[P_HAND + seat], NW, hand)):
        c = hand[k]
        n += card_free(d, seat, c) and barracks_faction(d, c) < 0 and _would_lay(d, c, loyalty, arms_barred)
    return n


cdef int _keep_even(Guerilla* d, int* actions, int n) noexcept nogil:
    """No trade that hands over more cards than it brings (l.87-l.88): a counter-offer lays no
    more cards than the offer, and the offering player accepts none that brings fewer than he
    laid unless his hand is over its capacity (the excess is lost at random anyway, l.15). Each
    card handed over strengthens another player's hand; in play a bot gave four units for one
    face-down card, a Unit 2/1. So, while his hand is within its capacity, a counter-offer is
    one he may accept, made of cards its player would lay (_spare): it starts only with enough
    of them to match the offer, lays no other and does not end short (a short one shows its
    cards for nothing, l.87). And the offer lays no more cards than another seat could match:
    in play bots laid whole hands, every counter fell short and the action was spent for
    nothing (l.86)."""
    cdef int i, a, k = 0, mine = laid_by(d, d.active), loyalty = d.loyalty[d.cur]
    cdef int laid = laid_by(d, d.cur)
    cdef bint within = hand_count(d, d.active) <= capacity(d, d.active)
    cdef bint counter = d.node == N_OFFER and d.cur != d.active
    cdef bint spare_only = counter and within and _loyalist(loyalty)
    cdef bint barred = spare_only and _seems(d, d.active) == 1 - loyalty
    cdef bint no_more = counter and (laid >= mine or (within and laid == 0 and _spare(d, d.cur, loyalty, barred) < mine))
    cdef bint short = counter and within and 0 < laid < mine
    if d.node == N_OFFER and d.cur == d.active and mine >= _most_loose(d):
        no_more = True
    for i in range(n):
        a = actions[i]
        if a >= A_OFFER and (no_more or (spare_only and not _would_lay(d, d.type_first[(a - A_OFFER) // 2], loyalty, barred))):
            continue
        if short and a == A_DONE:
            continue
        if (d.node == N_ACCEPT and a >= A_SEAT and laid_by(d, a - A_SEAT) < mine and within):
            continue
        actions[k] = a
        k += 1
    return k if k > 0 else n


cdef double _accept_weight(Guerilla* d, int q, int loyalty) noexcept nogil:
    """A counter-offer by the lean of its face-up cards (the face-down ones are unseen, l.87)."""
    cdef int hand[NCARDS]
    cdef int k, lean = 0
    if not _loyalist(loyalty):
        return NEUTRAL
    for k in range(ws_to_list(d.cards[P_HAND + q], NW, hand)):
        if d.offer[hand[k]] == 1:
            lean += _lean(d, hand[k], loyalty)
    return FAVOURED if lean > 0 else (SHUNNED if lean < 0 else NEUTRAL)


cdef int _ambush_helps(Guerilla* d) noexcept nogil:
    """The faction the last Ambush card played serves: the attacker's when he named the single
    defender or doubled one of his, else the defender's (l.120)."""
    cdef int e = d.b_amb[d.b_namb - 1]
    if e >= 0 and find_group(d, e) == d.b_def:
        return d.grp[d.b_def].faction
    return d.grp[d.b_att].faction


cdef double _window_weight(Guerilla* d, int a, int seat, int loyalty) noexcept nogil:
    """Out of turn: an Informant's retreat saves a Rebel group, its other use cancels an Ambush
    (l.126); a Bodyguard shields a leader (l.125); Atrocities and Press double or halve the
    victor's points for his faction (l.124), leaned to when they move CARD_WORTH points or more.
    A third party plays them for his faction. The defender rolls his ambush marker: the roll
    costs nothing, and the marker drops only when the roll acts as an Ambush card in his defence
    (l.79)."""
    cdef bint doubles
    cdef int owner = d.grp[d.b_def].owner if d.b_def >= 0 else -1
    if d.w_kind == W_BATTLE and a == A_YES:
        return FAVOURED                     # the defender's marker: a free roll, spent only when it acts (l.79)
    if d.w_kind == W_BATTLE and a == A_USE + 3 and seat != owner:
        return _faction_weight(loyalty, F_REB)
    if (d.w_kind == W_BATTLE and a == A_USE + 2 and seat != owner and seat != d.active
            and d.b_namb > 0):
        return _faction_weight(loyalty, 1 - _ambush_helps(d))
    if d.w_kind == W_BODYGUARD and a != A_NO and seat != owner and seat != d.active:
        return _faction_weight(loyalty, d.grp[d.b_def].faction)
    if d.w_kind == W_AFTER and (a == A_USE + 0 or a == A_USE + 1):
        doubles = (a == A_USE + 0) != d.atro_halve
        if (d.b_points if doubles else d.b_points - d.b_points // 2) < CARD_WORTH:
            return NEUTRAL                  # a point or none: the card waits for a bigger battle
        return _faction_weight(loyalty, d.b_vfaction if doubles else 1 - d.b_vfaction)
    return NEUTRAL


# ------------------------------------------------------------------ attacks
cdef inline double _odds_weight(double p) noexcept nogil:
    """Twice the chance of winning: an even battle NEUTRAL, a sure one twice that, a long
    shot down to SHUNNED."""
    return p * 2.0 * NEUTRAL if p * 2.0 * NEUTRAL > SHUNNED else SHUNNED


cdef inline double _relief_weight(double p) noexcept nogil:
    """An attack whose chance p is of ending an isolation of the seat's (l.128: else the group
    surrenders, "points to the supply cutter"): FAVOURED from RELIEF_ODDS on."""
    return _odds_weight(p) * (FAVOURED if p >= RELIEF_ODDS else NEUTRAL)


cdef double _weight(Guerilla* d, int a, int seat, int loyalty) noexcept nogil:
    cdef int node = d.node
    cdef double relief
    if node == N_FACTION or node == N_PLAN_FACTION:
        return _faction_weight(loyalty, a - A_FACTION)
    if node == N_TURN and A_REINFORCE <= a < A_REINFORCE + NGROUPS:
        return _reinforce_weight(d, a - A_REINFORCE, seat, loyalty)
    if node == N_TURN and A_ATTACK <= a < A_ATTACK + NGROUPS:
        relief = relief_odds(d, a - A_ATTACK, seat)
        return _relief_weight(relief) if relief >= RELIEF_ODDS else _odds_weight(best_odds(d, a - A_ATTACK))
    if node == N_TARGET and A_GROUP <= a < A_GROUP + NGROUPS:
        if cuts_of(d, a - A_GROUP, seat):
            return _relief_weight(target_odds(d, a - A_GROUP))
        return _odds_weight(target_odds(d, a - A_GROUP))
    if node == N_TARGET and a >= A_CARD:
        return _odds_weight(un_target_odds(d))
    if node == N_MODE and A_MODE <= a <= A_MODE + MODE_ALL:
        return _odds_weight(mode_odds(d, a - A_MODE))
    if node == N_DEFENDER and d.b_mode != MODE_ARMOR:
        return _odds_weight(naming_odds(d, a - A_CARD if a >= A_CARD else NO_CARD))
    if node == N_TRAITOR and A_GROUP <= a < A_GROUP + NGROUPS:
        return _harm_weight(d, a - A_GROUP, seat, loyalty)
    if node == N_ABILITY and d.ability == AB_ASSASSIN and a >= A_CARD:
        return _harm_weight(d, find_group(d, a - A_CARD), seat, loyalty)
    if node == N_WINDOW:
        return _window_weight(d, a, seat, loyalty)
    if node == N_OFFER and a >= A_OFFER:
        return _part_with(d, d.type_first[(a - A_OFFER) // 2], loyalty)
    if node == N_ACCEPT and a >= A_SEAT and a < A_SEAT + GMAXP:
        return _accept_weight(d, a - A_SEAT, loyalty)
    if node == N_RETURN and a >= A_CARD:
        return _part_with(d, a - A_CARD, loyalty)
    return NEUTRAL


# ------------------------------------------------------------------ the hooks
cdef int _ambush_player(Guerilla* d) noexcept nogil:
    """The seat that played the last Ambush card: the defender's owner when it doubled one of
    his units, else the attacker (l.120: an Ambush serves the one who plays it)."""
    cdef int e = d.b_amb[d.b_namb - 1]
    if e >= 0 and find_group(d, e) == d.b_def:
        return d.grp[d.b_def].owner
    return d.active


cdef bint _hopeful_sortie(Guerilla* d, int gi, int mask) noexcept nogil:
    """A sortie (l.59) whose part that attacks is no long shot at the UN card and has a fair
    chance (FAIR_ODDS) against some target."""
    return sortie_hopes(d, gi, mask, LONG_SHOT, FAIR_ODDS)


cdef int _keep_hopeful(Guerilla* d, int* actions, int n) noexcept nogil:
    """The turn's moves less the attacks of a group whose one target is the UN card, with a
    chance of beating it below LONG_SHOT, and the sorties every split of which makes such an
    attack or one below FAIR_ODDS (in play most attacks at long odds were sorties')."""
    cdef int i, a, m = 0
    for i in range(n):
        a = actions[i]
        if (d.un >= 0 and A_ATTACK <= a < A_ATTACK + NGROUPS and un_only(d, a - A_ATTACK)
                and best_odds(d, a - A_ATTACK) < LONG_SHOT):
            continue
        if (A_GROUP <= a < A_GROUP + NGROUPS
                and not mask_completable(d, a - A_GROUP, 0, -1, _hopeful_sortie)):
            continue
        actions[m] = a
        m += 1
    return m


cdef int _keep_fair(Guerilla* d, int* actions, int n) noexcept nogil:
    """The turn's moves less the attacks whose best chance is below FAIR_ODDS, but for one that
    may end a Supply Cut of the seat's (relief_odds) and one at the UN card that is no long shot
    (it costs no points, l.129: _keep_hopeful)."""
    cdef int i, a, m = 0
    for i in range(n):
        a = actions[i]
        if (A_ATTACK <= a < A_ATTACK + NGROUPS and best_odds(d, a - A_ATTACK) < FAIR_ODDS
                and relief_odds(d, a - A_ATTACK, d.cur) == 0.0
                and un_chance(d, a - A_ATTACK) < LONG_SHOT):
            continue
        actions[m] = a
        m += 1
    return m if m > 0 else n


cdef int _fair_targets(Guerilla* d, int* actions, int n) noexcept nogil:
    """A declared attack's targets less those it beats with a chance below FAIR_ODDS, but for
    a group cutting the seat's supply; all of them when none is left (a person declared it)."""
    cdef int i, a, m = 0
    for i in range(n):
        a = actions[i]
        if A_GROUP <= a < A_GROUP + NGROUPS and not _fair_group(d, a - A_GROUP):
            continue
        actions[m] = a
        m += 1
    return m if m > 0 else n


cdef inline bint _fair_group(Guerilla* d, int ti) noexcept nogil:
    """The declared attack beats group ti at FAIR_ODDS, or ti cuts the seat's supply."""
    return target_odds(d, ti) >= FAIR_ODDS or cuts_of(d, ti, d.cur)


cdef int _fair_units(Guerilla* d, int* actions, int n) noexcept nogil:
    """A leaderless group's attacking unit (l.58: "Only one unit (owner chooses which) in a
    leaderless group can attack each turn"): none that leaves the attack no target a bot would
    pick (_kept_target) while another unit has one; all of them when none has (an Air Assault
    must attack, l.119). The attack was declared on the group's strongest unit (best_odds)."""
    cdef int i, m = 0
    cdef int8_t chosen = d.b_unit
    if d.b_att2 >= 0:
        return n                    # a combined attack's pair: the search weighs the two
    for i in range(n):
        d.b_unit = <int8_t>(actions[i] - A_CARD)
        if _kept_target(d):
            actions[m] = actions[i]
            m += 1
    d.b_unit = chosen
    return m if m > 0 else n


cdef bint _kept_target(Guerilla* d) noexcept nogil:
    """Whether the declared attack, with its attacking unit, has a target the bot's own filter
    at the target keeps: a group _fair_group (_fair_targets), or the UN card at LONG_SHOT."""
    cdef int targets[NGROUPS + 1]
    cdef int j, k = legal_target(d, targets)
    for j in range(k):
        if targets[j] >= A_CARD:
            if un_target_odds(d) >= LONG_SHOT:
                return True
        elif _fair_group(d, targets[j] - A_GROUP):
            return True
    return False


cdef int _hopeful_picks(Guerilla* d, int* actions, int n) noexcept nogil:
    """A sortie's cards (l.59) less those that lead only to a long shot (_hopeful_sortie); all
    of them when every split does (a person began this sortie)."""
    cdef int picks[5]                                  # "done" and the group's four cards
    cdef int i, m
    m = legal_mask_picks(d, d.b_att, picks, _hopeful_sortie)
    if m == 0:
        return n
    for i in range(m):
        actions[i] = picks[i]
    return m


cdef int _keep_naming(Guerilla* d, int* actions, int n) noexcept nogil:
    """The defenders of a leaderless group (or its sideways units) less "done" while a unit no
    stronger than those named may still be named: the strongest defends alone (l.57, reading
    8), so it leaves the chance of winning as it is, and only named units take losses (l.64)."""
    cdef int i, top = named_strength(d)
    if d.b_mode == MODE_ARMOR or d.b_named < 0:
        return n
    for i in range(n):
        if actions[i] >= A_CARD and defender_strength(d, actions[i] - A_CARD) <= top:
            return without(actions, n, A_DONE)
    return n


cdef inline int _payable(Guerilla* d) noexcept nogil:
    """The actions left for a use of either faction: the general ones and the Banco's (l.133)."""
    return d.actions + (1 if banco_faction(d) >= 0 else 0)


cdef int _keep_drawing(Guerilla* d, int* actions, int n) noexcept nogil:
    """The turn's moves less its end while the draw is offered and the deck is far from running
    out (DRAW_ROOM): the draw (l.95) ends the turn too, with the hand filled, so ending it gives
    the cards up for nothing. Nor, with the hand at most half its capacity, is the draw's last
    action spent on an ambush marker point (l.78), a one-in-ten chance (l.79) for a hand's worth
    of cards. In play bots ended turns holding one card with an action left, spent the last one
    on a point holding one card of seven, and ended whole turns unused holding six; near the
    deck's end (sudden death, l.100-l.102) ending the turn may be a choice."""
    cdef int i
    if d.deck.n < DRAW_ROOM:
        return n
    for i in range(n):
        if actions[i] == A_DRAW:
            n = without(actions, n, A_END)
            if _payable(d) == 1 and 2 * hand_count(d, d.active) <= capacity(d, d.active):
                n = without(actions, n, A_ABILITY + AB_MARKER)
            return n
    return n


cdef int _keep_cycling(Guerilla* d, int* actions, int n) noexcept nogil:
    """The turn's moves less a discard no draw can follow, and, once the player has discarded
    this turn, less the end of the turn while the draw is offered and less the abilities that
    would spend the draw's last action: a discard (l.91) is how a player changes his cards, the
    draw (l.95; none in sudden death, l.102) fills his hand again, and without it the discard
    only throws cards away. A hand over its capacity (l.15) may be cut by the player's own
    choice all the same."""
    cdef int i, k = 0
    cdef bint draw = False
    if hand_count(d, d.active) > capacity(d, d.active):
        return n
    if d.sudden or d.deck.n == 0 or _payable(d) < 2:
        n = without(actions, n, A_DISCARD)
    if not d.discarded:                                # no discard this turn yet
        return n
    for i in range(n):
        draw = draw or actions[i] == A_DRAW
    if not draw:
        return n
    for i in range(n):
        if actions[i] == A_END or (_payable(d) == 1 and actions[i] >= A_ABILITY
                                   and actions[i] < A_ABILITY + AB_MARKER + 1):
            continue
        actions[k] = actions[i]
        k += 1
    return k


cdef inline bint _ambush_ground(Guerilla* d, int seat) noexcept nogil:
    """Whether the seat has a group its ambush marker could defend: one of units, not a
    complex (l.79: the marker acts as a defensive Ambush card, which "Cannot be played on a
    complex", l.120), while the UN card does not keep every attack off him (l.129: its player
    "cannot attack or be attacked" in battle)."""
    cdef int gi
    if d.un == seat:
        return False
    for gi in range(NGROUPS):
        if d.grp[gi].owner == seat and d.grp[gi].cplx == NO_CARD and d.grp[gi].nunits > 0:
            return True
    return False


cdef int _keep_spending(Guerilla* d, int* actions, int n) noexcept nogil:
    """The turn's moves less the actions that buy nothing now: a second trade offer in one
    turn (phase D reached only by an offer, trade.pyx; each costs an action whatever the table
    answers, l.86, and the table has just answered), an ambush marker point while the player
    has no group it could defend (l.78-l.79, l.120; he may buy one "at any time in his turn",
    after he deploys), and a reinforcement of a group deployed or reinforced this turn (l.82:
    each costs an action, and the first could have placed those cards; the hand gains none
    between them, its draws and trades coming in later phases) or one it withdrew cards from
    (l.47: in play bots took a garrison back to hand and put the same cards back, or weaker
    ones, two actions for nothing), nor an attack with an Armor Column
    deployed this turn, whose deployment offered that attack (l.121: "1 action for any number
    of attacks"; in play a bot declined it and paid a second action for it)."""
    cdef int i, k = 0
    if d.letter == 3:
        n = without(actions, n, A_TRADE)
    if not _ambush_ground(d, d.active):
        n = without(actions, n, A_ABILITY + AB_MARKER)
    for i in range(n):
        if n - (i - k) > 1 and A_REINFORCE <= actions[i] < A_TYPE and d.grp[actions[i] - A_REINFORCE].handled:
            continue
        if A_ATTACK <= actions[i] < A_ATTACK + NGROUPS and d.grp[actions[i] - A_ATTACK].fresh:
            continue
        actions[k] = actions[i]
        k += 1
    return k


cdef inline bint _wants_strong(Guerilla* d, int gi, int seat) noexcept nogil:
    """Group gi is the seat's own and fights for the faction he needs to win (any group of his
    own for a seat with no faction to win)."""
    cdef int loyalty = d.loyalty[seat]
    return d.grp[gi].owner == seat and (not _loyalist(loyalty) or d.grp[gi].faction == loyalty)


cdef int _weakest_commanded(Guerilla* d, int gi) noexcept nogil:
    """The strength of the weakest of group gi's commanded units (l.22: the others are sideways
    and do not function)."""
    cdef Group* g = &d.grp[gi]
    cdef int k, v, low = 1 << 20
    for k in range(commanded(d, g)):
        v = printed(d, g.unit[k], g.faction)
        low = v if v < low else low
    return low


cdef inline bint _holds(Guerilla* d, int gi, int seat) noexcept nogil:
    """Group gi is a complex of the seat's own that he needs to hold (_wants_strong) with a
    unit in its garrison: that unit is its defence beyond its DF (l.66), and with none left
    any loss captures it (l.75; the Banco's extra action goes with it, l.133)."""
    return d.grp[gi].cplx != NO_CARD and d.grp[gi].nunits > 0 and _wants_strong(d, gi, seat)


cdef inline int _withdrawn(Group* g, int mask) noexcept nogil:
    """The cards a withdrawal takes when done: those picked (d.s_mask), or with none the whole
    group (l.47)."""
    return g.nunits + (1 if g.leader >= 0 else 0) if mask == 0 else popcount64(mask)


cdef inline bint _spares(Guerilla* d, int gi, int seat, int room) noexcept nogil:
    """Whether the seat may take group gi home whole (the Bridge's withdrawal, l.135)."""
    return not _holds(d, gi, seat) and _withdrawn(&d.grp[gi], 0) <= room


cdef bint _bridge_spares(Guerilla* d, int seat, int room) noexcept nogil:
    """Whether the Bridge's free withdrawal (l.135: "one group of the bridge's faction") has a
    group _keep_deployed lets go."""
    cdef int gi, src = complex_group(d, seat, CX_BRIDGE)
    cdef Group* g
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if (g.owner == seat and g.faction == d.grp[src].faction and not isolated(g)
                and not is_armor(d, g) and (g.leader >= 0 or g.nunits > 0) and _spares(d, gi, seat, room)):
            return True
    return False


cdef int _keep_deployed(Guerilla* d, int* actions, int n) noexcept nogil:
    """No withdrawal (l.47) that takes the garrison unit of a complex the seat needs to hold
    (_holds; its leader may go), nor one that takes the hand over its capacity: the excess is
    lost at random at the turn's end (l.15, l.47). In play bots spent the Banco's extra action
    taking its only garrison unit home, and the bare Banco was captured on the next attack;
    others withdrew a garrison and lost the cards at random at the end of the turn."""
    cdef int i, a, c, k = 0, seat = d.cur
    cdef int held = hand_count(d, seat)
    cdef int room = GROUP_CARDS
    cdef Group* g
    if d.node == N_TURN and d.letter > 0:
        return n                                       # withdrawals are phase A's (l.47)
    if held + GROUP_CARDS > HAND_LEAST:                # else any withdrawal fits
        room = capacity(d, seat) - held
    for i in range(n):
        a = actions[i]
        if d.node == N_WPART:
            g = &d.grp[d.pick_group]
            if a == A_DONE and (_withdrawn(g, d.s_mask) > room
                                or (d.s_mask == 0 and _holds(d, d.pick_group, seat))):
                continue
            c = a - A_CARD
            if 0 <= c < NCARDS and (popcount64(d.s_mask) + 1 > room
                                    or (c != g.leader and _holds(d, d.pick_group, seat))):
                continue
        elif d.node == N_ABILITY:
            if 0 <= a - A_GROUP < NGROUPS and not _spares(d, a - A_GROUP, seat, room):
                continue
        elif A_WITHDRAW <= a < A_ATTACK:
            if room < 1 or (_holds(d, a - A_WITHDRAW, seat) and d.grp[a - A_WITHDRAW].leader < 0):
                continue
        elif a == A_ABILITY + AB_BRIDGE_WITHDRAW and not _bridge_spares(d, seat, room):
            continue
        actions[k] = actions[i]
        k += 1
    return k if k > 0 else n


cdef int _keep_arranged(Guerilla* d, int* actions, int n, int no) noexcept nogil:
    """A seat's own group of his faction is rearranged (free, l.23-l.26) only to bring a
    stronger unit into command: no sideways unit comes in that is no stronger than the weakest
    commanded one. Nor does he keep a stronger one sideways: in another's turn (`no`: A_NO
    offered) he does not refuse the rearrangement, in his own he does not end the turn (nor
    draw, which ends it, l.95) before it."""
    cdef int i, gi, c, k = 0
    cdef bint better = False
    for i in range(n):
        c = actions[i] - A_CARD
        if 0 <= c < NCARDS and actions[i] < A_FACTION:
            gi = find_group(d, c)
            if gi >= 0 and _wants_strong(d, gi, d.cur):
                if printed(d, c, d.grp[gi].faction) <= _weakest_commanded(d, gi):
                    continue
                better = True
        actions[k] = actions[i]
        k += 1
    if not better:
        return k
    if no:
        return without(actions, k, A_NO)
    return without(actions, without(actions, k, A_END), A_DRAW)


cdef int _keep_strongest(Guerilla* d, int* actions, int n) noexcept nogil:
    """The commanded unit that goes sideways for one brought in (l.22-l.26): of a seat's own
    group of his faction, the weakest."""
    cdef int gi = d.pick_group, i, k = 0
    cdef int low
    if not _wants_strong(d, gi, d.cur):
        return n
    low = _weakest_commanded(d, gi)
    for i in range(n):
        if printed(d, actions[i] - A_CARD, d.grp[gi].faction) == low:
            actions[k] = actions[i]
            k += 1
    return k if k > 0 else n


cdef int bot_actions(Guerilla* d, int* actions, int n) noexcept nogil:
    """The legal moves less the dominated ones (at least one is left: a pick of a cheapest set of
    losses); an Informant never cancels its own player's Ambush, nor a Bodyguard shields the
    leader its own player's Assassin or Policia is trying to kill (l.125-l.126): both cards
    thrown away against oneself; a loyalist's Traitors and Assassin never on his own faction
    while another target is offered, nor an Assassin played with none, and Traitors forced onto
    it where they harm least (_keep_harm_away, _assassin_aim, _least_harm); no long shot at the
    UN card (LONG_SHOT), declared or by a sortie; no attack, target or leaderless group's
    attacking unit below FAIR_ODDS but to end a Supply Cut (_keep_fair, _fair_targets,
    _fair_units); no leaderless defence named short of a unit that risks nothing (_keep_naming);
    no discard without the draw that should follow it (_keep_cycling); no second trade offer in
    a turn, ambush marker point with nothing to defend or reinforcement of a group just
    deployed, reinforced or withdrawn from (_keep_spending); no rearrangement that weakens the
    seat's own group of his faction, nor one refused that would strengthen it (_keep_arranged,
    _keep_strongest); no card of the other faction's handed in a trade to a seat whose table is
    of it (_keep_arms_home), and no trade that hands over more cards than it brings
    (_keep_even); no units added to his own leaderless group but under a leader who adds
    something (_keep_reinforcements, _led_picks), nor beyond his leader's command (_in_command,
    _keep_commanded); no new group whose leader leaves it no stronger than its best unit alone,
    nor a faction that does or leaves a unit sideways (_keep_potent, _potent_factions); no
    leader with a negative modifier into his own complex (_garrison_leaders,
    _garrison_weakened); no withdrawal of the garrison unit of a complex he needs to hold, nor
    one into a hand over its capacity (_keep_deployed); no turn ended while the draw is offered
    and the deck far from its end (_keep_drawing); no counter-offer the offering player may not
    accept, nor an offer no one could match (_keep_even)."""
    if d.node == N_LOSS:
        return _keep_losses(d, actions, n)
    if d.node == N_RETREAT and d.w_low == d.cur:
        actions[0] = A_YES
        return 1
    if d.cur < 0:
        return n
    if (d.node == N_WINDOW and d.w_kind == W_BATTLE and d.b_namb > 0
            and _ambush_player(d) == d.cur):
        return without(actions, n, A_USE + 2)
    if d.node == N_WINDOW and d.w_kind == W_BODYGUARD and d.cur == d.active:
        actions[0] = A_NO                              # no Bodyguard against one's own attempt
        return 1
    if d.node == N_TRAITOR or (d.node == N_ABILITY and d.ability == AB_ASSASSIN):
        return _keep_harm_away(d, actions, n, d.loyalty[d.cur])
    if (d.node == N_TURN and _loyalist(d.loyalty[d.cur]) and event_in_hand(d, d.cur, EV_ASSASSIN) >= 0
            and not _assassin_aim(d, d.cur, d.loyalty[d.cur])):
        n = without(actions, n, A_PLAY + d.info[event_in_hand(d, d.cur, EV_ASSASSIN)].type)
    if d.node == N_TURN:
        n = _keep_arranged(d, actions, _keep_reinforcements(d, actions, n, d.cur, d.loyalty[d.cur]), False)
        n = _keep_fair(d, actions, _keep_hopeful(d, actions, n))
        n = _keep_drawing(d, actions, _keep_cycling(d, actions, n))
        return _keep_deployed(d, actions, _keep_spending(d, actions, n))
    if d.node == N_WPART or (d.node == N_ABILITY and d.ability == AB_BRIDGE_WITHDRAW):
        return _keep_deployed(d, actions, n)
    if d.node == N_REGROUP:
        return _keep_arranged(d, actions, n, True)
    if d.node == N_OFFER or d.node == N_ACCEPT:
        return _keep_even(d, actions, _keep_arms_home(d, actions, n))
    if d.node == N_ARRANGE:
        return _keep_strongest(d, actions, n)
    if d.node == N_SORTIE:
        return _hopeful_picks(d, actions, n)
    if d.node == N_ATTACKER:
        return _fair_units(d, actions, n)
    if d.node == N_DEFENDER:
        return _keep_naming(d, actions, n)
    if d.node == N_TARGET and un_target_odds(d) < LONG_SHOT and actions[n - 1] >= A_CARD:
        n = without(actions, n, actions[n - 1])
    if d.node == N_TARGET:
        return _fair_targets(d, actions, n)
    if (d.node == N_PICK and d.pick_kind == PK_REINFORCE
            and _gift(d, d.pick_group, d.cur, d.loyalty[d.cur])):
        return _keep_sabotage(d, actions, n, d.cur)
    if d.node == N_PICK and d.pick_kind == PK_REINFORCE:
        n = _led_picks(d, actions, _keep_commanded(d, actions, n), d.cur)
        return _garrison_leaders(d, actions, n)
    if d.node == N_PICK and d.pick_kind == PK_DEPLOY:
        return _keep_potent(d, actions, _keep_commanded(d, actions, n))
    if d.node == N_PLAN:
        return _keep_potent(d, actions, _keep_commanded(d, actions, n))
    if d.node == N_FACTION or d.node == N_PLAN_FACTION:
        return _potent_factions(d, actions, n)
    return n


cdef void action_priors(Guerilla* d, const int* actions, int n, double* out) noexcept nogil:
    """Weights by the mover's own marker (and a loss's points), normalised to sum to 1."""
    cdef int i, seat = d.cur
    cdef int loyalty = d.loyalty[seat] if seat >= 0 else NO_LOYALTY
    cdef double total = 0.0
    if d.node == N_LOSS and d.b_taken < d.b_due:
        _loss_priors(d, actions, n, out)
    else:
        for i in range(n):
            out[i] = _weight(d, actions[i], seat, loyalty)
    for i in range(n):
        total += out[i]
    for i in range(n):
        out[i] /= total
