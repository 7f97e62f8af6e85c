# cython: language_level=3
"""Combat: the Presidente's battle, then clockwise by defender. Each battle runs steps A-D:
'before battle' cards, the roll (with the Diversionary Tactic window), the result and the
plunder (ties rolled off), then in the Expert Game each rolled 1 destroys a militia."""
from libc.string cimport memset
from partisan.core.state cimport GameState, token as tok
from partisan.core.turns cimport (
    seat_queue, queue_seat, queue_next, queue_done, queue_restart)
from partisan.core.dice cimport tally_dice, tally_sum
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport has, public_discard
from partisan.core.games.junta.promises cimport receive, forfeit
from partisan.core.games.junta.spend cimport spend_next


cdef void battle_start(GameState g, JuntaData* d, int defender) noexcept nogil:
    cdef int p = d.pres
    cdef int q, s, f, k = 1
    cdef int side = seat_bit(defender), attack = 0
    d.bdef = defender
    d.bpres = defender == p
    memset(d.bown, 0, sizeof(d.bown))
    memset(d.bloan, 0, sizeof(d.bloan))
    memset(d.faces, 0, sizeof(d.faces))
    memset(d.gun, 0, sizeof(d.gun))
    d.bribery = d.surprise = d.uprising = d.rolled = d.bwin = 0
    if d.bpres:
        d.bown[defender] = d.mil[p]      # promised militia are ignored
        for s in range(d.n):
            for f in range(d.n):
                d.bown[defender] -= d.loanp[s][f]
        for q in range(d.n):            # supporters
            if q != defender and d.ords[q][CODE_PRES] > 0:
                d.bown[q] = d.ords[q][CODE_PRES]
                side |= seat_bit(q)
                k += 1
    else:
        d.bown[defender] = d.ords[defender][defender]
        d.bloan[defender] = d.loana[defender][defender]
    d.bside = k
    for q in range(d.n):                # attackers
        if q == defender or q == p:
            continue
        f = 0 if d.bpres else d.loana[q][defender]
        if d.ords[q][defender] + f > 0:
            d.bown[q] = d.ords[q][defender]
            d.bloan[q] = f
            attack |= seat_bit(q)
    # the defender, its supporters clockwise, then the attackers clockwise
    seat_queue(&d.battle, side | attack, side, defender, d.n)
    cards_next(g, d)


cdef void next_battle(GameState g, JuntaData* d) noexcept nogil:
    """Clockwise from the Presidente's left, each Golpista that is attacked defends."""
    cdef int b, q
    while d.bseat < d.n:
        b = (d.pres + d.bseat) % d.n
        d.bseat += 1
        for q in range(d.n):
            if q != b and q != d.pres and d.ords[q][b] + d.loana[q][b] > 0:
                battle_start(g, d, b)
                return
    combat_end(g, d)


cdef inline int dice(const JuntaData* d, int s) noexcept nogil:
    return d.bown[s] + d.bloan[s]


cdef inline bint defending(const JuntaData* d, int s) noexcept nogil:
    cdef int i
    for i in range(d.bside):
        if d.battle.seat[i] == s:
            return True
    return False


cdef int attackers_left(JuntaData* d) noexcept nogil:
    cdef int i, k = 0
    for i in range(d.bside, d.battle.n):
        if dice(d, d.battle.seat[i]) > 0:
            k += 1
    return k


cdef bint may_play(const void* game, int s) noexcept nogil:
    """Everyone in the battle holding cards is asked at each card window."""
    cdef const JuntaData* d = <const JuntaData*>game
    return (s == d.bdef or dice(d, s) > 0) and d.tot[L_HAND + s] > 0


cdef int opposing(JuntaData* d, int s, int* groups) noexcept nogil:
    """Groups (seat * 2 + on loan) of militia in this battle opposing s, ascending."""
    cdef int flags[2 * JMAXP]
    cdef int i, x, k = 0
    cdef bint dside = defending(d, s)
    memset(flags, 0, sizeof(flags))
    for i in range(d.battle.n):
        x = d.battle.seat[i]
        if (i < d.bside) != dside:
            if d.bown[x] > 0:
                flags[2 * x] = 1
            if d.bloan[x] > 0:
                flags[2 * x + 1] = 1
    for i in range(2 * JMAXP):
        if flags[i]:
            groups[k] = i
            k += 1
    return k


