# cython: language_level=3
"""An attack (l.50-l.76): the attacking group and, leaderless, its one unit (l.58); the
target of the other faction and another player (l.53-l.54) with some chance of success
(l.55); the defending units the attacker names (l.58, l.60-l.64); both totals with a d10
each (l.67); the loser's losses by printed strength, no more than needed (l.68-l.71); the
capture of a complex whose garrison is gone (l.75); isolation's effects (l.67, l.128)."""
from partisan.core.state cimport GameState, token
from partisan.core.decision cimport frame_reset
from partisan.core.bitset cimport ws_has, ws_clear, ws_to_list
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla cimport events, supply, armor


# ------------------------------------------------------------------ strengths
cdef inline int _str(Guerilla* d, int card, int faction) noexcept nogil:
    return doubled(d, card, faction)


cdef inline int _base(Guerilla* d, Group* g, int card) noexcept nogil:
    """"Each unit in an isolated group has its attack strength halved (fractions rounded
    down)" (l.128); an Ambush then doubles what is left (reading 26); an Air Assault's
    reinforcing units "are not halved in the attack immediately following" (l.119)."""
    cdef int v = d.info[card].value[g.faction]
    return v // 2 if isolated(g) and not ws_has(d.aa_fresh, NW, card) else v


cdef inline int _att(Guerilla* d, Group* g, int card) noexcept nogil:
    return _base(d, g, card) * (2 if ws_has(d.b_dbl, NW, card) else 1)


cdef int attack_strength(Guerilla* d, int gi, int unit) noexcept nogil:
    """The commanded units and the leader's modifier; a leaderless group's one unit (l.57-l.58);
    halved in an isolated group (l.128)."""
    cdef Group* g = &d.grp[gi]
    cdef int k, s = 0
    if g.leader < 0:
        return _att(d, g, unit)
    for k in range(commanded(d, g)):
        s += _att(d, g, g.unit[k])
    return s + d.info[g.leader].mod


# ------------------------------------------------------------------ a combined attack (l.119)
cdef int _pair_units(Guerilla* d, int gi, int unit, int* out, int n) noexcept nogil:
    """attacking_cards, a leaderless group's strongest unit while its unit is not chosen yet
    (NO_CARD)."""
    cdef Group* g = &d.grp[gi]
    cdef int k
    if g.leader < 0 and unit < 0:
        unit = g.unit[0]
        for k in range(1, g.nunits):
            if _att(d, g, g.unit[k]) > _att(d, g, unit):
                unit = g.unit[k]
    return attacking_cards(d, gi, unit, out, n)


cdef int _pair_modifier(Guerilla* d, int gi, int gj) noexcept nogil:
    """"In combined strength attacks, if both groups have leaders, only the lowest command
    modifier applies. If only one group has a leader, his command modifier is not applied
    unless it is negative." (l.119)"""
    cdef Group* a = &d.grp[gi]
    cdef Group* b = &d.grp[gj]
    cdef int m
    if a.leader >= 0 and b.leader >= 0:
        m = d.info[a.leader].mod
        return m if m < d.info[b.leader].mod else d.info[b.leader].mod
    if a.leader < 0 and b.leader < 0:
        return 0
    m = d.info[a.leader if a.leader >= 0 else b.leader].mod
    return m if m < 0 else 0


cdef int _pair_strength(Guerilla* d, int gi, int ui, int gj, int uj) noexcept nogil:
    """"Combine the strength of two deployed groups for a single attack" (l.119): both groups'
    attacking units (each halved in an isolated group, l.128) and the pair's modifier."""
    cdef int cards[8]
    cdef int k, s = 0
    cdef int m = _pair_units(d, gi, ui, cards, 0)
    for k in range(m):
        s += _att(d, &d.grp[gi], cards[k])
    m = _pair_units(d, gj, uj, cards, 0)
    for k in range(m):
        s += _att(d, &d.grp[gj], cards[k])
    return s + _pair_modifier(d, gi, gj)


cdef int _pair_bonus(Guerilla* d, int gi, int ui, int gj, int uj) noexcept nogil:
    """What the attacker's Ambush cards in hand could add (reading 7): the strongest attacking
    units doubled, one card each; never the Armor Column (l.120)."""
    cdef int cards[8]
    cdef int values[8]
    cdef int k, j, best, m, ambush = 0, bonus = 0
    cdef int n = _pair_units(d, gi, ui, cards, 0)
    for k in range(n):
        values[k] = _base(d, &d.grp[gi], cards[k])
    m = _pair_units(d, gj, uj, cards, n)
    for k in range(n, m):
        values[k] = 0 if is_armor(d, &d.grp[gj]) else _base(d, &d.grp[gj], cards[k])
    for k in range(m):
        if ws_has(d.b_dbl, NW, cards[k]):
            values[k] = 0
    if d.joint_ambush_defender and is_armor(d, &d.grp[gj]):
        return 0                                       # option joint_ambush=defender
    for k in range(NCARDS):
        if d.info[k].event == EV_AMBUSH and in_place(d, P_HAND + d.grp[gi].owner, k):
            ambush += 1
    for j in range(ambush):
        best = 0
        for k in range(1, m):
            best = k if values[k] > values[best] else best
        bonus += values[best]
        values[best] = 0
    return bonus


cdef inline int _pair_iso(Guerilla* d, int gi, int gj) noexcept nogil:
    """The one die is rolled for both groups: the larger isolation modifier applies (reading 20)."""
    return d.grp[gi].iso if d.grp[gi].iso > d.grp[gj].iso else d.grp[gj].iso


cdef inline bint _partner_allows(Guerilla* d, int gj, int ti) noexcept nogil:
    """An isolated second group too may only attack its cutter (l.128)."""
    return gj < 0 or not isolated(&d.grp[gj]) or d.grp[gj].cutter == ti


cdef bint _pair_any_target(Guerilla* d, int gi, int ui, int gj, int uj) noexcept nogil:
    """Some target gives the pair's best attack a chance (l.55): _target_ok subtracts group gi's
    isolation, so the attack is passed with the difference to the pair's."""
    cdef int ti
    cdef int plain = _pair_strength(d, gi, ui, gj, uj) + d.grp[gi].iso - _pair_iso(d, gi, gj)
    cdef int attack = plain + _pair_bonus(d, gi, ui, gj, uj)
    if _un_target_ok(d, gi, plain):
        return True
    for ti in range(NGROUPS):
        # the group gj cuts is supplied once the pair attacks (l.128), as in _chance_of
        if _partner_allows(d, gj, ti) and _target_ok(
                d, gi, ti, attack - (d.grp[ti].iso if d.grp[gj].cuts == ti else 0)):
            return True
    return False


