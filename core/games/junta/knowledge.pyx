# cython: language_level=3
"""What a player at the table knows that helps a bot (the state contract's bot hooks,
docs/architecture.md "Bot hooks"), from the rulebook's own logic (l.N: line N of the rulebook).

Every move gets a gain in million pesos, the game's money (l.92-l.94: a building costs 4, a
militia 2, a card 1), and its prior is exp(gain) normalised over the legal moves:
- Promises: the Presidente gives away the cards he values least (l.37: he "picks out at least 1
  of the cards in his hand for each Golpista") and stops once each has one. A Spy, Burglars,
  Surprise Attack or Bribery serves him only once fallen (l.47), so it goes first.
- Orders: a die goes where it is expected to gain most: an attack on the Presidente by its odds
  against his Defense Value (buildings + unpromised militia, l.74-l.75) for the Sunglasses
  (l.79; the Presidente draws players + 2 cards a round, l.33) and a plunder, less the promises
  an attacker forfeits (l.80); an attack on a Golpista for a card plundered (l.77); a defence
  of one's own estate when others hold militia and one holds cards; the Presidente's defence
  for the promises it helps to keep (l.80).
- Battle cards: a 'before battle' card is played when the change in the battle's odds times
  what the seat stands to win or lose there is worth more than keeping the card (l.131-l.140);
  a Diversionary Tactic re-rolls the die most likely to turn a lost battle (l.135).
- Spending: buildings first (l.92: each "is worth 1 Victory Point"), no purchase that spends
  the money of a building on lesser things, payment with the least money wasted (l.95: "you get
  no change"), and the free cards (Party Donation, PR Campaign) played.
- Check Number of Cards (l.99): discard the cards worth least. Burglars and a Spy are played
  when they can be: they have no other moment (l.38, l.48). Expert: a rolled 1 destroys
  (l.109), always worth doing.

bot_actions (the state's c_bot_actions) leaves out what is never right: a payment wasting more
than another, Foreign Aid discarded while a smaller one is held, ending Spend Money with a
building affordable, a card that only changes the totals of an attack already won.
"""
from libc.math cimport exp, sqrt, erfc
from libc.stdint cimport uint64_t
from partisan.core.dice cimport tally_dice, tally_sum
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport money, hand
from partisan.core.games.junta.combat cimport pcv, defense

# Worths in million pesos.
cdef double CARD_MEAN = 1.5     # a card taken unseen: mostly Foreign Aid 1-3, some action cards
cdef double PRES_WORTH = 4.0    # the Sunglasses: players + 2 cards a round, the best ones kept
cdef double ACTION_WORTH = 1.0  # a card whose only use is one battle or one moment
cdef double KEEP = 0.5          # share of a card's worth given up by playing it now
cdef double SUPPORT_SHARE = 0.3 # a die defending the Presidente: a share of one's promises kept
cdef double GUARD_SHARE = 0.25  # a die on one's own estate: a share of a plundered card saved
cdef double DIE_MEAN = 3.5
cdef double DIE_VAR = 35.0 / 12.0
cdef double GAIN_CAP = 3.0      # gains beyond +-3 million only order moves, they do not swamp
cdef double LATER = 0.25        # a card the Presidente can play only once fallen: this share of its worth


cdef inline double card_worth(JuntaData* d, int t) noexcept nogil:
    """What holding a card of kind t is worth to its holder."""
    cdef int e = d.eff[t]
    if e == EFF_AID:
        return d.val[t]
    if e == EFF_VP:
        return d.cost_b * d.vp[t]       # a Victory Point, the price of a building
    if e == EFF_PETITION:
        return 0.0                      # l.134: "This card has no effect"
    if e == EFF_PR:
        return d.cost_m                 # a free militia
    if e == EFF_DONATION or e == EFF_GUNBOAT or e == EFF_ASSASS:
        return 2.0
    return ACTION_WORTH


cdef inline double promise_cost(JuntaData* d, int t) noexcept nogil:
    """What the Presidente gives up by promising a card of kind t. A Spy, Burglars, Surprise
    Attack or Bribery serves him only once he has fallen: his militia take no orders (l.47, the
    Spy's moment l.132), Burglars is a Golpista's (l.38, RULES.md), Surprise Attack is played "as
    attacker" (l.138) and he "may not attack" (l.47), Bribery ignores his own militia (l.133)."""
    cdef int e = d.eff[t]
    if e == EFF_SPY or e == EFF_BURGLARS or e == EFF_SURPRISE or e == EFF_BRIBE:
        return LATER * card_worth(d, t)
    return card_worth(d, t)


