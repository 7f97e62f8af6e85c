# cython: language_level=3
"""A player's turn (l.41-l.98): two actions spent in phases A-F in order (withdrawal, attack,
deployment, discard, draw; trade and the event cards are not implemented yet), the draw and
the red cards it brings (a complex, the Revolution, Traitors, Bad Weather), the end of the
turn (hand capacity, sudden death) and the end of the round with its scoring (l.99-l.116)."""
from libc.stdint cimport uint16_t
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_count, ws_nth, ws_add, ws_remove
from partisan.core.piles cimport pile_find_from_top, pile_remove_at
from libc.stdint cimport uint8_t
from partisan.core.knowledge cimport PUBLIC, OWNER
from partisan.core.piles cimport pile_draw, pile_clear, pile_shuffle
from partisan.core.knowledge cimport Places, move_cards, show_card, NO_TOKEN
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.hand cimport free_types
from partisan.core.games.guerilla cimport battle, abilities, events, trade, supply


# ------------------------------------------------------------------ the turn's menu
cdef void start_turn(GameState st, Guerilla* d, int seat) noexcept nogil:
    """Two actions (l.43), phase A first; Bad Weather before him is rolled off (l.46, l.132)."""
    cdef int i
    d.active = <int8_t>seat
    d.cur = <int8_t>seat
    d.actions = 2
    d.banco = 1
    d.used = 0
    d.discarded = 0
    d.forced = -1
    d.letter = 0
    for i in range(NGROUPS):
        d.grp[i].attacked = 0
        d.grp[i].fresh = 0
        d.grp[i].handled = 0
        if d.grp[i].owner == seat:
            d.grp[i].arranged = 0                      # "at the start of the owning player's turn"
        elif d.grp[i].owner >= 0 and d.grp[i].arranged == 0:
            d.grp[i].arranged = 1                      # the last turn's occasions are over (a
                                                       #   free slot stays as group_clear left it)
    st.observe_all(token(T_ACT, seat, -1))
    if d.weather == seat:
        d.roll_for = R_WEATHER
        d.node = N_ROLL
    else:
        d.node = N_TURN


cdef bint _can_withdraw(Guerilla* d, int gi) noexcept nogil:
    """Units and leaders come back to hand; a complex never, nor an isolated group (l.47, l.128)."""
    cdef Group* g = &d.grp[gi]
    return (g.owner == d.active and not isolated(g) and not is_armor(d, g)
            and (g.leader >= 0 or g.nunits > 0))   # the Armor Column stays until eliminated (l.121)


cdef int _free_kinds(Guerilla* d) noexcept nogil:
    """Which kinds of card the active player could add to a group: bit K_UNIT, bit K_LEADER
    (a free card of that kind in hand, card_free). Found once per menu, not once per group."""
    cdef int types[NCARDS]
    cdef int first[NCARDS]
    cdef int i, k, f, kinds = 0
    for i in range(free_types(d, d.active, types, first)):
        k = d.info[first[i]].kind
        if k == K_UNIT or k == K_LEADER:
            f = barracks_faction(d, first[i])
            # a card the Barracks retrieved joins only its faction's groups (l.134): bits 2-5
            kinds |= 1 << (k if f < 0 else 2 + 2 * f + k)
    return kinds


cdef bint _could_join(Guerilla* d, int gi, int kinds) noexcept nogil:
    """A card of the active player's hand fits group gi (l.82): no isolated group (l.119).
    `kinds` is _free_kinds(d); group_accepts depends only on a card's kind."""
    cdef Group* g = &d.grp[gi]
    if g.owner < 0 or isolated(g) or is_armor(d, g):   # the Armor Column stands alone (l.121)
        return False
    kinds = (kinds | (kinds >> (2 + 2 * g.faction))) & 3
    if (kinds >> K_UNIT) & 1 and g.nunits < (1 if g.cplx >= 0 else 3):
        return True
    return (kinds >> K_LEADER) & 1 and g.leader < 0


cdef bint _can_draw(Guerilla* d) noexcept nogil:
    """No draws in sudden death (l.102); to capacity (l.95)."""
    return not d.sudden and d.deck.n > 0 and hand_count(d, d.active) < capacity(d, d.active)