cdef inline bint _joins(Guerilla* d, int gi) noexcept nogil:
    """A deployed Government group of the active player's that may attack (l.119: "Use by
    Government groups only"): not a garrison (l.56), not yet attacked (l.52), not an Armor
    Column deployed this turn by its own card (l.119: "A group can be deployed and make a
    combined attack in the same turn only by playing two air assault cards")."""
    cdef Group* g = &d.grp[gi]
    return (g.owner == d.active and g.faction == F_GOV and g.cplx < 0 and g.nunits > 0
            and not g.attacked and not g.fresh)


cdef bint can_combine(Guerilla* d, int gi, int gj) noexcept nogil:
    """Groups gi and gj may make one combined attack: two groups, at most one of them an Armor
    Column (it "may combine with an infantry group to make one attack", l.121), with a target
    the pair has a chance against (l.55); not by a player under the UN (l.129)."""
    cdef bint a = is_armor(d, &d.grp[gi])
    cdef bint b = is_armor(d, &d.grp[gj])
    if gi == gj or (a and b) or d.un == d.active or not _joins(d, gi) or not _joins(d, gj):
        return False
    if a:                                              # the infantry group first (begin_combined)
        return _pair_any_target(d, gj, NO_CARD, gi, NO_CARD)
    return _pair_any_target(d, gi, NO_CARD, gj, NO_CARD)


cdef void begin_combined(GameState st, Guerilla* d, int gi, int gj) noexcept nogil:
    """Both groups make their one attack together (l.52, l.119); a leaderless group's attacking
    unit is chosen first (l.58). The infantry group is the first, an Armor Column the second."""
    cdef int t
    if is_armor(d, &d.grp[gi]):
        t = gi
        gi = gj
        gj = t
    begin_attack(st, d, gi)
    supply.on_attack(st, d, gj)
    d.grp[gj].attacked = 1
    d.b_att2 = <int8_t>gj
    if d.grp[gj].leader < 0 and d.grp[gj].nunits == 1:
        d.b_unit2 = d.grp[gj].unit[0]
    if d.node == N_TARGET and _choosing(d) >= 0:
        d.node = N_ATTACKER


cdef int _choosing(Guerilla* d) noexcept nogil:
    """The group of a combined attack whose attacking unit is still to be chosen (l.58), or -1."""
    cdef Group* g = &d.grp[d.b_att]
    if g.leader < 0 and d.b_unit < 0:
        return d.b_att
    g = &d.grp[d.b_att2]
    if g.leader < 0 and d.b_unit2 < 0:
        return d.b_att2
    return -1


cdef int _side_strength(Guerilla* d) noexcept nogil:
    """The attacking side's strength: one group's, or a combined attack's (l.119)."""
    if d.b_att2 < 0:
        return attack_strength(d, d.b_att, d.b_unit)
    return _pair_strength(d, d.b_att, d.b_unit, d.b_att2, d.b_unit2)


cdef int _side_iso(Guerilla* d) noexcept nogil:
    """The isolation modifier on the attacking side's die (l.128)."""
    if d.b_att2 < 0:
        return d.grp[d.b_att].iso
    return _pair_iso(d, d.b_att, d.b_att2)


cdef int _ambush_bonus(Guerilla* d, int gi, int unit, bint second) noexcept nogil:
    """What the attacker's Ambush cards in hand could add, one per attacking unit (the official
    ruling on "no chance of success", reading 7): the strongest units doubled; a Rebel
    attacker's Arms Cache cards count as well (reading 7; not with option
    chance_arms_cache=false), but the one a `second` attack, yet to be declared, would spend
    (once declared, it is spent: begin_attack)."""
    cdef Group* g = &d.grp[gi]
    cdef int k, j, v, best, bonus = 0
    cdef int cards = 0
    cdef int used[3]
    cdef int hand[NCARDS]
    cdef int c, arms = 0
    for k in range(ws_to_list(d.cards[P_HAND + g.owner], NW, hand)):
        c = hand[k]
        if d.info[c].event == EV_AMBUSH:
            cards += 1
        elif d.info[c].event == EV_ARMS and g.faction == F_REB and d.chance_arms:
            arms += 1
    if second and arms > 0:
        arms -= 1
    cards += arms
    if cards == 0 or d.grp[gi].cplx >= 0 or is_armor(d, g):
        return 0                                       # no Ambush for an Armor Column (l.120)
    if g.leader < 0:
        return _base(d, g, unit) if unit >= 0 and not ws_has(d.b_dbl, NW, unit) else 0
    for k in range(3):
        used[k] = 0
    for j in range(cards):
        best = -1
        for k in range(commanded(d, g)):
            if not used[k] and not ws_has(d.b_dbl, NW, g.unit[k]) and (
                    best < 0 or _base(d, g, g.unit[k]) > _base(d, g, g.unit[best])):
                best = k
        if best < 0:
            break
        used[best] = 1
        bonus += _base(d, g, g.unit[best])
    return bonus


cdef int _best_attack(Guerilla* d, int gi, bint second, bint cards) noexcept nogil:
    """Group gi's strongest attack, its leader's or its strongest unit's; with `cards`, what
    the attacker's Ambush cards and Arms Caches in hand could add (reading 7)."""
    cdef Group* g = &d.grp[gi]
    cdef int k, s, best = -99
    if g.leader >= 0:
        return attack_strength(d, gi, NO_CARD) + (_ambush_bonus(d, gi, NO_CARD, second) if cards else 0)
    for k in range(g.nunits):
        s = _att(d, g, g.unit[k]) + (_ambush_bonus(d, gi, g.unit[k], second) if cards else 0)
        best = s if s > best else best
    return best


cdef inline bint _led_single(Guerilla* d, Group* t, int unit) noexcept nogil:
    """Whether the single defender an attacker's Ambush selected (l.120) keeps its leader: his
    modifier counts and he may take losses, when he commands the unit (reading 17; option
    ambush_single=alone)."""
    return not d.single_alone and leads(d, t, unit)