# ------------------------------------------------------------ A-B: 'before battle' cards
cdef int legal_cards(JuntaData* d, int* out) noexcept nogil:
    """Done, the 'before battle' cards the seat may usefully play now, then Assassination
    targets."""
    cdef int groups[2 * JMAXP]
    cdef int s = d.cur
    cdef int t, e, i, x, n = 1, ng
    cdef bint dside = defending(d, s)
    cdef bint pres_mil = False
    out[0] = A_DONE
    for i in range(d.battle.n):
        x = d.battle.seat[i]
        if (i < d.bside) != dside:
            if d.bloan[x] > 0 or (d.bpres and x == d.bdef and d.bown[x] > 0):
                pres_mil = True
    for t in range(d.ntypes):
        if d.cnt[L_HAND + s][t] == 0:
            continue
        e = d.eff[t]
        if (e == EFF_GUNBOAT or (e == EFF_BRIBE and pres_mil and not d.bribery)
                or (e == EFF_SURPRISE and not dside and not d.surprise)
                or (e == EFF_UPRISING and not d.uprising)):
            out[n] = A_PLAY + t
            n += 1
    if has(d, s, EFF_ASSASS):
        ng = opposing(d, s, groups)
        for i in range(ng):
            out[n] = A_ASSASS + groups[i]
            n += 1
    return n


cdef void apply_cards(GameState g, JuntaData* d, int a) noexcept nogil:
    cdef int q = d.cur
    cdef int s, t, k
    if a == A_DONE:
        g.observe_all(tok(T_PASS, q, PH_CARDS))
        queue_next(&d.battle)
    elif a >= A_ASSASS:
        public_discard(g, d, q, L_HAND + q, d.tix[EFF_ASSASS], T_PLAY)
        g.observe_all(tok(T_ASSASS, q, a - A_ASSASS))
        destroy(d, a - A_ASSASS)
    else:
        t = a - A_PLAY
        public_discard(g, d, q, L_HAND + q, t, T_PLAY)
        k = d.eff[t]
        if k == EFF_GUNBOAT:
            d.gun[q] += 1
        elif k == EFF_SURPRISE:
            d.surprise = 1
        elif k == EFF_UPRISING:
            d.uprising = 1
        elif k == EFF_BRIBE:
            d.bribery = 1
            if d.bpres:
                d.bown[d.bdef] = 0
            for s in range(d.n):
                d.bloan[s] = 0
    cards_next(g, d)


cdef void cards_next(GameState g, JuntaData* d) noexcept nogil:
    """Steps A and B: the defending side, then the attackers, play 'before battle' cards."""
    if attackers_left(d) == 0:
        battle_end(g, d)            # no attackers: the combat ends at once
        return
    if ask(d, &d.battle, may_play, PH_CARDS):
        return
    queue_restart(&d.battle)
    roll_next(g, d)


# ------------------------------------------------------------ C: the roll
cdef bint must_roll(const void* game, int s) noexcept nogil:
    """s has dice in the battle still to roll."""
    cdef const JuntaData* d = <const JuntaData*>game
    if d.bpres and s == d.bdef:
        return False                # the Presidente never rolls
    if d.uprising and defending(d, s):
        return False                # worth 2 each, not rolled
    return tally_dice(d.faces[s], D6) < dice(d, s)


cdef void roll_next(GameState g, JuntaData* d) noexcept nogil:
    if ask(d, &d.battle, must_roll, PH_ROLL):
        return
    d.rolled = 1
    queue_restart(&d.battle)
    divert_next(g, d)


cdef void apply_roll(GameState g, JuntaData* d, int a) noexcept nogil:
    """A die rolled in the battle, or re-rolled after a Diversionary Tactic."""
    cdef int q = d.cur
    d.faces[q][a - C_DIE] += 1
    g.observe_all(tok(T_ROLL, q, a - C_DIE))
    if d.phase == PH_REROLL:
        d.left -= 1
        if d.left == 0:
            queue_restart(&d.battle)
            divert_next(g, d)
    else:
        roll_next(g, d)