cdef int legal_turn(Guerilla* d, int* out) noexcept nogil:
    """Ending the turn, or an action of the current phase or a later one (l.44) that an action
    left can pay for (the Banco's only for its faction, l.133); choosing a later phase's action
    passes the earlier phases."""
    cdef int gi, kinds, n = 0
    cdef bint any_pay = can_pay(d, -1)
    out[n] = A_END
    n += 1
    if d.letter <= 2 and hand_unit_for(d, d.active, -1 if d.actions > 0 else banco_faction(d)) and free_group(d) >= 0 and any_pay:
        out[n] = A_DEPLOY
        n += 1
    if d.letter <= 4 and has_loose_card(d, d.active) and any_pay:
        out[n] = A_DISCARD
        n += 1
    if _can_draw(d) and any_pay:
        out[n] = A_DRAW
        n += 1
    if d.letter == 0:
        for gi in range(NGROUPS):
            if _can_withdraw(d, gi) and can_pay(d, d.grp[gi].faction):
                out[n] = A_WITHDRAW + gi
                n += 1
    if d.letter <= 1:
        for gi in range(NGROUPS):
            if battle.can_attack(d, gi) and can_pay(d, d.grp[gi].faction):
                out[n] = A_ATTACK + gi
                n += 1
    if d.letter <= 2:
        kinds = _free_kinds(d)
        for gi in range(NGROUPS):
            if _could_join(d, gi, kinds) and can_pay(d, d.grp[gi].faction):
                out[n] = A_REINFORCE + gi
                n += 1
    if d.letter <= 1:
        for gi in range(NGROUPS):                      # a sortie (l.59): A_GROUP in the menu
            if battle.can_sortie(d, gi) and can_pay(d, d.grp[gi].faction):
                out[n] = A_GROUP + gi
                n += 1
    n += _legal_rearrange(d, out + n)
    n += abilities.legal_abilities(d, out + n)
    n += events.legal_plays(d, out + n)
    if trade.can_trade(d):
        out[n] = A_TRADE
        n += 1
    if _barracks_ok(d):
        n = add_sorted(out, n, A_YES)
    return n


# ------------------------------------------------------------------ the Barracks (l.134)
cdef bint _barracks_ok(Guerilla* d) noexcept nogil:
    """In F (or before: choosing it passes the earlier phases), once a turn, no action; in sudden
    death too (l.102). Offered whatever the pile holds, so the offer reveals nothing."""
    return d.letter <= 5 and not (d.used >> AB_BARRACKS) & 1 and complex_group(d, d.active, CX_BARRACKS) >= 0


cdef void _barracks(GameState st, Guerilla* d) noexcept nogil:
    """The unit, leader or (under Government control) Recon Patrol nearest the top of the
    discard pile, "no choice", to hand; a unit or leader must deploy on the Barracks' faction
    (l.134). It is shown, as the Port's card (reading 34)."""
    cdef uint8_t wanted[NCARDS]
    cdef int c, slot, f = d.grp[complex_group(d, d.active, CX_BARRACKS)].faction
    d.used |= <uint16_t>(1 << AB_BARRACKS)
    d.letter = 5
    for c in range(NCARDS):
        wanted[c] = (d.info[c].kind == K_UNIT or d.info[c].kind == K_LEADER
                     or (f == F_GOV and d.info[c].event == EV_RECON))
    slot = pile_find_from_top(&d.disc, wanted, NCARDS)
    if slot < 0:
        return
    c = pile_remove_at(&d.disc, slot)
    move(st, d, c, P_DISC, P_HAND + d.active, PUBLIC, d.active, T_RETURN)
    ws_remove(d.bk[1 - f], NW, c)
    if d.info[c].kind != K_EVENT:
        ws_add(d.bk[f], NW, c)


cdef bint _pick_fits(Guerilla* d, int c) noexcept nogil:
    """A card the Barracks retrieved goes only where its faction can be kept (l.134); it lies on
    the table, so it is not discarded."""
    cdef int k, f = barracks_faction(d, c)
    if f < 0:
        return True
    if d.pick_kind == PK_DISCARD:
        return False
    if d.pick_kind == PK_REINFORCE:
        return d.grp[d.pick_group].faction == f
    if d.forced >= 0 and d.forced != f:
        return False
    for k in range(d.npick):
        if barracks_faction(d, d.pick[k]) == 1 - f:
            return False
    return True


cdef int _fitting_copy(Guerilla* d, int t) noexcept nogil:
    """The free copy of kind t this pick takes: hand_of_type's, else another copy the pick may
    take (two copies of one kind may be held by the Barracks to opposite factions, l.134)."""
    cdef int c = hand_of_type(d, d.active, t)
    if c == NO_CARD or _pick_fits(d, c):
        return c
    for c in range(d.type_first[t], NCARDS):
        if d.info[c].type != t:
            break
        if card_free(d, d.active, c) and _pick_fits(d, c):
            return c
    return NO_CARD


cdef void start_pick(Guerilla* d, int kind, int gi) noexcept nogil:
    d.pick_kind = <int8_t>kind
    d.pick_group = <int8_t>gi
    d.npick = 0
    d.node = N_PICK