cdef int defence_strength(Guerilla* d, int ti, int mode, int named) noexcept nogil:
    """A complex's DF with its garrison; the commanded units and the leader's modifier (under
    "all units" sideways units add nothing, reading 9, unless option sideways_strength); a named unit of a leaderless group or
    of the sideways units alone (reading 8); the single defender an Ambush selected (reading 17)."""
    cdef Group* t = &d.grp[ti]
    cdef int k, s = 0
    if mode == MODE_ARMOR:                             # one unit and its leader (l.121)
        return _str(d, named, t.faction) + led_mod(d, t, named)
    if mode == MODE_SINGLE:
        return _str(d, named, t.faction) + (d.info[t.leader].mod if _led_single(d, t, named) else 0)
    if t.cplx >= 0:
        s = d.info[t.cplx].df
        if t.nunits > 0:
            s += _str(d, t.unit[0], t.faction)
        if t.leader >= 0:
            s += d.info[t.leader].mod
        return s
    if t.leader < 0 or mode == MODE_SIDEWAYS:
        # named units do not combine (l.57): the strongest defends (reading 8)
        s = _str(d, named, t.faction)
        for k in range(d.b_nalso):
            if _str(d, d.b_also[k], t.faction) > s:
                s = _str(d, d.b_also[k], t.faction)
        return s
    for k in range(t.nunits if mode == MODE_ALL and d.side_strength else commanded(d, t)):
        s += _str(d, t.unit[k], t.faction)
    return s + d.info[t.leader].mod


cdef inline bint _chance(int attack, int defence) noexcept nogil:
    """The best roll beats the worst (a tie has no effect, l.68): the attack can succeed (l.55)."""
    return attack + D10 > defence + 1


cdef inline bint _chance_of(Guerilla* d, int gi, int ti, int attack, int defence) noexcept nogil:
    """_chance with each side's isolation modifier on its die (l.67, l.128); the group gi cuts
    is judged supplied, as attacking ends its isolation (l.128; supply.on_attack)."""
    return _chance(attack - d.grp[gi].iso, defence - (0 if d.grp[gi].cuts == ti else d.grp[ti].iso))


cdef int _weakest_defence(Guerilla* d, int ti) noexcept nogil:
    """The lowest defence the attacker can choose against group ti."""
    cdef Group* t = &d.grp[ti]
    cdef int k, s, first, low
    if t.cplx >= 0 or (t.leader >= 0 and t.nunits <= commanded(d, t)):
        return defence_strength(d, ti, MODE_COMMANDED, NO_CARD)
    first = commanded(d, t) if t.leader >= 0 else 0
    low = defence_strength(d, ti, MODE_COMMANDED, NO_CARD) if t.leader >= 0 else 99
    for k in range(first, t.nunits):
        s = _str(d, t.unit[k], t.faction)
        low = s if s < low else low
    return low


cdef bint _target_ok(Guerilla* d, int gi, int ti, int attack) noexcept nogil:
    """Rebels attack Government forces and vice versa, never one's own group (l.53-l.54), nor a
    player the UN protects (l.129); "An isolated group may only attack the group cutting its
    supply" (l.128)."""
    cdef Group* t = &d.grp[ti]
    if isolated(&d.grp[gi]) and d.grp[gi].cutter != ti:
        return False
    return (t.owner >= 0 and t.owner != d.grp[gi].owner and t.faction != d.grp[gi].faction
            and t.owner != d.un and _chance_of(d, gi, ti, attack, _weakest_defence(d, ti)))


cdef int un_card(Guerilla* d) noexcept nogil:
    """The UN card in play, or NO_CARD."""
    cdef int c
    if d.un < 0:
        return NO_CARD
    for c in range(NCARDS):
        if d.info[c].event == EV_UN and in_place(d, P_ASIDE, c):
            return c
    return NO_CARD


cdef bint _un_target_ok(Guerilla* d, int gi, int plain) noexcept nogil:
    """The UN card "can be attacked by any player and by any faction" (l.129) but the one it
    protects, who "cannot attack" (reading 27); it defends at 10, unmodified. `plain` is the
    attack with no card from hand: its battle has no reaction window (reading 27), so no Ambush
    or Arms Cache can give it the chance l.55 asks for."""
    cdef int c = un_card(d)
    return c >= 0 and d.grp[gi].owner != d.un and _chance(plain, d.info[c].param)


cdef bint _any_target(Guerilla* d, int gi, int attack, int plain) noexcept nogil:
    """Some target gives the attack a chance (l.55): a group by `attack`, the cards in hand
    counted, the UN card by `plain` (_un_target_ok)."""
    cdef int ti
    if _un_target_ok(d, gi, plain):
        return True
    for ti in range(NGROUPS):
        if _target_ok(d, gi, ti, attack):
            return True
    return False


cdef bint can_attack(Guerilla* d, int gi) noexcept nogil:
    """Once a turn (l.52), or again with an Arms Cache; a garrison never attacks (l.56)."""
    cdef Group* g = &d.grp[gi]
    if (g.owner != d.active or (g.attacked and not arms_again(d, g)) or g.cplx >= 0
            or g.nunits == 0 or d.un == d.active):
        return False
    return _any_target(d, gi, _best_attack(d, gi, g.attacked, True), _best_attack(d, gi, g.attacked, False))


# ------------------------------------------------------------------ declaring the attack
cdef void begin_attack(GameState st, Guerilla* d, int gi) noexcept nogil:
    """The attacking unit of a leaderless group is chosen first (l.58)."""
    cdef Group* g = &d.grp[gi]
    supply.on_attack(st, d, gi)
    count_attack(st, d, g)
    battle_clear(d)
    d.b_att = <int8_t>gi
    d.b_def = -1
    d.b_named = NO_CARD
    d.b_mode = MODE_COMMANDED
    d.b_unit = NO_CARD
    _attacker_unit(d)


cdef void _attacker_unit(Guerilla* d) noexcept nogil:
    cdef Group* g = &d.grp[d.b_att]
    if g.leader < 0 and g.nunits > 1:
        d.node = N_ATTACKER                            # the owner chooses which unit (l.58)
        return
    if g.leader < 0:
        d.b_unit = g.unit[0]
    d.node = N_TARGET