cdef int divert_actions(JuntaData* d, int* out) noexcept nogil:
    cdef int x, k, total, n = 0
    for x in range(d.n):
        total = tally_dice(d.faces[x], D6)
        if total == 0:
            continue
        for k in range(D6):
            if d.faces[x][k] > 0:
                out[n] = A_DIVERT + x * 7 + k
                n += 1
        if total >= 2:
            out[n] = A_DIVERT + x * 7 + 6
            n += 1
    return n


cdef void divert_next(GameState g, JuntaData* d) noexcept nogil:
    """After a roll, anyone involved holding a Diversionary Tactic may force a re-roll."""
    cdef int buf[JMAXP * 7]
    if divert_actions(d, buf) > 0 and ask(d, &d.battle, may_play, PH_DIVERT):
        return                      # (nobody rolled: nothing to re-roll)
    resolve(g, d)


cdef int legal_divert(JuntaData* d, int* out) noexcept nogil:
    out[0] = A_DONE
    if not has(d, d.cur, EFF_DIVERT):
        return 1
    return 1 + divert_actions(d, out + 1)


cdef void apply_divert(GameState g, JuntaData* d, int a) noexcept nogil:
    cdef int q = d.cur
    cdef int s, k
    if a == A_DONE:
        g.observe_all(tok(T_PASS, q, PH_DIVERT))
        queue_next(&d.battle)
        divert_next(g, d)
        return
    public_discard(g, d, q, L_HAND + q, d.tix[EFF_DIVERT], T_DIVERT)
    s = (a - A_DIVERT) // 7
    k = (a - A_DIVERT) % 7
    g.observe_all(tok(T_DIVERT, s, k))
    if k < 6:
        d.faces[s][k] -= 1
        d.left = 1
    else:
        d.left = tally_dice(d.faces[s], D6)
        memset(d.faces[s], 0, D6)
    d.cur = s
    d.phase = PH_REROLL


# ------------------------------------------------------------ D: result and plunder
cdef int pcv(JuntaData* d, int s) noexcept nogil:
    """Personal Combat Value: the sum of s's dice, plus 3 per Gunboat."""
    return 3 * d.gun[s] + tally_sum(d.faces[s], D6)


cdef int defense(JuntaData* d) noexcept nogil:
    cdef int i, x, v = 0
    for i in range(d.bside):
        x = d.battle.seat[i]
        if d.bpres and x == d.bdef:
            v += d.bown[x] * (2 if d.uprising else 1) + 3 * d.gun[x]
        elif d.uprising:
            v += 2 * dice(d, x) + 3 * d.gun[x]
        else:
            v += pcv(d, x)
    if not d.surprise:
        v += d.bld[d.bdef]
    return v


cdef void resolve(GameState g, JuntaData* d) noexcept nogil:
    cdef int i, s, attack = 0
    d.plunder_left = 0
    for i in range(d.bside, d.battle.n):
        s = d.battle.seat[i]
        if dice(d, s) > 0:
            attack += pcv(d, s)
            d.plunder_left |= seat_bit(s)
            d.pkey[s] = pcv(d, s) << 12
            d.prc[s] = 0
    d.res_bdef = d.bdef
    d.res_att = attack
    d.res_def = defense(d)
    d.nres += 1
    d.bwin = attack > d.res_def
    if not d.bwin:
        d.plunder_left = 0
    plunder_next(g, d)


cdef void plunder_next(GameState g, JuntaData* d) noexcept nogil:
    """Plunder in order of Personal Combat Value; ties are rolled off."""
    cdef int i, s, best, first, ties
    while d.plunder_left:
        if d.tot[L_HAND + d.bdef] == 0 and not (d.bpres and d.new_pres < 0):
            break
        best = -1
        first = -1
        ties = 0
        for i in range(d.bside, d.battle.n):
            s = d.battle.seat[i]
            if not d.plunder_left & seat_bit(s):
                continue
            if d.pkey[s] > best:
                best = d.pkey[s]
                first = s
                ties = 0
            elif d.pkey[s] == best:
                ties += 1
        if ties > 0 and d.prc[first] < 4:
            d.tie_mask = 0
            for i in range(d.bside, d.battle.n):
                s = d.battle.seat[i]
                if d.plunder_left & seat_bit(s) and d.pkey[s] == best:
                    d.tie_mask |= seat_bit(s)
            d.cur = first
            d.phase = PH_TIE
            return
        d.plunder_left &= ~seat_bit(first)
        if d.bpres and d.new_pres < 0:
            d.new_pres = first
        if d.tot[L_HAND + d.bdef] > 0:
            d.cur = first
            d.phase = PH_PLUNDER
            return
    queue_restart(&d.battle)
    d.kills = -1
    destroy_next(g, d)