cdef void apply_turn(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int gi, c, k
    cdef Group* g
    if a == A_END:
        end_turn(st, d)
        return
    if a == A_ABILITY + AB_BRIDGE_DEPLOY:
        # "deploy or withdraw one group of the bridge's faction per turn at no action cost"
        d.used |= <uint16_t>((1 << AB_BRIDGE_DEPLOY) | (1 << AB_BRIDGE_WITHDRAW))
        d.forced = d.grp[complex_group(d, d.active, CX_BRIDGE)].faction
        d.letter = 2
        start_pick(d, PK_DEPLOY, -1)
        return
    if a == A_TRADE:
        trade.begin_trade(st, d)
        return
    if a == A_YES:
        _barracks(st, d)
        return
    if A_CARD <= a < A_FACTION:                        # free (l.23-l.26)
        _rearrange(d, a - A_CARD)
        return
    if a >= A_PLAY:
        events.apply_play(st, d, a)
        return
    if a >= A_ABILITY:
        abilities.apply_ability(st, d, a)
        return
    if a == A_DEPLOY:
        pay_open(d)                                    # the faction is chosen last
    elif a == A_DISCARD or a == A_DRAW:
        pay(d, USE_EITHER)
    else:
        pay(d, d.grp[_menu_group(a)].faction)
    if a == A_DEPLOY:
        d.letter = 2
        start_pick(d, PK_DEPLOY, -1)
    elif a == A_DISCARD:
        d.letter = 4
        d.discarded = 1
        start_pick(d, PK_DISCARD, -1)
    elif a == A_DRAW:
        d.letter = 5
        d.node = N_DRAW
    elif a < A_ATTACK:
        _begin_withdrawal(st, d, a - A_WITHDRAW)
    elif a < A_REINFORCE:
        d.letter = 1
        battle.begin_attack(st, d, a - A_ATTACK)
    elif A_GROUP <= a < A_CARD:
        d.letter = 1
        battle.begin_sortie(st, d, a - A_GROUP)
    else:
        d.letter = 2
        start_pick(d, PK_REINFORCE, a - A_REINFORCE)


cdef inline int _menu_group(int a) noexcept nogil:
    """The group a withdrawal, attack, sortie or reinforcement of the turn's menu names."""
    if a < A_ATTACK:
        return a - A_WITHDRAW
    if a < A_REINFORCE:
        return a - A_ATTACK
    if A_GROUP <= a < A_CARD:
        return a - A_GROUP
    return a - A_REINFORCE


cdef void withdraw(GameState st, Guerilla* d, int gi) noexcept nogil:
    """The whole group's units and leader go back to hand; a complex stays, and keeps its
    faction (l.47, l.49)."""
    cdef Group* g = &d.grp[gi]
    cdef int c
    while g.nunits > 0 or g.leader >= 0:
        c = g.leader if g.leader >= 0 else g.unit[g.nunits - 1]
        group_remove(g, c)
        move(st, d, c, P_TABLE, P_HAND + d.active, PUBLIC, d.active, T_RETURN)
    if group_empty(g):
        group_clear(g)
    else:
        g.handled = 1                                  # a complex stays, its garrison withdrawn


# ------------------------------------------------------------------ part of a group (l.47)
cdef bint _part_ok(Guerilla* d, int gi, int mask) noexcept nogil:
    """A proper part of the group's units and leader, leaving no leader alone (l.18)."""
    cdef Group* g = &d.grp[gi]
    cdef int k, units = 0
    for k in range(g.nunits):
        units += (mask >> k) & 1
    if mask == 0 or mask == group_mask(g):
        return False
    return (mask & 8) or g.leader < 0 or units < g.nunits or g.cplx >= 0


cdef void _begin_withdrawal(GameState st, Guerilla* d, int gi) noexcept nogil:
    """With a choice of parts, the cards withdrawn are picked; "done" at once is the whole."""
    if not mask_completable(d, gi, 0, -1, _part_ok):
        withdraw(st, d, gi)
        return
    d.pick_group = <int8_t>gi
    d.s_mask = 0
    d.s_last = -1
    d.node = N_WPART


cdef int legal_part(Guerilla* d, int* out) noexcept nogil:
    cdef int k
    cdef int n = legal_mask_picks(d, d.pick_group, out + 1, _part_ok)
    if d.s_mask == 0:
        out[0] = A_DONE                                # the whole group
        return n + 1
    for k in range(n):
        out[k] = out[k + 1]
    return n


cdef void apply_part(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef Group* g = &d.grp[d.pick_group]
    cdef int k, m
    cdef int cards[4]
    st.observe_all(token(T_ACT, d.active, a))
    if a != A_DONE:
        mask_pick(d, d.pick_group, a - A_CARD)
        return
    d.node = N_TURN
    if d.s_mask == 0:
        withdraw(st, d, d.pick_group)
        return
    m = mask_cards(g, d.s_mask, cards)
    for k in range(m):
        group_remove(g, cards[k])
        move(st, d, cards[k], P_TABLE, P_HAND + d.active, PUBLIC, d.active, T_RETURN)
    may_rearrange(d, d.pick_group)                     # a withdrawal involving it (l.24)
    g.handled = 1
    d.s_mask = 0
    d.s_last = -1


# ------------------------------------------------------------------ rearranging (l.22-l.26)
cdef inline int _sideways(Guerilla* d, int gi, int n, int* out) noexcept nogil:
    """Bringing one of group gi's sideways units into command: the actions added to out[0:n]."""
    cdef Group* g = &d.grp[gi]
    cdef int k
    if g.leader >= 0:
        for k in range(commanded(d, g), g.nunits):
            n = add_sorted(out, n, A_CARD + g.unit[k])
    return n


cdef int _legal_rearrange(Guerilla* d, int* out) noexcept nogil:
    """A sideways unit of one of his groups brought into command, once an occasion (reading
    10a): the cards are rearranged at no cost."""
    cdef int gi, n = 0
    for gi in range(NGROUPS):
        if d.grp[gi].owner == d.active and d.grp[gi].arranged == 0:
            n = _sideways(d, gi, n, out)
    return one_of_alike(d, out, n)


cdef void ask_rearrange(Guerilla* d) noexcept nogil:
    """At the active player's menu, the owner of a group with an occasion in this turn (a battle,
    a reinforcement, a change of faction: arranged 2) is asked whether to rearrange it, when he
    has a sideways unit to bring into command (l.23-l.25; reading 10a)."""
    cdef int buf[4]
    cdef int gi
    for gi in range(NGROUPS):
        if d.grp[gi].arranged != 2:
            continue
        d.grp[gi].arranged = 1 if d.grp[gi].owner >= 0 else 0
        if d.grp[gi].owner >= 0 and d.grp[gi].owner != d.active and _sideways(d, gi, 0, buf) > 0:
            d.pick_group = <int8_t>gi
            d.cur = d.grp[gi].owner
            d.node = N_REGROUP
            return
    d.re_ask = 0


cdef int legal_regroup(Guerilla* d, int* out) noexcept nogil:
    """Keep the group as it is, or bring a sideways unit into command."""
    out[0] = A_NO
    return one_of_alike(d, out, _sideways(d, d.pick_group, 1, out))


cdef void apply_regroup(Guerilla* d, int a) noexcept nogil:
    d.node = N_TURN
    if a != A_NO:
        _rearrange(d, a - A_CARD)
    if d.node == N_TURN:
        d.cur = d.active


cdef void _swap_units(Group* g, int a, int b) noexcept nogil:
    cdef int ka = 0, kb = 0, k
    cdef int8_t c
    for k in range(g.nunits):
        if g.unit[k] == a:
            ka = k
        if g.unit[k] == b:
            kb = k
    c = g.unit[ka]
    g.unit[ka] = g.unit[kb]
    g.unit[kb] = c


cdef void _rearrange(Guerilla* d, int c) noexcept nogil:
    """With one commanded unit, it changes place with c; with two, its owner picks which goes
    sideways."""
    cdef int gi = find_group(d, c)
    cdef Group* g = &d.grp[gi]
    g.arranged = 1
    if commanded(d, g) == 1:
        _swap_units(g, g.unit[0], c)
        return
    d.pick_group = <int8_t>gi
    d.s_last = <int8_t>c
    d.node = N_ARRANGE


cdef int legal_arrange(Guerilla* d, int* out) noexcept nogil:
    """The commanded unit that goes sideways, alike units offered once (one_of_alike)."""
    cdef Group* g = &d.grp[d.pick_group]
    cdef int k, n = 0
    for k in range(commanded(d, g)):
        n = add_sorted(out, n, A_CARD + g.unit[k])
    return one_of_alike(d, out, n)


cdef bint arrange_twin(Guerilla* d, int a) noexcept nogil:
    """Whether a names a commanded unit at the choice of the one that goes sideways: offered, or
    left out of the menu for an alike one (legal_arrange). Records made when every alike unit
    was offered replay with the card they name."""
    cdef Group* g
    cdef int k
    if d.node != N_ARRANGE or not A_CARD <= a < A_FACTION:
        return False
    g = &d.grp[d.pick_group]
    for k in range(commanded(d, g)):
        if g.unit[k] == a - A_CARD:
            return True
    return False


cdef void apply_arrange(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_all(token(T_ACT, d.cur, a))
    _swap_units(&d.grp[d.pick_group], a - A_CARD, d.s_last)
    d.s_last = -1
    d.cur = d.active
    d.node = N_TURN


cdef int legal_ability_target(Guerilla* d, int* out) noexcept nogil:
    return abilities.legal_target(d, out)


cdef void apply_ability_target(GameState st, Guerilla* d, int a) noexcept nogil:
    """The Bridge's free withdrawal is the turn's; the other targets are the abilities'."""
    if d.ability == AB_BRIDGE_WITHDRAW:
        st.observe_all(token(T_ACT, d.active, a))
        withdraw(st, d, a - A_GROUP)
        d.b_att = -1
        d.cur = d.active
        d.node = N_TURN
    else:
        abilities.apply_target(st, d, a)


# ------------------------------------------------------------------ deploy, reinforce, discard
cdef void _pick_counts(Guerilla* d, int* leaders, int* units, int* cplx) noexcept nogil:
    cdef int k, kind
    cdef Group* g
    leaders[0] = 0
    units[0] = 0
    cplx[0] = 0
    if d.pick_kind == PK_REINFORCE:
        g = &d.grp[d.pick_group]
        leaders[0] = g.leader >= 0
        units[0] = g.nunits
        cplx[0] = g.cplx >= 0
    for k in range(d.npick):
        kind = d.info[d.pick[k]].kind
        leaders[0] += kind == K_LEADER
        units[0] += kind == K_UNIT


cdef bint _unit_may_follow(Guerilla* d, int c, int units) noexcept nogil:
    """Leader c opens a new group: a free unit of the hand may still join him (l.18), on a
    faction both may take (l.134)."""
    cdef int f
    if d.pick_kind != PK_DEPLOY or units > 0 or d.info[c].kind != K_LEADER:
        return False
    f = barracks_faction(d, c)
    return hand_unit_for(d, d.active, d.forced if f < 0 else f)


cdef int legal_pick(Guerilla* d, int* out) noexcept nogil:
    """The cards of a new group (its leader, even first, while a unit may join him: never
    alone, l.18), of a reinforcement (within the group's limits, l.82) or of a discard (up to
    four, l.91; the first picked is the one shown), card by card in any order, ended by done."""
    cdef int types[NCARDS]
    cdef int first[NCARDS]
    cdef int leaders, units, cplx, t, c, i, n = 0
    cdef int m = free_types(d, d.active, types, first)
    _pick_counts(d, &leaders, &units, &cplx)
    if d.npick > 0 and (d.pick_kind != PK_DEPLOY or units > 0):
        out[n] = A_DONE
        n += 1
    if d.pick_kind == PK_DISCARD and d.npick >= DISCARD_MAX:
        return n
    for i in range(m):
        t = types[i]
        c = first[i]
        if not _pick_fits(d, c):
            c = _fitting_copy(d, t)                    # the copy apply_pick takes
            if c == NO_CARD:
                continue
        if d.pick_kind != PK_DISCARD and not group_takes(d, c, leaders, units, cplx, False,
                                                         _unit_may_follow(d, c, units)):
            continue
        out[n] = A_TYPE + t
        n += 1
    return n


cdef int _held_twin(Guerilla* d, int c, int faction) noexcept nogil:
    """A free copy of loose card c's kind that the Barracks holds to `faction`, else c: going
    where the held copy must go anyway, it leaves the loose one free for either side (l.134)."""
    cdef int h
    if barracks_faction(d, c) >= 0:
        return c
    for h in range(d.type_first[d.info[c].type], NCARDS):
        if d.info[h].type != d.info[c].type:
            break
        if barracks_faction(d, h) == faction and card_free(d, d.active, h):
            return h
    return c


cdef void _place_picked(GameState st, Guerilla* d, int gi) noexcept nogil:
    """The picked cards join group gi face up (its owner's, with or without consent, l.83); of
    a kind picked, the copy the Barracks holds to the group's faction goes first."""
    cdef int k, c
    cdef Group* g = &d.grp[gi]
    d.placed = <int8_t>gi
    may_rearrange(d, gi)                               # a deployment involving it (l.24)
    for k in range(d.npick):
        d.pick[k] = <int8_t>_held_twin(d, d.pick[k], g.faction)
    for k in range(d.npick):
        c = d.pick[k]
        d.pick[k] = NO_CARD
        hold_ends(d, c)
        group_add(d, g, c)
        move(st, d, c, P_HAND + d.active, P_TABLE, PUBLIC, d.active, T_REVEAL)
    d.npick = 0
    d.node = N_TURN


cdef void apply_pick(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int k, c
    cdef Places p
    if a != A_DONE:
        c = _fitting_copy(d, a - A_TYPE)
        d.pick[d.npick] = <int8_t>c
        d.npick += 1
        if d.pick_kind == PK_DISCARD:
            # face down: the others see only that a card was chosen (l.91)
            st.observe_split(d.active, token(T_ACT, d.active, a), token(T_ACT, d.active, -2))
        else:
            # laid on the table: everyone knows it is in his hand until the group is placed
            p = pl(d)
            show_card(st, &p, c, P_HAND + d.active, PUBLIC, d.active, -1,
                      token(T_ACT, d.active, a), token(T_ACT, d.active, a))
        return
    st.observe_all(token(T_ACT, d.active, a))
    if d.pick_kind == PK_DEPLOY:
        d.node = N_FACTION
    elif d.pick_kind == PK_REINFORCE:
        d.grp[d.pick_group].handled = d.aa_stage == 0  # as a deployment: it could have taken more
        _place_picked(st, d, d.pick_group)
    else:
        # "He must reveal only the last card discarded" (l.91): the first picked goes last
        for k in range(1, d.npick + 1):
            c = d.pick[k % d.npick]
            discard_card(st, d, c, P_HAND + d.active, PUBLIC if k == d.npick else OWNER,
                         d.active)
        for k in range(d.npick):
            d.pick[k] = NO_CARD
        d.npick = 0
        d.node = N_TURN


cdef int legal_faction(Guerilla* d, int* out) noexcept nogil:
    """The owner chooses each new group's faction (l.37, l.49), but the Bridge's free deployment
    and the Banco's action serve their own (l.133, l.135), a card the Barracks retrieved the
    faction it holds it to (l.134)."""
    cdef int k, f = d.forced
    for k in range(d.npick):
        if f < 0:
            f = barracks_faction(d, d.pick[k])
    if f >= 0:
        out[0] = A_FACTION + f
        return 1
    out[0] = A_FACTION + F_GOV
    out[1] = A_FACTION + F_REB
    return 2


cdef void apply_faction(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int gi = take_group(d)
    settle(d, a - A_FACTION)                           # a new group of the Banco's faction
    d.forced = -1
    st.observe_all(token(T_ACT, d.active, a))
    d.grp[gi].owner = d.active
    d.grp[gi].faction = <int8_t>(a - A_FACTION)
    d.grp[gi].handled = d.aa_stage == 0                # not an Air Assault's, which attacks at once
    _place_picked(st, d, gi)


# ------------------------------------------------------------------ the draw (l.95-l.96)
cdef void _exhausted(GameState st, Guerilla* d) noexcept nogil:
    """The deck ran out: 5-6 players shuffle the discard pile into a second deck the first
    time (l.101); otherwise sudden death begins (l.100, l.103)."""
    cdef Places p
    if d.deck.n > 0 or d.sudden:
        return
    if d.n >= 5 and d.deck_pass == 1 and d.disc.n > 0:
        if d.rev_removed and in_place(d, P_DISC, d.revolution):
            # option second_deck_revolution=removed (reading 38): it stays out
            move(st, d, d.revolution, P_DISC, P_ASIDE, PUBLIC, d.active, T_RED)
        p = pl(d)
        move_cards(st, &p, d.cards[P_DISC], P_DISC, P_DECK, PUBLIC, d.active, -1,
                   token(T_SHUFFLE, d.active, 1), NO_TOKEN)
        pile_clear(&d.disc)
        deck_rebuild(d, -1)
        d.deck_pass = 2
        return
    d.sudden = 1
    d.sudden_marker = SUDDEN_START


cdef void apply_draw(GameState st, Guerilla* d, int card) noexcept nogil:
    """Cards to capacity or until a red card, which is played at once; then the turn ends
    (l.95; reading 31)."""
    cdef int buf[NGROUPS]
    pile_draw(&d.deck, card)
    if d.info[card].kind == K_COMPLEX or d.info[card].kind == K_RED:
        move(st, d, card, P_DECK, P_ASIDE, PUBLIC, d.active, T_RED)
        _exhausted(st, d)
        d.drawn_red = <int8_t>card
        if d.info[card].kind == K_COMPLEX:
            d.node = N_COMPLEX
        elif d.info[card].red == RED_REVOLUTION and open_duel(d):
            _begin_turncoat(st, d)                     # no swap: it would only swap the sides
        elif d.info[card].red == RED_REVOLUTION:
            d.node = N_SWAP
        elif d.info[card].red == RED_TRAITORS:
            d.node = N_TRAITOR
            if legal_traitor(d, buf) == 0:             # no target: the card is spent
                _red_done(st, d)
        else:
            d.weather = d.active                       # before the drawer (l.132)
            end_turn(st, d)
        return
    move(st, d, card, P_DECK, P_HAND + d.active, OWNER, d.active, T_CARD)
    _exhausted(st, d)
    if d.deck.n > 0 and hand_count(d, d.active) < capacity(d, d.active):
        return
    if d.draw_red:                                     # option draw_ends_turn=red (reading 31)
        d.node = N_TURN
    else:
        end_turn(st, d)


cdef void _red_done(GameState st, Guerilla* d) noexcept nogil:
    """The played Revolution or Traitors goes face up onto the discard pile."""
    discard_card(st, d, d.drawn_red, P_ASIDE, PUBLIC, d.active)
    d.drawn_red = NO_CARD
    end_turn(st, d)


cdef int legal_complex(Guerilla* d, int* out) noexcept nogil:
    """A drawn complex, under Government control, joins one of the drawer's one-unit
    Government groups without a complex and not isolated, or stands alone (l.96; reading 32)."""
    cdef int gi, n = 0
    cdef Group* g
    out[n] = A_DONE
    n += 1
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if (g.owner == d.active and g.faction == F_GOV and g.nunits == 1 and g.cplx < 0
                and not isolated(g) and not is_armor(d, g)):
            out[n] = A_GROUP + gi
            n += 1
    return n


cdef void apply_complex(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int gi
    st.observe_all(token(T_ACT, d.active, a))
    if a == A_DONE:
        gi = take_group(d)
        d.grp[gi].owner = d.active
        d.grp[gi].faction = F_GOV
    else:
        gi = a - A_GROUP
    group_add(d, &d.grp[gi], d.drawn_red)
    move(st, d, d.drawn_red, P_ASIDE, P_TABLE, PUBLIC, d.active, T_REVEAL)
    d.drawn_red = NO_CARD
    end_turn(st, d)


cdef int pair_seats(int pair, int* b) noexcept nogil:
    """The two seats of a pair index (0..14 over six seats, a < b)."""
    cdef int a, k = 0
    for a in range(GMAXP):
        for b[0] in range(a + 1, GMAXP):
            if k == pair:
                return a
            k += 1
    return -1


cdef int legal_swap(Guerilla* d, int* out) noexcept nogil:
    """The Revolution's drawer may exchange the markers of any two players (himself included)
    but a Palace holder's (l.139, l.138), or none."""
    cdef int k, a, b, n = 0
    out[n] = A_DONE
    n += 1
    for k in range(15):
        a = pair_seats(k, &b)
        if b < d.n and not immune(d, a) and not immune(d, b):
            out[n] = A_PAIR + k
            n += 1
    return n


cdef void apply_swap(GameState st, Guerilla* d, int a) noexcept nogil:
    """Both players check their new markers (l.139): each now also knows the other's."""
    cdef int x, y, m
    cdef uint8_t kx
    st.observe_all(token(T_ACT, d.active, a))
    if a != A_DONE:
        x = pair_seats(a - A_PAIR, &y)
        m = d.loyalty[x]
        d.loyalty[x] = d.loyalty[y]
        d.loyalty[y] = <int8_t>m
        kx = d.known[x]
        d.known[x] = <uint8_t>(d.known[y] | seat_bit(x))
        d.known[y] = <uint8_t>(kx | seat_bit(y))
        st.observe_one(x, token(T_NEWLOYALTY, x, d.loyalty[x]))
        st.observe_one(y, token(T_NEWLOYALTY, y, d.loyalty[y]))
    _begin_turncoat(st, d)


cdef void _begin_turncoat(GameState st, Guerilla* d) noexcept nogil:
    """The Revolution's drawer turns a group, if one may turn (l.139)."""
    cdef int buf[NGROUPS]
    d.node = N_TURNCOAT
    if legal_turncoat(d, buf) == 0:
        _red_done(st, d)


cdef int legal_turncoat(Guerilla* d, int* out) noexcept nogil:
    """One deployed Government group turns Rebel, not a Palace holder's (l.139)."""
    cdef int gi, n = 0
    for gi in range(NGROUPS):
        if (d.grp[gi].owner >= 0 and d.grp[gi].faction == F_GOV and not immune(d, d.grp[gi].owner)
                and not is_armor(d, &d.grp[gi])):      # "Never changes faction" (l.121)
            out[n] = A_GROUP + gi
            n += 1
    return n


cdef void apply_turncoat(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_all(token(T_ACT, d.active, a))
    turn_faction(d, a - A_GROUP)
    _red_done(st, d)


cdef int legal_traitor(Guerilla* d, int* out) noexcept nogil:
    """Any deployed leader or complex, but a Palace holder's (l.140)."""
    cdef int gi, n = 0
    cdef Group* g
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if g.owner >= 0 and (g.leader >= 0 or g.cplx >= 0) and not immune(d, g.owner):
            out[n] = A_GROUP + gi
            n += 1
    return n


cdef void apply_traitor(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_all(token(T_ACT, d.active, a))
    d.b_def = <int8_t>(a - A_GROUP)
    d.roll_for = R_TRAITOR
    d.node = N_ROLL


cdef void apply_roll(GameState st, Guerilla* d, int face) noexcept nogil:
    """The rolls outside battle: the weather, Traitors and the sudden-death roll."""
    cdef Group* g
    cdef int weather
    st.observe_all(token(T_DIE, d.roll_for, face))
    if d.roll_for == R_WEATHER:
        weather = _weather_card(d)
        if face > d.info[weather].param:               # "greater than five" (l.132)
            discard_card(st, d, weather, P_ASIDE, PUBLIC, d.active)
            d.weather = -1
        d.node = N_TURN
    elif d.roll_for == R_TRAITOR:
        g = &d.grp[d.b_def]
        if face + (d.info[g.leader].mod if g.leader >= 0 else 0) > d.info[d.drawn_red].param:
            turn_faction(d, d.b_def)                   # the whole group changes faction (l.140)
        elif g.leader >= 0:
            eliminate(st, d, d.b_def, g.leader, -1, 0)  # shot as a traitor, no points
        d.b_def = -1                                   # no battle: the target was only borrowed
        _red_done(st, d)
    else:
        if face >= d.sudden_marker:                    # l.103
            _round_end(st, d)
        else:
            d.sudden_marker -= 1
            start_turn(st, d, next_seat(d.active, d.n))


cdef int _weather_card(Guerilla* d) noexcept nogil:
    cdef int c
    for c in range(NCARDS):
        if d.info[c].red == RED_WEATHER and in_place(d, P_ASIDE, c):
            return c
    return NO_CARD


# ------------------------------------------------------------------ the end of a turn
cdef int capacity_outcomes(Guerilla* d, int* out, double* probs) noexcept nogil:
    """Excess cards are chosen at random by another player (l.15): one uniform card a time."""
    cdef int k, n = hand_count(d, d.active)
    for k in range(n):
        out[k] = C_CARD + ws_nth(d.cards[P_HAND + d.active], NW, k)
        probs[k] = 1.0 / n
    return n


cdef void apply_capacity(GameState st, Guerilla* d, int card) noexcept nogil:
    """Discarded face down, but the last (reading 37) and a Barracks card, which lay face down on
    the table in everyone's sight (l.134): all see it go."""
    cdef bint shown = (hand_count(d, d.active) - 1 <= capacity(d, d.active)
                       or barracks_faction(d, card) >= 0)
    discard_card(st, d, card, P_HAND + d.active, PUBLIC if shown else OWNER, d.active)
    end_turn(st, d)


cdef void end_turn(GameState st, Guerilla* d) noexcept nogil:
    """Hand capacity (l.15), the isolation markers (l.98), then the sudden-death roll (l.103)
    or the next player (l.42)."""
    cdef int k
    d.cur = d.active
    d.npick = 0
    if hand_count(d, d.active) > capacity(d, d.active):
        d.node = N_CAPACITY
        return
    if d.nlinks:
        supply.grow(st, d)
    d.last_mover = d.active
    d.turns += 1
    if d.turns >= d.turn_limit:
        _round_end(st, d)                              # reading 41
    elif d.sudden:
        d.roll_for = R_SUDDEN
        d.node = N_ROLL
    else:
        start_turn(st, d, next_seat(d.active, d.n))


# ------------------------------------------------------------------ the end of the round
cdef void _round_end(GameState st, Guerilla* d) noexcept nogil:
    """Complexes held score their value less damage and isolation (l.114); the faction with
    the higher total wins, the Government on a tie (l.116); the losers' loyalists and, past a
    25-point margin, the Mercenary halve their points (l.115); the highest score wins, a tie
    going to the tied player who took his turn most recently (l.115). In the open duel a round
    scores 1 for the player of the winning faction, 0 for the other (our reconstruction)."""
    cdef int gi, q, k, v, win, best
    cdef Group* g
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if g.owner >= 0 and g.cplx >= 0:
            v = d.info[g.cplx].vp - g.damage - g.iso
            if v > 0:
                score(d, g.owner, g.faction, v)
    win = F_GOV if d.fscore[F_GOV] >= d.fscore[F_REB] else F_REB
    for q in range(d.n):
        v = d.score[q]
        if open_duel(d):
            v = 1 if d.loyalty[q] == win else 0        # the duel scores the round won
        elif d.loyalty[q] == LOY_MERC:
            if abs(d.fscore[F_GOV] - d.fscore[F_REB]) >= 25:
                v //= 2
        elif d.loyalty[q] != win:
            v //= 2
        d.final[q] = <int16_t>v
        d.total[q] += <int16_t>v
    if d.round + 1 < d.rounds:
        # several rounds (l.117): set-up again, the next dealer clockwise (reading 40)
        d.round += 1
        reset_round(d)
        st.observe_all(token(T_SHUFFLE, d.dealer, 2))
        return
    best = -1
    for k in range(d.n):
        q = (d.last_mover - k + d.n) % d.n
        if best < 0 or d.total[q] > d.total[best]:
            best = q
    d.winner = <int8_t>best
    d.node = N_OVER


cdef void returns(Guerilla* d, double* out) noexcept nogil:
    cdef int q
    for q in range(d.n):
        out[q] = 1.0 if q == d.winner else 0.0