cdef double pile_worth(JuntaData* d, int loc) noexcept nogil:
    cdef int t
    cdef double w = 0.0
    for t in range(d.ntypes):
        w += d.cnt[loc][t] * card_worth(d, t)
    return w


cdef inline double p_positive(double mean, double var) noexcept nogil:
    """P(X > 0) for a whole-number X of this mean and variance (normal, continuity-corrected)."""
    if var <= 0.0:
        return 1.0 if mean > 0.0 else 0.0
    return 0.5 * erfc(-(mean - 0.5) / sqrt(2.0 * var))


cdef inline double pres_worth(JuntaData* d) noexcept nogil:
    return PRES_WORTH + (d.cost_b if d.expert else 0.0)    # Expert: the Sunglasses are 1 VP


cdef inline int pres_home(JuntaData* d) noexcept nogil:
    """The Presidente's militia not promised away (promised ones are ignored in his battle)."""
    cdef int s, f, k = d.mil[d.pres]
    for s in range(d.n):
        for f in range(d.n):
            k -= d.loanp[s][f]
    return k


# ------------------------------------------------------------------ orders
cdef double order_gain(JuntaData* d, int q, int c) noexcept nogil:
    """A die of q given order c, judged as if all q's dice went there (public facts only: the
    others' orders are secret)."""
    cdef int p = d.pres
    cdef int k = d.mil[q]
    cdef int r, others = 0
    cdef double dm, dv
    if c == p:
        dm = d.bld[p] + pres_home(d)
        return (p_positive(DIE_MEAN * k - dm, DIE_VAR * k)
                * (pres_worth(d) + (CARD_MEAN if hand(d, p) > 0 else 0.0))
                - pile_worth(d, L_PROM + q))
    if c == CODE_PRES:
        return SUPPORT_SHARE * pile_worth(d, L_PROM + q)
    if c == q:
        for r in range(d.n):
            if r != q and r != p and d.mil[r] > 0:
                others += 1
        return GUARD_SHARE * CARD_MEAN * min(hand(d, q), others)
    if hand(d, c) == 0:
        return 0.0                      # nothing to plunder
    dm = d.bld[c] + 0.5 * d.mil[c] * DIE_MEAN       # about half its dice at home
    dv = DIE_VAR * (k + 0.5 * d.mil[c])
    return p_positive(DIE_MEAN * k - dm, dv) * CARD_MEAN


# ------------------------------------------------------------------ battles
ctypedef struct Odds:
    double att, att_var, dfn, dfn_var


cdef inline bint on_defence(JuntaData* d, int s) noexcept nogil:
    cdef int i
    for i in range(d.bside):
        if d.battle.seat[i] == s:
            return True
    return False


cdef inline void die_of(JuntaData* d, int x, bint loan, double* mean, double* var) noexcept nogil:
    """One die of seat x's group in this battle, before the roll."""
    var[0] = 0.0
    if not on_defence(d, x):
        mean[0] = DIE_MEAN
        var[0] = DIE_VAR
    elif d.bpres and x == d.bdef and not loan:
        mean[0] = 2.0 if d.uprising else 1.0       # l.74: "as if it had rolled a 1"
    elif d.uprising:
        mean[0] = 2.0                               # l.140: "have the Value 2"
    else:
        mean[0] = DIE_MEAN
        var[0] = DIE_VAR


cdef Odds battle_odds(JuntaData* d) noexcept nogil:
    """Attack and Defense Values expected before the roll (l.72-l.74)."""
    cdef Odds o
    cdef int i, x
    cdef double m, v
    o.att = o.att_var = o.dfn = o.dfn_var = 0.0
    for i in range(d.battle.n):
        x = d.battle.seat[i]
        die_of(d, x, False, &m, &v)
        if i < d.bside:
            o.dfn += d.bown[x] * m + 3 * d.gun[x]
            o.dfn_var += d.bown[x] * v
        elif d.bown[x] + d.bloan[x] > 0:
            o.att += d.bown[x] * m + 3 * d.gun[x]
            o.att_var += d.bown[x] * v
        die_of(d, x, True, &m, &v)
        if i < d.bside:
            o.dfn += d.bloan[x] * m
            o.dfn_var += d.bloan[x] * v
        else:
            o.att += d.bloan[x] * m
            o.att_var += d.bloan[x] * v
    if not d.surprise:
        o.dfn += d.bld[d.bdef]
    return o