cdef void apply_tie(GameState g, JuntaData* d, int a) noexcept nogil:
    """A tie-break roll for the plunder order."""
    cdef int q = d.cur
    cdef int k
    g.observe_all(tok(T_ROLL, q, 8 + a - C_DIE))
    d.pkey[q] += (a - C_DIE + 1) << (9 - 3 * d.prc[q])
    d.prc[q] += 1
    d.tie_mask &= ~seat_bit(q)
    if d.tie_mask:
        for k in range(d.bside, d.battle.n):
            if d.tie_mask & seat_bit(d.battle.seat[k]):
                d.cur = d.battle.seat[k]
                break
    else:
        plunder_next(g, d)


# ------------------------------------------------------------ Expert: destroys, the end
cdef void destroy(JuntaData* d, int grp) noexcept nogil:
    """One militia of group grp (seat * 2 + on loan) in this battle goes to the Supplies."""
    cdef int s = grp >> 1
    cdef int code
    if grp & 1:
        d.bloan[s] -= 1
        d.loana[s][d.bdef] -= 1
        d.mil[d.pres] -= 1
        return
    d.bown[s] -= 1
    d.mil[s] -= 1
    if d.bpres and s == d.bdef:
        return
    # In the Presidente's battle only his supporters' dice carry the order 6; attackers'
    # dice carry his estate, like every other battle's.
    code = CODE_PRES if (d.bpres and defending(d, s)) else d.bdef
    d.ords[s][code] -= 1


cdef void destroy_next(GameState g, JuntaData* d) noexcept nogil:
    """Expert: after the battle, a rolled 1 destroys an opposing militia."""
    cdef int groups[2 * JMAXP]
    cdef int s
    while d.expert and not queue_done(&d.battle):
        s = queue_seat(&d.battle)
        if d.kills < 0:
            d.kills = d.faces[s][0]
            if d.kill_per_player and d.kills > 1:
                d.kills = 1
        if d.kills > 0 and opposing(d, s, groups) > 0:
            d.cur = s
            d.phase = PH_DESTROY
            return
        queue_next(&d.battle)
        d.kills = -1
    battle_end(g, d)


cdef int legal_destroy(JuntaData* d, int* out) noexcept nogil:
    cdef int i
    cdef int n = 1 + opposing(d, d.cur, out + 1)
    out[0] = A_DONE
    for i in range(1, n):
        out[i] += A_DESTROY
    return n


cdef void apply_destroy(GameState g, JuntaData* d, int a) noexcept nogil:
    cdef int q = d.cur
    if a == A_DONE:
        g.observe_all(tok(T_DONE, q, PH_DESTROY))
        d.kills = 0
    else:
        g.observe_all(tok(T_DESTROY, q, a - A_DESTROY))
        destroy(d, a - A_DESTROY)
        d.kills -= 1
    destroy_next(g, d)


cdef void battle_end(GameState g, JuntaData* d) noexcept nogil:
    cdef int q
    if d.bpres:
        for q in range(d.n):
            if q == d.pres:
                continue
            if d.bwin or d.pres_att & seat_bit(q):
                forfeit(g, d, q)
            else:
                receive(g, d, q)
        d.bseat = 1
    next_battle(g, d)


cdef void combat_end(GameState g, JuntaData* d) noexcept nogil:
    """Loaned militia go home; the new Presidente takes the Sunglasses; Spend Money."""
    cdef int q
    memset(d.loanp, 0, sizeof(d.loanp))
    memset(d.loana, 0, sizeof(d.loana))
    if d.new_pres >= 0:
        d.pres = d.new_pres
    for q in range(d.n):
        if d.mil[q] == 0:
            d.mil[q] = 1            # a player left without militia gets one free
    seat_queue(&d.turn, all_seats(d), 0, d.pres, d.n)
    spend_next(g, d)