# ------------------------------------------------------------------ the sortie (l.59)
cdef int split_off(Guerilla* d, int gi, int mask) noexcept nogil:
    """The cards of group gi at the positions in mask become a new group of the same owner and
    faction (units in their order); returns its slot."""
    cdef Group* g = &d.grp[gi]
    cdef int k, ni = take_group(d)
    cdef int cards[4]
    cdef int m = mask_cards(g, mask, cards)
    cdef Group* h = &d.grp[ni]
    h.owner = g.owner
    h.faction = g.faction
    for k in range(m):
        group_remove(g, cards[k])
        group_add(d, h, cards[k])
    return ni


cdef bint _sortie_ok(Guerilla* d, int gi, int mask) noexcept nogil:
    return sortie_hopes(d, gi, mask, 0.0, 0.0)


cdef bint sortie_hopes(Guerilla* d, int gi, int mask, double hope, double fair) noexcept nogil:
    """Both parts are groups (a unit in each, so no leader alone, l.18) and the part that
    splits off can attack something (it "must then attack", l.59), with a chance of at least
    `hope` of winning when the UN card is the one thing it may attack, else of at least `fair`
    against some target or `hope` against the UN card (0 and 0: any chance)."""
    cdef Group saved = d.grp[gi]
    cdef int8_t next_saved = d.grp_next
    cdef int k, ni, units = 0
    cdef bint ok
    for k in range(saved.nunits):
        units += (mask >> k) & 1
    if units == 0 or units == saved.nunits or free_group(d) < 0:
        return False
    ni = split_off(d, gi, mask)
    d.grp[ni].cuts = saved.cuts                        # the sortie ends that cut (begin_sortie)
    ok = _any_target(d, ni, _best_attack(d, ni, False, True), _best_attack(d, ni, False, False))
    if ok and hope > 0.0 and d.un >= 0 and un_only(d, ni):
        ok = best_odds(d, ni) >= hope
    elif ok and fair > 0.0:
        ok = best_odds(d, ni) >= fair or (d.un >= 0 and un_chance(d, ni) >= hope)
    d.grp[gi] = saved
    group_clear(&d.grp[ni])
    d.grp_next = next_saved                            # only a trial: no slot was taken
    return ok


cdef bint can_sortie(Guerilla* d, int gi) noexcept nogil:
    """A deployed group of the active player's that has not attacked may split in two, one
    part attacking (l.59); not an isolated group (l.128), nor a complex's garrison (l.56)."""
    cdef Group* g = &d.grp[gi]
    if (g.owner != d.active or g.attacked or g.cplx >= 0 or g.nunits < 2 or isolated(g)
            or d.un == d.active):
        return False
    return mask_completable(d, gi, 0, -1, _sortie_ok)


cdef void begin_sortie(GameState st, Guerilla* d, int gi) noexcept nogil:
    begin_attack(st, d, gi)
    d.s_mask = 0
    d.s_last = -1
    d.node = N_SORTIE


cdef int legal_sortie(Guerilla* d, int* out) noexcept nogil:
    """The cards that split off to attack, in ascending order, then "done"."""
    return legal_mask_picks(d, d.b_att, out, _sortie_ok)


cdef void apply_sortie(GameState st, Guerilla* d, int a) noexcept nogil:
    """The part that splits off attacks; the other has not attacked and may (reading 10)."""
    cdef Group* g = &d.grp[d.b_att]
    cdef int ni
    st.observe_all(token(T_ACT, d.cur, a))
    if a != A_DONE:
        mask_pick(d, d.b_att, a - A_CARD)
        return
    ni = split_off(d, d.b_att, d.s_mask)
    g.attacked = 0
    d.grp[ni].attacked = 1
    d.b_att = <int8_t>ni
    d.s_mask = 0
    d.s_last = -1
    _attacker_unit(d)


cdef int legal_attacker(Guerilla* d, int* out) noexcept nogil:
    cdef Group* g = &d.grp[d.b_att]
    cdef int k, j, c, n = 0
    if d.b_att2 >= 0:
        return _legal_pair_attacker(d, out)
    for k in range(g.nunits):
        c = g.unit[k]
        if _any_target(d, d.b_att, _att(d, g, c) + _ambush_bonus(d, d.b_att, c, False), _att(d, g, c)):
            n = add_sorted(out, n, A_CARD + c)
    return one_of_alike(d, out, n)