cdef inline double attack_wins(Odds o) noexcept nogil:
    return p_positive(o.att - o.dfn, o.att_var + o.dfn_var)


cdef double stake(JuntaData* d, int s) noexcept nogil:
    """What s wins or loses on this battle's outcome."""
    cdef int k = d.battle.n - d.bside         # attackers
    if d.bpres and (s == d.bdef or not on_defence(d, s)):
        return pres_worth(d) + CARD_MEAN
    if d.bpres:
        return pile_worth(d, L_PROM + s)       # a supporter keeps its promises (l.80)
    if s == d.bdef:
        return CARD_MEAN * min(hand(d, s), k)
    return CARD_MEAN if hand(d, d.bdef) > 0 else 0.0


cdef Odds card_effect(JuntaData* d, Odds o, int s, int a) noexcept nogil:
    """The odds once s plays a 'before battle' card (or Assassination on a group)."""
    cdef int t, e, x, i
    cdef double m, v
    if a >= A_ASSASS:
        x = (a - A_ASSASS) >> 1
        die_of(d, x, (a - A_ASSASS) & 1, &m, &v)
        if on_defence(d, x):
            o.dfn -= m
            o.dfn_var -= v
        else:
            o.att -= m
            o.att_var -= v
        return o
    t = a - A_PLAY
    e = d.eff[t]
    if e == EFF_GUNBOAT:
        if on_defence(d, s):
            o.dfn += 3
        else:
            o.att += 3
    elif e == EFF_SURPRISE:
        o.dfn -= d.bld[d.bdef]
    elif e == EFF_UPRISING:             # l.140: every defending die is worth 2
        for i in range(d.bside):
            x = d.battle.seat[i]
            die_of(d, x, False, &m, &v)
            o.dfn += d.bown[x] * (2.0 - m)
            o.dfn_var -= d.bown[x] * v
            die_of(d, x, True, &m, &v)
            o.dfn += d.bloan[x] * (2.0 - m)
            o.dfn_var -= d.bloan[x] * v
    elif e == EFF_BRIBE:                # l.133: the Presidente's militia, at home or on loan
        for i in range(d.battle.n):
            x = d.battle.seat[i]
            if d.bpres and x == d.bdef:
                die_of(d, x, False, &m, &v)
                o.dfn -= d.bown[x] * m
            die_of(d, x, True, &m, &v)
            if i < d.bside:
                o.dfn -= d.bloan[x] * m
                o.dfn_var -= d.bloan[x] * v
            else:
                o.att -= d.bloan[x] * m
                o.att_var -= d.bloan[x] * v
    return o


cdef double card_gain(JuntaData* d, int s, int a, Odds o, double p) noexcept nogil:
    cdef double q = attack_wins(card_effect(d, o, s, a))
    cdef double sign = -1.0 if on_defence(d, s) else 1.0
    cdef int t = d.tix[EFF_ASSASS] if a >= A_ASSASS else a - A_PLAY
    return sign * (q - p) * stake(d, s) - KEEP * card_worth(d, t)


cdef double divert_gain(JuntaData* d, int s, int a) noexcept nogil:
    """A Diversionary Tactic on seat x's die showing k+1 (k = 6: all its dice): the chance the
    re-roll turns the battle for s, times its stake, less the card."""
    cdef int x = (a - A_DIVERT) // 7
    cdef int k = (a - A_DIVERT) % 7
    cdef int i, att = 0, need, m
    cdef double up, mean, sd, chance
    for i in range(d.bside, d.battle.n):
        if d.bown[d.battle.seat[i]] + d.bloan[d.battle.seat[i]] > 0:
            att += pcv(d, d.battle.seat[i])
    # points s's side must gain: the attack must exceed the defence (l.75)
    need = (defense(d) - att + 1) if not on_defence(d, s) else (att - defense(d))
    if need <= 0:
        return -GAIN_CAP                # already won: a re-roll can only lose it
    up = on_defence(d, s) == on_defence(d, x)     # s wants x's dice higher
    if k < 6:
        if up:
            chance = (6 - (k + 1 + need) + 1) / 6.0
        else:
            chance = (k + 1 - need) / 6.0
        chance = min(1.0, max(0.0, chance))
    else:
        m = tally_dice(d.faces[x], D6)
        mean = DIE_MEAN * m
        sd = sqrt(2.0 * DIE_VAR * m)
        if up:
            chance = 0.5 * erfc((tally_sum(d.faces[x], D6) + need - 0.5 - mean) / sd)
        else:
            chance = 0.5 * erfc(-(tally_sum(d.faces[x], D6) - need + 0.5 - mean) / sd)
    return chance * stake(d, s) - KEEP * card_worth(d, d.tix[EFF_DIVERT])


# ------------------------------------------------------------------ spending
cdef int least_waste(JuntaData* d, int q, int t, int due) noexcept nogil:
    """Money wasted at best when q pays card t towards `due` and the rest with cards worth no
    more than t (payment goes in non-increasing values), by subset sums up to 63."""
    cdef uint64_t reach = 1
    cdef int u, c, left = due - d.val[t]
    if left <= 0:
        return -left
    for u in range(d.ntypes):
        if d.eff[u] != EFF_AID or d.val[u] > d.val[t]:
            continue
        c = d.cnt[L_HAND + q][u] - (1 if u == t else 0)
        while c > 0:
            reach |= reach << d.val[u]
            c -= 1
    for u in range(left, 64):
        if (reach >> u) & 1:
            return u - left
    return 0


cdef double spend_gain(JuntaData* d, int q, int a) noexcept nogil:
    cdef int spare = money(d, q) - (d.owed - d.paid)    # money not yet committed
    cdef bint building = (d.bld[q] + d.pend_b < 1 + d.spots and spare >= d.cost_b)
    cdef int cost
    if a >= A_PAY:
        return -least_waste(d, q, a - A_PAY, d.owed - d.paid)
    if a == A_DONE:
        return -2.0 if building else 0.0
    if a == A_BUY_B:
        return 2.0
    if a == A_BUY_M or a == A_BUY_C:
        cost = d.cost_m if a == A_BUY_M else d.cost_c
        if building and spare - cost < d.cost_b:
            return -2.0                 # it spends the money of a building
        if a == A_BUY_C:
            return 0.3                  # a card for 1 million: mostly Foreign Aid 1-3
        return 1.0 if d.mil[q] + d.pend_m < 2 else 0.0
    return 2.0                          # Party Donation, PR Campaign: free


# ------------------------------------------------------------------ moves a bot never makes
cdef inline int smallest_aid(JuntaData* d, int q) noexcept nogil:
    """The value of q's smallest Foreign Aid card, 0 if none."""
    cdef int t, v = 0
    for t in range(d.ntypes):
        if d.eff[t] == EFF_AID and d.cnt[L_HAND + q][t] > 0 and (v == 0 or d.val[t] < v):
            v = d.val[t]
    return v


cdef int no_done_while_building(int* actions, int n) noexcept nogil:
    """Ending Spend Money is dropped while a building can be bought."""
    cdef int i, k = 0
    for i in range(n):
        if actions[i] == A_BUY_B:
            for i in range(n):
                if actions[i] != A_DONE:
                    actions[k] = actions[i]
                    k += 1
            return k
    return n


cdef int least_waste_payments(JuntaData* d, int* actions, int n) noexcept nogil:
    """Of the payments, only those that can waste least; purchases stay."""
    cdef int i, a, k = 0, best = 1 << 30
    cdef int due = d.owed - d.paid
    for i in range(n):
        if actions[i] >= A_PAY:
            best = min(best, least_waste(d, d.cur, actions[i] - A_PAY, due))
    for i in range(n):
        a = actions[i]
        if a < A_PAY or least_waste(d, d.cur, a - A_PAY, due) == best:
            actions[k] = a
            k += 1
    return k


cdef int smallest_aid_discards(JuntaData* d, int* actions, int n) noexcept nogil:
    """Of the Foreign Aid cards, only the smallest may be discarded; other cards stay."""
    cdef int i, t, k = 0
    cdef int low = smallest_aid(d, d.cur)
    for i in range(n):
        t = actions[i] - A_DISCARD
        if d.eff[t] != EFF_AID or d.val[t] == low:
            actions[k] = actions[i]
            k += 1
    return k