cdef void apply_attacker(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_all(token(T_ACT, d.cur, a))
    if d.b_att2 >= 0 and _choosing(d) == d.b_att2:
        d.b_unit2 = <int8_t>(a - A_CARD)
    else:
        d.b_unit = <int8_t>(a - A_CARD)
    d.node = N_ATTACKER if d.b_att2 >= 0 and _choosing(d) >= 0 else N_TARGET


cdef int _legal_pair_attacker(Guerilla* d, int* out) noexcept nogil:
    """A leaderless group's unit in a combined attack: each leaving the pair a target (l.55)."""
    cdef int gi = _choosing(d)
    cdef Group* g = &d.grp[gi]
    cdef int k, c, n = 0
    for k in range(g.nunits):
        c = g.unit[k]
        if ((gi == d.b_att and _pair_any_target(d, gi, c, d.b_att2, d.b_unit2)) or
                (gi == d.b_att2 and _pair_any_target(d, d.b_att, d.b_unit, gi, c))):
            n = add_sorted(out, n, A_CARD + c)
    return n


cdef int _attack_with_ambush(Guerilla* d) noexcept nogil:
    """The attack judged for "no chance of success" (l.55); for a combined attack with the
    difference of the pair's isolation to group b_att's, which _chance_of subtracts."""
    return _declared_attack(d, True)


cdef int _declared_attack(Guerilla* d, bint cards) noexcept nogil:
    """The declared attack's strength, with `cards` what the attacker's cards in hand could add
    (_ambush_bonus, _pair_bonus)."""
    if d.b_att2 >= 0:
        return (_pair_strength(d, d.b_att, d.b_unit, d.b_att2, d.b_unit2)
                + (_pair_bonus(d, d.b_att, d.b_unit, d.b_att2, d.b_unit2) if cards else 0)
                + d.grp[d.b_att].iso - _side_iso(d))
    return attack_strength(d, d.b_att, d.b_unit) + (_ambush_bonus(d, d.b_att, d.b_unit, False) if cards else 0)


# ------------------------------------------------------------------ odds (the bots' prior)
cdef double _odds(Guerilla* d, int gi, int ti, int attack, int defence) noexcept nogil:
    """The chance that the attack wins: its total beats the defence's (a tie has no effect,
    l.68), each die less its side's isolation as _chance_of counts it."""
    return _beat((defence - (0 if d.grp[gi].cuts == ti else d.grp[ti].iso)) - (attack - d.grp[gi].iso))


cdef double un_odds(Guerilla* d, int gi, int plain) noexcept nogil:
    """Group gi's chance of beating the UN card with the attack `plain` (no card from hand,
    _un_target_ok): it "defends with a strength of 10" and "is not modified by any other card"
    (l.129); 0 when gi may not attack it."""
    if not _un_target_ok(d, gi, plain):
        return 0.0
    return _beat(d.info[un_card(d)].param - (plain - d.grp[gi].iso))


cdef double _beat(int k) noexcept nogil:
    """The chance that the attacker's d10 beats the defender's by more than k."""
    # of the D10² pairs, (D10-1-k)(D10-k)/2 for 0 <= k < D10, and the rest of those the other
    # way round below 0
    if k >= D10 - 1:
        return 0.0
    if k <= -D10:
        return 1.0
    if k >= 0:
        return (D10 - 1 - k) * (D10 - k) / (2.0 * D10 * D10)
    return 1.0 - (D10 + k) * (D10 + 1 + k) / (2.0 * D10 * D10)


cdef double best_odds(Guerilla* d, int gi) noexcept nogil:
    """Group gi's best chance of winning an attack, its Ambush cards and Arms Caches counted
    as "no chance of success" counts them (l.55), against the weakest defence of each group it
    may attack, or the UN card (no card counted, un_odds); 0 when it may attack none."""
    cdef int ti, attack = _best_attack(d, gi, d.grp[gi].attacked, True)
    cdef double p, best = un_odds(d, gi, _best_attack(d, gi, d.grp[gi].attacked, False))
    for ti in range(NGROUPS):
        if _target_ok(d, gi, ti, attack):
            p = _odds(d, gi, ti, attack, _weakest_defence(d, ti))
            best = p if p > best else best
    return best


cdef double un_chance(Guerilla* d, int gi) noexcept nogil:
    """Group gi's chance of beating the UN card (un_odds); 0 when it may not attack it."""
    return un_odds(d, gi, _best_attack(d, gi, d.grp[gi].attacked, False))


cdef double relief_odds(Guerilla* d, int gi, int seat) noexcept nogil:
    """Group gi's best chance of beating a group that cuts the supply of one of seat's groups:
    isolation ends when "the cutting group is eliminated" (l.128), and a win over a lone unit
    eliminates it; 0 when gi may attack no such group."""
    cdef int ti, attack = _best_attack(d, gi, d.grp[gi].attacked, True)
    cdef double p, best = 0.0
    for ti in range(NGROUPS):
        if cuts_of(d, ti, seat) and _target_ok(d, gi, ti, attack):
            p = _odds(d, gi, ti, attack, _weakest_defence(d, ti))
            best = p if p > best else best
    return best


cdef bint un_only(Guerilla* d, int gi) noexcept nogil:
    """Whether the UN card is the one target group gi may attack."""
    cdef int ti, attack = _best_attack(d, gi, d.grp[gi].attacked, True)
    for ti in range(NGROUPS):
        if _target_ok(d, gi, ti, attack):
            return False
    return _un_target_ok(d, gi, _best_attack(d, gi, d.grp[gi].attacked, False))


cdef double target_odds(Guerilla* d, int ti) noexcept nogil:
    """The declared attack's chance of winning against group ti's weakest defence."""
    return _odds(d, d.b_att, ti, _attack_with_ambush(d), _weakest_defence(d, ti))


cdef double un_target_odds(Guerilla* d) noexcept nogil:
    """The declared attack's chance of beating the UN card (un_odds)."""
    return un_odds(d, d.b_att, _declared_attack(d, False))


cdef double mode_odds(Guerilla* d, int mode) noexcept nogil:
    """The declared attack's chance of winning against group b_def in `mode`: its weakest
    sideways unit alone (the attacker names the defenders, l.58), else the units the mode puts
    in defence."""
    cdef Group* t = &d.grp[d.b_def]
    cdef int k, s, defence = defence_strength(d, d.b_def, mode, NO_CARD)
    if mode == MODE_SIDEWAYS:
        defence = 99
        for k in range(commanded(d, t), t.nunits):
            s = _str(d, t.unit[k], t.faction)
            defence = s if s < defence else defence
    return _odds(d, d.b_att, d.b_def, _attack_with_ambush(d), defence)


cdef int named_strength(Guerilla* d) noexcept nogil:
    """The defence of the units named so far against a leaderless group or its sideways units:
    the strongest of them, as they do not combine (l.57; reading 8); 0 before the first."""
    return defence_strength(d, d.b_def, MODE_SIDEWAYS, d.b_named) if d.b_named >= 0 else 0


cdef int defender_strength(Guerilla* d, int c) noexcept nogil:
    """Unit c's strength for the defending group's faction."""
    return _str(d, c, d.grp[d.b_def].faction)


cdef double naming_odds(Guerilla* d, int c) noexcept nogil:
    """The declared attack's chance of winning when unit c (NO_CARD: none) defends besides the
    units named so far: the strongest of them defends (reading 8)."""
    cdef int s = named_strength(d)
    if c != NO_CARD and defender_strength(d, c) > s:
        s = defender_strength(d, c)
    return _odds(d, d.b_att, d.b_def, _attack_with_ambush(d), s)


cdef int legal_target(Guerilla* d, int* out) noexcept nogil:
    cdef int ti, n = 0
    cdef int attack = _attack_with_ambush(d)
    for ti in range(NGROUPS):
        if _partner_allows(d, d.b_att2, ti) and _target_ok(d, d.b_att, ti, attack):
            out[n] = A_GROUP + ti
            n += 1
    if _un_target_ok(d, d.b_att, _declared_attack(d, False)):
        out[n] = A_CARD + un_card(d)
        n += 1
    return n


cdef void _roll(Guerilla* d) noexcept nogil:
    """The defenders are known: the reaction window opens before the dice (reading 16)."""
    events.start_battle_window(d)


cdef void apply_target(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int ti = a - A_GROUP
    cdef Group* t = &d.grp[ti]
    st.observe_all(token(T_ACT, d.cur, a))
    if a >= A_CARD:
        # the UN card: "not modified by any other card" (l.129), so no reaction window
        d.b_un = 1
        d.b_def = -1
        d.roll_for = R_ATTACK
        d.node = N_ROLL
        return
    if is_armor(d, &d.grp[d.b_att]):
        armor.attack(st, d, d.b_att, ti)
        return
    d.b_def = <int8_t>ti
    if t.cplx >= 0:
        _roll(d)
    elif t.leader >= 0 and t.nunits > commanded(d, t):
        d.node = N_MODE                                # l.60-l.63
    elif t.leader < 0 and t.nunits > 1:
        d.node = N_DEFENDER                            # l.58
    else:
        if t.leader < 0:
            d.b_named = t.unit[0]
        _roll(d)


cdef int legal_mode(Guerilla* d, int* out) noexcept nogil:
    cdef Group* t = &d.grp[d.b_def]
    cdef int k, n = 0
    cdef int attack = _attack_with_ambush(d)
    for k in range(commanded(d, t), t.nunits):
        if _chance_of(d, d.b_att, d.b_def, attack, _str(d, t.unit[k], t.faction)):
            out[n] = A_MODE + MODE_SIDEWAYS
            n += 1
            break
    if _chance_of(d, d.b_att, d.b_def, attack, defence_strength(d, d.b_def, MODE_COMMANDED, NO_CARD)):
        out[n] = A_MODE + MODE_COMMANDED
        out[n + 1] = A_MODE + MODE_ALL
        n += 2
    return n


cdef void apply_mode(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef Group* t = &d.grp[d.b_def]
    st.observe_all(token(T_ACT, d.cur, a))
    d.b_mode = <int8_t>(a - A_MODE)
    if d.b_mode == MODE_SIDEWAYS and t.nunits - commanded(d, t) > 1:
        d.node = N_DEFENDER
        return
    if d.b_mode == MODE_SIDEWAYS:
        d.b_named = t.unit[t.nunits - 1]
    _roll(d)


cdef bint _named(Guerilla* d, int c) noexcept nogil:
    """Unit c is already named to defend."""
    cdef int k
    if d.b_named == c:
        return True
    for k in range(d.b_nalso):
        if d.b_also[k] == c:
            return True
    return False


cdef int _more_defenders(Guerilla* d, int* out) noexcept nogil:
    """The units the attacker may still name to defend, in any order: each not named yet and
    leaving the attack a chance (l.55)."""
    cdef Group* t = &d.grp[d.b_def]
    cdef int k, c, n = 0
    cdef int attack = _attack_with_ambush(d)
    cdef int first = commanded(d, t) if t.leader >= 0 else 0
    if d.b_named >= 0 and (d.one_defender or d.b_nalso >= 2):
        return 0
    for k in range(first, t.nunits):
        c = t.unit[k]
        if not _named(d, c) and _chance_of(d, d.b_att, d.b_def, attack, _str(d, c, t.faction)):
            n = add_sorted(out, n, A_CARD + c)
    return one_of_alike(d, out, n)


cdef int legal_defender(Guerilla* d, int* out) noexcept nogil:
    """The units the attacker names to defend, one by one, then done (l.58; reading 8;
    option leaderless_defenders=one: exactly one)."""
    if d.b_mode == MODE_ARMOR:
        return armor.legal_defender(d, out)
    if d.b_named < 0:
        return _more_defenders(d, out)
    out[0] = A_DONE
    return 1 + _more_defenders(d, out + 1)


cdef void apply_defender(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int buf[4]
    st.observe_all(token(T_ACT, d.cur, a))
    if d.b_mode == MODE_ARMOR:                         # the defender's one unit (l.121)
        d.b_named = <int8_t>(a - A_CARD)
        _roll(d)
        return
    if a == A_DONE:
        _roll(d)
        return
    if d.b_named < 0:
        d.b_named = <int8_t>(a - A_CARD)
    else:
        d.b_also[d.b_nalso] = <int8_t>(a - A_CARD)
        d.b_nalso += 1
    if _more_defenders(d, buf) == 0:
        _roll(d)


# ------------------------------------------------------------------ resolution
cdef int loss_candidates(Guerilla* d, int* out) noexcept nogil:
    """The cards of the losing side that are under attack (l.64), by printed strength
    descending (a leader counts 1), then card id."""
    cdef Group* g = &d.grp[d.b_loser]
    cdef int k, j, c, v, n = 0
    cdef int units = 0
    cdef bint leader = g.leader >= 0
    cdef int buf[8]
    if d.b_loser == d.b_att and d.b_att2 >= 0:       # both groups' attacking cards (l.119)
        n = _pair_units(d, d.b_att, d.b_unit, buf, 0)
        if g.leader >= 0:
            buf[n] = g.leader
            n += 1
        n = _pair_units(d, d.b_att2, d.b_unit2, buf, n)
        if d.grp[d.b_att2].leader >= 0:
            buf[n] = d.grp[d.b_att2].leader
            n += 1
        leader = False
    elif d.b_loser == d.b_att:
        if g.leader < 0:
            buf[n] = d.b_unit
            n += 1
        else:
            units = commanded(d, g)
    elif d.b_mode == MODE_ARMOR:                       # the unit attacked and its leader (l.121)
        buf[n] = d.b_named
        n += 1
        leader = leads(d, g, d.b_named)
    elif g.cplx >= 0:
        units = g.nunits                               # the garrison (l.75)
    elif d.b_mode == MODE_SINGLE:                      # an Ambush's single defender (reading 17)
        buf[n] = d.b_named
        n += 1
        leader = _led_single(d, g, d.b_named)
    elif g.leader < 0 or d.b_mode == MODE_SIDEWAYS:
        buf[n] = d.b_named
        n += 1
        leader = False
        for k in range(d.b_nalso):
            buf[n] = d.b_also[k]
            n += 1
    else:
        units = commanded(d, g) if d.b_mode == MODE_COMMANDED else g.nunits
    for k in range(units):
        buf[n] = g.unit[k]
        n += 1
    if leader:
        buf[n] = g.leader
        n += 1
    for k in range(n):                                 # insertion sort into out
        c = buf[k]
        v = printed(d, c, g.faction)
        j = k
        while j > 0 and (printed(d, out[j - 1], g.faction) < v or
                         (printed(d, out[j - 1], g.faction) == v and out[j - 1] > c)):
            out[j] = out[j - 1]
            j -= 1
        out[j] = c
    return n


cdef void _finish(Guerilla* d) noexcept nogil:
    """The battle is over; with losses, the window for Atrocities and Press opens (l.124)."""
    if d.b_points > 0:
        events.start_after_window(d)
    else:
        battle_clear(d)


cdef void _take_losses(GameState st, Guerilla* d) noexcept nogil:
    """The picked cards, and a leader they leave alone (l.70), are eliminated; points to the
    victor and his faction. The victor orders them onto the discard pile (l.72)."""
    cdef int victor = d.b_def if d.b_loser == d.b_att else d.b_att
    cdef Group* g = &d.grp[d.b_loser]
    # "No points are scored in battles involving the UN card" (l.129)
    d.b_victor = <int8_t>(d.grp[victor].owner if not d.b_un else -1)
    d.b_vfaction = d.grp[victor].faction if not d.b_un else 0
    d.b_sufferer = g.owner
    d.b_points = 0
    _lone_leader(d, d.b_loser)
    if d.b_loser == d.b_att and d.b_att2 >= 0:
        _lone_leader(d, d.b_att2)
    if d.b_loser == d.b_def and d.npick > 0:
        d.ar_hit = 1                                   # an Armor Column may go on (l.121)
    if _order_matters(d):
        d.cur = d.b_victor
        d.node = N_ORDER
        return
    _place_losses(st, d)


cdef void _lone_leader(Guerilla* d, int gi) noexcept nogil:
    """A leader all of whose units are picked goes with them (l.70)."""
    cdef Group* g = &d.grp[gi]
    cdef int k, j, units = 0
    for k in range(d.npick):
        for j in range(g.nunits):
            units += g.unit[j] == d.pick[k]
    if g.leader >= 0 and units == g.nunits and g.cplx < 0 and not _picked(d, g.leader):
        d.pick[d.npick] = g.leader
        d.npick += 1


cdef int _loser_group(Guerilla* d, int c) noexcept nogil:
    """The losing group holding card c: a combined attack's second group, or the loser."""
    cdef Group* g
    cdef int k
    if d.b_loser == d.b_att and d.b_att2 >= 0:
        g = &d.grp[d.b_att2]
        if g.leader == c:
            return d.b_att2
        for k in range(g.nunits):
            if g.unit[k] == c:
                return d.b_att2
    return d.b_loser


cdef bint _picked(Guerilla* d, int c) noexcept nogil:
    cdef int k
    for k in range(d.npick):
        if d.pick[k] == c:
            return True
    return False


cdef bint _order_matters(Guerilla* d) noexcept nogil:
    """The order is asked only where it "may be significant" (l.72): cards of two kinds or
    more, with a Barracks or a Port in play (reading 11)."""
    cdef int gi, k, cx
    cdef bint retriever = False
    for gi in range(NGROUPS):
        if d.grp[gi].owner >= 0 and d.grp[gi].cplx >= 0:
            cx = d.info[d.grp[gi].cplx].complex
            retriever = retriever or cx == CX_BARRACKS or cx == CX_PORT
    if not retriever or d.b_victor < 0:
        return False
    for k in range(1, d.npick):
        if d.info[d.pick[k]].type != d.info[d.pick[0]].type:
            return True
    return False


cdef void _eliminate_picked(GameState st, Guerilla* d, int k) noexcept nogil:
    """The k-th picked card goes onto the discard pile."""
    cdef int j
    d.b_points += eliminate_one(st, d, _loser_group(d, d.pick[k]), d.pick[k], d.b_victor,
                                d.b_vfaction)
    for j in range(k, d.npick - 1):
        d.pick[j] = d.pick[j + 1]
    d.npick -= 1
    d.pick[d.npick] = NO_CARD


cdef void _place_losses(GameState st, Guerilla* d) noexcept nogil:
    """The rest of the eliminated cards, in the order picked; then a capture or the end."""
    cdef Group* g = &d.grp[d.b_loser]
    while d.npick > 0:
        _eliminate_picked(st, d, 0)
    if group_empty(g):
        group_clear(g)
    if d.b_loser == d.b_att and d.b_att2 >= 0 and group_empty(&d.grp[d.b_att2]):
        group_clear(&d.grp[d.b_att2])
    if d.b_capture:
        d.b_capture = 0
        _capture(st, d)
    else:
        _finish(d)


cdef int legal_order(Guerilla* d, int* out) noexcept nogil:
    """The card the victor puts onto the pile next: one per kind (copies are alike)."""
    cdef int k, j, n = 0
    cdef bint seen
    for k in range(d.npick):
        seen = False
        for j in range(k):
            seen = seen or d.info[d.pick[j]].type == d.info[d.pick[k]].type
        if not seen:
            n = add_sorted(out, n, A_CARD + d.pick[k])
    return n


cdef void apply_order(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int k
    st.observe_all(token(T_ACT, d.cur, a))
    for k in range(d.npick):
        if d.pick[k] == a - A_CARD:
            _eliminate_picked(st, d, k)
            break
    for k in range(1, d.npick):
        if d.info[d.pick[k]].type != d.info[d.pick[0]].type:
            return
    _place_losses(st, d)


cdef void _overrun(GameState st, Guerilla* d, int gi, int n) noexcept nogil:
    """"If an isolated group is eliminated (any complex captured) with combat losses greater
    than its unit strength plus complex DF plus one point for a leader, it is overrun and the
    supply cutter gets his supply cut card back in hand." (l.128) n: its cards eliminated."""
    cdef Group* g = &d.grp[gi]
    if (isolated(g) and n == g.nunits + (1 if g.leader >= 0 else 0)
            and d.b_due > supply.overrun_limit(d, gi)):
        supply.release(st, d, gi, True)


cdef int _held(Guerilla* d, int gi, int* cards, int n) noexcept nogil:
    """How many of the cards are group gi's."""
    cdef int k, j, m = 0
    cdef Group* g = &d.grp[gi]
    for k in range(n):
        m += cards[k] == g.leader
        for j in range(g.nunits):
            m += cards[k] == g.unit[j]
    return m


cdef void _capture(GameState st, Guerilla* d) noexcept nogil:
    """The attacking group captures the complex (l.75): its faction and owner change at once;
    a captured isolated complex is supplied again, the card discarded (l.128)."""
    cdef Group* t = &d.grp[d.b_def]
    cdef Group* g = &d.grp[d.b_att]
    supply.release(st, d, d.b_def, False)
    t.owner = g.owner
    t.faction = g.faction
    t.attacked = 1          # "a group which took control of a complex could not destroy it" (l.76)
    d.cur = d.active
    st.observe_all(token(T_CAPTURE, g.owner, d.b_def))
    frame_reset(&d.step, 0, d.active)
    d.node = N_GARRISON


cdef void apply_roll(GameState st, Guerilla* d, int face) noexcept nogil:
    """Attack and defence totals, each die with its side's isolation modifier (l.67, l.128);
    the lower loses the difference (l.68)."""
    cdef int cards[8]
    cdef int k, n, total = 0, attack, defence
    st.observe_all(token(T_DIE, d.roll_for, face))
    if d.roll_for == R_ATTACK:
        d.b_roll[0] = <int8_t>face
        d.roll_for = R_DEFENCE
        return
    d.b_roll[1] = <int8_t>face
    attack = _side_strength(d) + d.b_roll[0] - _side_iso(d)
    if d.b_un:
        defence = d.info[un_card(d)].param + face
    else:
        defence = defence_strength(d, d.b_def, d.b_mode, d.b_named) + face - d.grp[d.b_def].iso
    d.b_total[0] = <int16_t>attack
    d.b_total[1] = <int16_t>defence
    if attack == defence:
        _finish(d)
        return
    if d.b_un and attack > defence:
        # "Card remains in play until eliminated in battle" (l.129)
        discard_card(st, d, un_card(d), P_ASIDE, PUBLIC, d.un)
        d.un = -1
        _finish(d)
        return
    d.b_loser = d.b_def if attack > defence else d.b_att
    d.b_due = <int8_t>(attack - defence if attack > defence else defence - attack)
    d.b_taken = 0
    d.npick = 0
    n = loss_candidates(d, cards)
    for k in range(n):
        total += printed(d, cards[k], d.grp[d.b_loser].faction)
    if total > d.b_due:
        d.cur = d.grp[d.b_loser].owner
        d.node = N_LOSS
        return
    for k in range(n):                                 # everything under attack goes
        d.pick[k] = <int8_t>cards[k]
    d.npick = <int8_t>n
    d.b_taken = <int8_t>total                          # what they pay, which may fall short of the due
    d.b_capture = (d.b_loser == d.b_def and d.grp[d.b_def].cplx >= 0 and total < d.b_due
                   and d.b_mode != MODE_ARMOR)         # the garrison goes before the complex
    if d.b_loser == d.b_att and d.b_att2 >= 0:       # a combined attack: each group (l.119)
        _overrun(st, d, d.b_att, _held(d, d.b_att, cards, n))
        _overrun(st, d, d.b_att2, _held(d, d.b_att2, cards, n))
    else:
        _overrun(st, d, d.b_loser, n)
    _take_losses(st, d)


cdef bint loss_allowed(Guerilla* d, const int* cards, int m, int mask) noexcept nogil:
    """The candidates in mask are a legal set of losses: their printed strengths reach the
    losses, and without its weakest card the set falls short, so no card is more than
    necessary (l.68-l.71; reading 11)."""
    cdef int k, v, low = 99, total = 0
    cdef int f = d.grp[d.b_loser].faction
    for k in range(m):
        if (mask >> k) & 1:
            v = printed(d, cards[k], f)
            total += v
            low = v if v < low else low
    return mask != 0 and total >= d.b_due and total - low < d.b_due


cdef int loss_picked(Guerilla* d, const int* cards, int m) noexcept nogil:
    """The mask of the candidates picked so far."""
    cdef int k, j, mask = 0
    for k in range(m):
        for j in range(d.npick):
            if d.pick[j] == cards[k]:
                mask |= 1 << k
    return mask


cdef int legal_loss(Guerilla* d, int* out) noexcept nogil:
    """Card by card in any order (l.68: "units of his choice"): every card not picked yet of a
    legal set that holds the picks; done once the picks meet the losses (they are then a legal
    set, as no card of one is more than necessary, l.71)."""
    cdef int cards[8]
    cdef int k, mask, n = 0, offer = 0
    cdef int m = loss_candidates(d, cards)
    cdef int picked = loss_picked(d, cards, m)
    if d.b_taken >= d.b_due:
        out[0] = A_DONE
        return 1
    for mask in range(1 << m):
        if (mask & picked) == picked and loss_allowed(d, cards, m, mask):
            offer |= mask
    for k in range(m):
        if (offer >> k) & 1 and not (picked >> k) & 1:
            n = add_sorted(out, n, A_CARD + cards[k])
    return one_of_alike(d, out, n)


cdef void apply_loss(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_all(token(T_ACT, d.cur, a))
    if a == A_DONE:
        _take_losses(st, d)
        return
    d.b_taken += printed(d, a - A_CARD, d.grp[d.b_loser].faction)
    d.pick[d.npick] = <int8_t>(a - A_CARD)
    d.npick += 1


cdef int legal_garrison(Guerilla* d, int* out) noexcept nogil:
    """The attacking group may at once give the captured complex a unit and/or a leader as
    garrison (l.75), leaving no leader alone (l.18); in a combined attack either group
    (reading 20). The two are picked in either order: a leader moved in first still leaves
    the choice of a unit."""
    cdef int n = 1
    out[0] = A_DONE
    n = _garrison_from(d, d.b_att, out, n)
    if d.b_att2 >= 0:
        n = _garrison_from(d, d.b_att2, out, n)
    return one_of_alike(d, out, n)


cdef int _garrison_from(Guerilla* d, int gi, int* out, int n) noexcept nogil:
    cdef Group* g = &d.grp[gi]
    cdef Group* t = &d.grp[d.b_def]
    cdef int k
    if g.owner < 0 or is_armor(d, g):                  # the Armor Column stands alone (l.121)
        return n
    if t.leader < 0 and g.leader >= 0:
        n = add_sorted(out, n, A_CARD + g.leader)
    if t.nunits == 0 and (g.nunits > 1 or g.leader < 0):
        for k in range(g.nunits):
            n = add_sorted(out, n, A_CARD + g.unit[k])
    return n


cdef void apply_garrison(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int c = a - A_CARD
    cdef Group* g = &d.grp[d.b_att]
    st.observe_all(token(T_ACT, d.cur, a))
    if a == A_DONE:
        _finish(d)
        return
    if d.b_att2 >= 0 and find_group(d, c) == d.b_att2:
        g = &d.grp[d.b_att2]
    group_remove(g, c)
    group_add(d, &d.grp[d.b_def], c)
    if group_empty(g):
        group_clear(g)