cdef bint attack_decided(JuntaData* d) noexcept nogil:
    """Whether the attack wins whatever the dice and the cards still to come, once the
    defending side has played its cards (l.58-l.59: step A, then B): every attacking die at 1
    and each attacker's Gunboat (l.137) still beat the defence at its highest, the
    Presidente's dice at 2 (an Uprising any attacker may still play, l.140; else 1, l.74),
    every other defending die at 6 (2 once an Uprising is played), its Gunboats and its
    buildings (none under a Surprise Attack, l.138). An attacker without dice is out of the
    battle (l.64)."""
    cdef int i, x
    cdef int low = 0, high = 0 if d.surprise else d.bld[d.bdef]
    for i in range(d.battle.n):
        x = d.battle.seat[i]
        if i >= d.bside:
            if d.bown[x] + d.bloan[x] > 0:
                low += d.bown[x] + d.bloan[x] + 3 * d.gun[x]
        elif d.bpres and x == d.bdef:
            high += 2 * d.bown[x] + (2 if d.uprising else 6) * d.bloan[x] + 3 * d.gun[x]
        else:
            high += (2 if d.uprising else 6) * (d.bown[x] + d.bloan[x]) + 3 * d.gun[x]
    return low > high


cdef int no_cards_for_a_won_attack(JuntaData* d, int* actions, int n) noexcept nogil:
    """An attacker plays no Surprise Attack, Bribery or Peasant Uprising in an attack already
    won (attack_decided): they change only the battle's totals (l.133, l.138, l.140), not a
    Personal Combat Value, which orders the plunder and names the next Presidente (l.77, l.79).
    A Gunboat raises his Personal Combat Value (l.137) and an Assassination takes a militia for
    good (l.131): they stay."""
    cdef int i, e, k = 0
    if on_defence(d, d.cur) or not attack_decided(d):
        return n
    for i in range(n):
        if A_PLAY <= actions[i] < A_ASSASS:
            e = d.eff[actions[i] - A_PLAY]
            if e == EFF_SURPRISE or e == EFF_BRIBE or e == EFF_UPRISING:
                continue
        actions[k] = actions[i]
        k += 1
    return k


cdef int bot_actions(JuntaData* d, int* actions, int n) noexcept nogil:
    """Compact `actions` to the moves a bot considers. Money given up for nothing is never
    right: a payment that wastes more than another one (l.95: "you get no change"), and a
    Foreign Aid card discarded at Check Number of Cards (l.99) while a smaller one is held —
    the smaller card does nothing the larger cannot. Nor is ending Spend Money with a building
    affordable: a building is a Victory Point and defence (l.92) that no attack can take, the
    money a card any attack may plunder (l.77) and the hand limit may discard (l.99). Nor is a
    card that only changes the totals of an attack already won (no_cards_for_a_won_attack)."""
    if d.phase == PH_SPEND:
        if d.owed == 0:
            return no_done_while_building(actions, n)
        return least_waste_payments(d, actions, n)
    if d.phase == PH_DISCARD:
        return smallest_aid_discards(d, actions, n)
    if d.phase == PH_CARDS:
        return no_cards_for_a_won_attack(d, actions, n)
    return n


# ------------------------------------------------------------------ priors
cdef double gain(JuntaData* d, int a, Odds* o, double p) noexcept nogil:
    cdef int ph = d.phase
    cdef int q = d.cur
    if ph == PH_PROMISE:
        if a == A_DONE:
            return 0.0
        if a >= A_PROM_MIL:
            return -1.0                 # a militia promised is one defender less
        return -promise_cost(d, (a - A_PROM_CARD) % NT)
    if ph == PH_BURGLAR or ph == PH_SPY:
        return 0.0 if a == A_DONE else 1.0
    if ph == PH_ORDER:
        return order_gain(d, q, a - A_ORDER)
    if ph == PH_CARDS:
        return 0.0 if a == A_DONE else card_gain(d, q, a, o[0], p)
    if ph == PH_DIVERT:
        return 0.0 if a == A_DONE else divert_gain(d, q, a)
    if ph == PH_DESTROY:
        return 0.0 if a == A_DONE else 1.0      # one opposing militia fewer, for free
    if ph == PH_SPEND:
        return spend_gain(d, q, a)
    if ph == PH_DISCARD:
        return -card_worth(d, a - A_DISCARD)
    return 0.0


cdef void action_priors(JuntaData* d, const int* actions, int n, double* out) noexcept nogil:
    """exp(gain) of each move, normalised to sum to 1."""
    cdef Odds o
    cdef double p = 0.0, g, total = 0.0
    cdef int i
    if d.phase == PH_CARDS:
        o = battle_odds(d)
        p = attack_wins(o)
    for i in range(n):
        g = gain(d, actions[i], &o, p)
        g = min(GAIN_CAP, max(-GAIN_CAP, g))
        out[i] = exp(g)
        total += out[i]
    for i in range(n):
        out[i] /= total

