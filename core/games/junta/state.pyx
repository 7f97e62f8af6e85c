# cython: language_level=3
"""Junta: Viva el Presidente! as a compiled state machine (see RULES.md beside this file).

A round runs Draw Cards -> Make Promises (Burglars window) -> Command Militias (Spy window)
-> Combat (the Presidente's battle, then clockwise by defender; steps A-D, Diversionary Tactic
window, Expert destroys) -> Spend Money -> Check Number of Cards. Cards are counted per kind
and location; every draw, plunder and die roll is a chance node. Multi-step decisions are
stacks of small actions ended by "done".
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset
from libc.math cimport tanh
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState, CHANCE, TERMINAL, token as tok

from partisan.core.actions import ActionRanges
from partisan.core.errors import IllegalActionError

cdef enum:
    L_DECK = 0
    L_DISC = 1
    L_HAND = 2      # + seat
    L_PROM = 7      # + seat
    CODE_PRES = 5   # the order "6": defend the Presidente

# Card effects, in the order of cards.EFFECTS.
cdef enum:
    EFF_AID, EFF_ASSASS, EFF_SPY, EFF_BRIBE, EFF_PETITION, EFF_DIVERT, EFF_VP, EFF_GUNBOAT,
    EFF_SURPRISE, EFF_UPRISING, EFF_BURGLARS, EFF_DONATION, EFF_PR

# Actions (decisions), then chance outcomes, in one dense range; the offsets below are derived
# from this declaration.
ACTIONS = ActionRanges(
    done=1,
    promise_card=JMAXP * NT,        # + recipient * NT + kind
    promise_militia=JMAXP * JMAXP,  # + recipient * 5 + face seat (Expert)
    order=NCODE,                    # + order code 0..5
    burgle=JMAXP,                   # + victim
    spy=1,
    play=NT,                        # + kind: Gunboat, Bribery, Surprise Attack, Peasant Uprising,
                                    #   Party Donation, PR Campaign
    assassinate=2 * JMAXP,          # + group (seat * 2 + on loan)
    divert=JMAXP * 7,               # + seat * 7 + k: k < 6 re-roll one die showing k+1, k = 6 all
    destroy=2 * JMAXP,              # + group (Expert)
    buy_building=1,
    buy_militia=1,
    buy_card=1,
    pay=NT,                         # + kind
    discard=NT,                     # + kind
    draw=NT,                        # chance: + kind
    die=6,                          # chance: + face - 1
    first_presidente=JMAXP,         # chance: + seat
)
cdef int A_DONE = ACTIONS.done
cdef int A_PROM_CARD = ACTIONS.promise_card
cdef int A_PROM_MIL = ACTIONS.promise_militia
cdef int A_ORDER = ACTIONS.order
cdef int A_BURGLE = ACTIONS.burgle
cdef int A_SPY = ACTIONS.spy
cdef int A_PLAY = ACTIONS.play
cdef int A_ASSASS = ACTIONS.assassinate
cdef int A_DIVERT = ACTIONS.divert
cdef int A_DESTROY = ACTIONS.destroy
cdef int A_BUY_B = ACTIONS.buy_building
cdef int A_BUY_M = ACTIONS.buy_militia
cdef int A_BUY_C = ACTIONS.buy_card
cdef int A_PAY = ACTIONS.pay
cdef int A_DISCARD = ACTIONS.discard
cdef int C_CARD = ACTIONS.draw
cdef int C_DIE = ACTIONS.die
cdef int C_SEAT = ACTIONS.first_presidente
cdef int NUM_ACTIONS = ACTIONS.size

cdef enum:
    PH_SETUP, PH_DRAW, PH_PROMISE, PH_BURGLAR, PH_BURGLE, PH_ORDER, PH_SPY, PH_CARDS, PH_ROLL,
    PH_DIVERT, PH_REROLL, PH_TIE, PH_PLUNDER, PH_DESTROY, PH_SPEND, PH_SPEND_DRAW, PH_DISCARD,
    PH_OVER

PHASE_NAMES = ("set-up", "draw cards", "make promises", "burglars", "burglars", "command militias",
               "spy", "combat: cards", "combat: roll", "combat: diversionary tactic",
               "combat: re-roll", "combat: plunder order", "combat: plunder",
               "combat: destroy militia", "spend money", "spend money", "check number of cards",
               "game over")

# Observation tokens: (kind, seat, value).
cdef enum:
    T_PRES = 1, T_DRAW, T_RESHUFFLE, T_PROM, T_PROM_MIL, T_PROM_DONE, T_BURGLE, T_STOLEN, T_PASS,
    T_ORDER, T_SPY, T_SPY_SEE, T_REVEAL, T_PLAY, T_ASSASS, T_ROLL, T_DIVERT, T_PLUNDER, T_DESTROY,
    T_RECEIVE, T_FORFEIT, T_BUY, T_PAY, T_DISCARD, T_DONE, T_ARRANGE, T_SHOW

cdef int RED = 0xFFE        # value of a redacted token




cdef inline int bit(int s) noexcept:
    return 1 << s


cdef class JuntaState(GameState):
    """One game of Junta for 3-5 players (option `expert` for the Expert Game)."""

    def __init__(self, game):
        cdef int t, e, q
        data = game.data
        self.game = game
        self.num_players = game.players
        self.num_distinct_actions = NUM_ACTIONS
        memset(&self.d, 0, sizeof(JuntaData))
        self.d.n = game.players
        self.d.expert = 1 if game.options.get("expert", False) else 0
        self.d.kill_per_player = 1 if game.options.get("kill_per_player", False) else 0
        self.d.max_rounds = game.options.get("max_rounds", 40)
        self.d.vp_target = data.victory["expert" if self.d.expert else "basic"]
        self.d.cost_b = data.costs["building"]
        self.d.cost_m = data.costs["militia"]
        self.d.cost_c = data.costs["card"]
        self.d.mil_max = data.limits["militia_per_player"]
        self.d.buy_max = data.limits["cards_bought_per_round"]
        self.d.hand_limit = data.limits["hand_limit"]
        self.d.tiles = data.limits["building_tiles"]
        self.d.spots = data.limits["building_spots"]
        self.d.ntypes = len(data.cards)
        for e in range(NEFF):
            self.d.tix[e] = -1
        for t, card in enumerate(data.cards):
            self.d.eff[t] = card.code
            self.d.val[t] = card.value
            self.d.vp[t] = card.vp
            if card.effect not in ("foreign_aid", "victory_point"):
                self.d.tix[card.code] = t
            self.d.cnt[L_DECK][t] = card.count
            self.d.tot[L_DECK] += card.count
        for q in range(self.d.n):
            self.d.bld[q] = 1           # the Main House
            self.d.mil[q] = 1
        self.d.pres = -1
        self.d.new_pres = -1
        self.d.phase = PH_SETUP

    cdef GameState c_new_blank(self):
        return JuntaState.__new__(JuntaState)

    cdef void c_copy_game(self, GameState other) noexcept:
        self.d = (<JuntaState>other).d

    # ------------------------------------------------------------ cards
    cdef int _money(self, int q) noexcept:
        cdef int t, m = 0
        for t in range(self.d.ntypes):
            m += self.d.val[t] * self.d.cnt[L_HAND + q][t]
        return m

    cdef int _vp(self, int q) noexcept:
        cdef int t, v = self.d.bld[q]
        for t in range(self.d.ntypes):
            v += self.d.vp[t] * self.d.cnt[L_HAND + q][t]
        if self.d.expert and q == self.d.pres:
            v += 1                      # the Presidential Sunglasses
        return v

    cdef int _hand(self, int q) noexcept:
        return self.d.tot[L_HAND + q]

    cdef int _has(self, int q, int eff) noexcept:
        cdef int t = self.d.tix[eff]
        return t >= 0 and self.d.cnt[L_HAND + q][t] > 0

    cdef void _move(self, int src, int dst, int t) noexcept:
        self.d.cnt[src][t] -= 1
        self.d.tot[src] -= 1
        self.d.cnt[dst][t] += 1
        self.d.tot[dst] += 1

    cdef void _unseen_leave(self, int x, int loc) noexcept:
        """x saw a card of unknown kind leave `loc`: each known kind may be the one."""
        cdef int t
        for t in range(self.d.ntypes):
            if self.d.lb[x][loc][t] > 0:
                self.d.lb[x][loc][t] -= 1

    cdef void _seen_leave(self, int x, int loc, int t) noexcept:
        if self.d.lb[x][loc][t] > 0:
            self.d.lb[x][loc][t] -= 1

    cdef void _public_discard(self, int q, int loc, int t, int kind) noexcept:
        """A card of q's goes face up on the Discard Pile: everyone sees it."""
        cdef int x
        self._move(loc, L_DISC, t)
        for x in range(self.d.n):
            self._seen_leave(x, loc, t)
        self.observe_all(tok(kind, q, t))

    cdef void _reshuffle(self) noexcept:
        """The Deck is used up: the face-up Discard Pile becomes the new Deck."""
        cdef int t, x
        for t in range(self.d.ntypes):
            self.d.cnt[L_DECK][t] += self.d.cnt[L_DISC][t]
            self.d.cnt[L_DISC][t] = 0
        self.d.tot[L_DECK] += self.d.tot[L_DISC]
        self.d.tot[L_DISC] = 0
        for x in range(self.d.n):
            for t in range(self.d.ntypes):
                self.d.lb[x][L_DECK][t] = self.d.cnt[L_DECK][t]
        self.observe_all(tok(T_RESHUFFLE, 0, 0))

    cdef int _card_outcomes(self, int loc, int* out, double* probs) noexcept:
        cdef int t, k = 0
        cdef double total = self.d.tot[loc]
        for t in range(self.d.ntypes):
            if self.d.cnt[loc][t] > 0:
                out[k] = C_CARD + t
                probs[k] = self.d.cnt[loc][t] / total
                k += 1
        return k

    # ------------------------------------------------------------ contract
    cdef int c_current_player(self) noexcept:
        cdef int ph = self.d.phase
        if ph == PH_OVER:
            return TERMINAL
        if (ph == PH_SETUP or ph == PH_DRAW or ph == PH_BURGLE or ph == PH_ROLL
                or ph == PH_REROLL or ph == PH_TIE or ph == PH_PLUNDER or ph == PH_SPEND_DRAW):
            return CHANCE
        return self.d.cur

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept:
        cdef int ph = self.d.phase
        cdef int i
        if ph == PH_SETUP:
            for i in range(self.d.n):
                out[i] = C_SEAT + i
                probs[i] = 1.0 / self.d.n
            return self.d.n
        if ph == PH_DRAW or ph == PH_SPEND_DRAW:
            return self._card_outcomes(L_DECK, out, probs)
        if ph == PH_BURGLE:
            return self._card_outcomes(L_PROM + self.d.left, out, probs)
        if ph == PH_PLUNDER:
            return self._card_outcomes(L_HAND + self.d.bdef, out, probs)
        for i in range(6):
            out[i] = C_DIE + i
            probs[i] = 1.0 / 6.0
        return 6

    cdef int c_sample_chance(self, Rng* rng) noexcept:
        cdef int ph = self.d.phase
        cdef int loc, t, r
        if ph == PH_SETUP:
            return C_SEAT + <int>rng_below(rng, self.d.n)
        if ph == PH_DRAW or ph == PH_SPEND_DRAW:
            loc = L_DECK
        elif ph == PH_BURGLE:
            loc = L_PROM + self.d.left
        elif ph == PH_PLUNDER:
            loc = L_HAND + self.d.bdef
        else:
            return C_DIE + <int>rng_below(rng, 6)
        r = <int>rng_below(rng, self.d.tot[loc])
        for t in range(self.d.ntypes):
            r -= self.d.cnt[loc][t]
            if r < 0:
                return C_CARD + t
        return C_CARD + self.d.ntypes - 1

    cdef int c_legal_actions(self, int* out) noexcept:
        cdef int ph = self.d.phase
        cdef int q = self.d.cur
        cdef int n = 0, s, t, f, need, hand, c, avail, due, v, m
        cdef int p = self.d.pres
        if ph == PH_PROMISE:
            hand = self._hand(p)
            need = self._needy()
            if need == 0 or hand == 0:
                out[n] = A_DONE
                n += 1
            # Promises are given in ascending (recipient, card) order, so a recipient passed
            # over must already have its card.
            for s in range(self.d.n):
                if s == p:
                    continue
                for t in range(self.d.ntypes):
                    c = A_PROM_CARD + s * NT + t
                    if (c >= self.d.last_prom and self.d.cnt[L_HAND + p][t] > 0
                            and hand - 1 >= need - (1 if self.d.tot[L_PROM + s] == 0 else 0)):
                        out[n] = c
                        n += 1
                if self.d.tot[L_PROM + s] == 0 and hand > 0:
                    break
            if self.d.expert and need == 0:
                avail = self.d.mil[p]
                for s in range(self.d.n):
                    for f in range(self.d.n):
                        avail -= self.d.loanp[s][f]
                if avail > 0:
                    for s in range(self.d.n):
                        if s == p:
                            continue
                        for f in range(self.d.n):
                            c = A_PROM_MIL + s * 5 + f
                            if f != p and c >= self.d.last_prom:
                                out[n] = c
                                n += 1
            return n
        if ph == PH_BURGLAR:
            out[n] = A_DONE
            n += 1
            if self._has(q, EFF_BURGLARS):
                for s in range(self.d.n):
                    if s != p and s != q and self.d.tot[L_PROM + s] > 0:
                        out[n] = A_BURGLE + s
                        n += 1
            return n
        if ph == PH_ORDER:
            for c in range(NCODE):
                if self._order_legal(q, c):
                    out[n] = A_ORDER + c
                    n += 1
            return n
        if ph == PH_SPY:
            out[0] = A_DONE
            out[1] = A_SPY
            return 2 if self._has(q, EFF_SPY) else 1
        if ph == PH_CARDS:
            out[0] = A_DONE
            return 1 + self._before_cards(q, out + 1)
        if ph == PH_DIVERT:
            out[0] = A_DONE
            if not self._has(q, EFF_DIVERT):
                return 1
            return 1 + self._divert_actions(q, out + 1)
        if ph == PH_DESTROY:
            out[0] = A_DONE
            n = 1 + self._opposing(q, out + 1)
            for s in range(1, n):
                out[s] += A_DESTROY
            return n
        if ph == PH_SPEND:
            m = self._money(q)
            due = self.d.owed - self.d.paid
            if self.d.paid == 0:
                if self.d.owed == 0:
                    out[n] = A_DONE
                    n += 1
                    for t in range(self.d.ntypes):
                        if self.d.cnt[L_HAND + q][t] == 0:
                            continue
                        if ((self.d.eff[t] == EFF_DONATION and self.d.tot[L_DECK] + self.d.tot[L_DISC] > 0)
                                or (self.d.eff[t] == EFF_PR and self.d.mil[q] < self.d.mil_max)):
                            out[n] = A_PLAY + t
                            n += 1
                if (self.d.last_buy <= 0 and self.d.bld[q] + self.d.pend_b < 1 + self.d.spots
                        and self._tiles_left() > self.d.pend_b and m >= due + self.d.cost_b):
                    out[n] = A_BUY_B
                    n += 1
                if (self.d.last_buy <= 1 and self.d.mil[q] + self.d.pend_m < self.d.mil_max
                        and m >= due + self.d.cost_m):
                    out[n] = A_BUY_M
                    n += 1
                if (self.d.last_buy <= 2 and self.d.bought[q] + self.d.pend_c < self.d.buy_max
                        and self.d.tot[L_DECK] + self.d.tot[L_DISC] > self.d.pend_c
                        and m >= due + self.d.cost_c):
                    out[n] = A_BUY_C
                    n += 1
            if due > 0:
                # Pay in non-increasing values, and only while the rest can still be paid.
                for t in range(self.d.ntypes):
                    v = self.d.val[t]
                    if (self.d.eff[t] == EFF_AID and self.d.cnt[L_HAND + q][t] > 0
                            and v <= self.d.last_pay
                            and (v >= due or self._money_upto(q, v) >= due)):
                        out[n] = A_PAY + t
                        n += 1
            return n
        if ph == PH_DISCARD:
            for t in range(self.d.ntypes):
                if self.d.cnt[L_HAND + q][t] > 0:
                    out[n] = A_DISCARD + t
                    n += 1
            return n
        return 0

    cdef void c_apply(self, int a) noexcept:
        cdef int ph = self.d.phase
        cdef int q = self.d.cur
        cdef int p = self.d.pres
        cdef int s, t, k, x
        if ph == PH_SETUP:
            self.d.pres = a - C_SEAT
            self.observe_all(tok(T_PRES, self.d.pres, 0))
            self._start_round()
            return
        if ph == PH_DRAW or ph == PH_SPEND_DRAW or ph == PH_BURGLE or ph == PH_PLUNDER:
            self._apply_card_chance(a - C_CARD)
            return
        if ph == PH_ROLL or ph == PH_REROLL:
            self.d.faces[q][a - C_DIE] += 1
            self.observe_all(tok(T_ROLL, q, a - C_DIE))
            if ph == PH_REROLL:
                self.d.left -= 1
                if self.d.left == 0:
                    self.d.qi = 0
                    self._divert_next()
            else:
                self._roll_next()
            return
        if ph == PH_TIE:
            self.observe_all(tok(T_ROLL, q, 8 + a - C_DIE))
            self.d.pkey[q] += (a - C_DIE + 1) << (9 - 3 * self.d.prc[q])
            self.d.prc[q] += 1
            self.d.tie_mask &= ~bit(q)
            if self.d.tie_mask:
                for k in range(self.d.bside, self.d.bn):
                    if self.d.tie_mask & bit(self.d.border[k]):
                        self.d.cur = self.d.border[k]
                        break
            else:
                self._plunder_next()
            return
        if ph == PH_PROMISE:
            if a == A_DONE:
                self.observe_all(tok(T_PROM_DONE, p, 0))
                self.d.qi = 0
                self._burglar_next()
            elif a < A_PROM_MIL:
                s = (a - A_PROM_CARD) // NT
                t = (a - A_PROM_CARD) % NT
                self.d.last_prom = a
                self._move(L_HAND + p, L_PROM + s, t)
                for x in range(self.d.n):
                    if x == s:
                        self._seen_leave(x, L_HAND + p, t)
                        self.observe_one(x, tok(T_PROM, s, t))
                    elif x == p:
                        self.d.lb[p][L_PROM + s][t] += 1
                        self.observe_one(x, tok(T_PROM, s, t))
                    else:
                        self._unseen_leave(x, L_HAND + p)
                        self.observe_one(x, tok(T_PROM, s, RED))
            else:
                s = (a - A_PROM_MIL) // 5
                self.d.last_prom = a
                self.d.loanp[s][(a - A_PROM_MIL) % 5] += 1
                self.observe_all(tok(T_PROM_MIL, s, (a - A_PROM_MIL) % 5))
            return
        if ph == PH_BURGLAR:
            if a == A_DONE:
                self.observe_all(tok(T_PASS, q, ph))
                self.d.qi += 1
                self._burglar_next()
            else:
                self._public_discard(q, L_HAND + q, self.d.tix[EFF_BURGLARS], T_BURGLE)
                self.observe_all(tok(T_BURGLE, q, a - A_BURGLE + 100))
                self.d.left = a - A_BURGLE          # the victim, for the chance node
                self.d.phase = PH_BURGLE
            return
        if ph == PH_ORDER:
            k = a - A_ORDER
            self.d.ords[q][k] += 1
            self.d.nord[q] += 1
            self.d.last_ord[q] = k
            self.observe_split(q, tok(T_ORDER, q, k), tok(T_ORDER, q, RED))
            self._order_next()
            return
        if ph == PH_SPY:
            if a == A_DONE:
                self.observe_all(tok(T_PASS, q, ph))
                self.d.qi += 1
                self._spy_next()
                return
            self._public_discard(q, L_HAND + q, self.d.tix[EFF_SPY], T_SPY)
            for s in range(self.d.n):
                if s != q and s != p:
                    self.d.ord_known[s] |= bit(q)
                    for k in range(NCODE):
                        self.observe_one(q, tok(T_SPY_SEE, s, k * 8 + self.d.ords[s][k]))
            memset(self.d.ords[q], 0, NCODE)
            self.d.nord[q] = 0
            self.d.last_ord[q] = 0
            self.d.ord_known[q] = bit(q)
            self.d.spy_return = 1
            self._order_next()
            return
        if ph == PH_CARDS:
            if a == A_DONE:
                self.observe_all(tok(T_PASS, q, ph))
                self.d.qi += 1
            elif a >= A_ASSASS:
                self._public_discard(q, L_HAND + q, self.d.tix[EFF_ASSASS], T_PLAY)
                self.observe_all(tok(T_ASSASS, q, a - A_ASSASS))
                self._destroy(a - A_ASSASS)
            else:
                t = a - A_PLAY
                self._public_discard(q, L_HAND + q, t, T_PLAY)
                k = self.d.eff[t]
                if k == EFF_GUNBOAT:
                    self.d.gun[q] += 1
                elif k == EFF_SURPRISE:
                    self.d.surprise = 1
                elif k == EFF_UPRISING:
                    self.d.uprising = 1
                elif k == EFF_BRIBE:
                    self.d.bribery = 1
                    if self.d.bpres:
                        self.d.bown[self.d.bdef] = 0
                    for s in range(self.d.n):
                        self.d.bloan[s] = 0
            self._cards_next()
            return
        if ph == PH_DIVERT:
            if a == A_DONE:
                self.observe_all(tok(T_PASS, q, ph))
                self.d.qi += 1
                self._divert_next()
                return
            self._public_discard(q, L_HAND + q, self.d.tix[EFF_DIVERT], T_DIVERT)
            s = (a - A_DIVERT) // 7
            k = (a - A_DIVERT) % 7
            self.observe_all(tok(T_DIVERT, s, k))
            if k < 6:
                self.d.faces[s][k] -= 1
                self.d.left = 1
            else:
                self.d.left = 0
                for k in range(6):
                    self.d.left += self.d.faces[s][k]
                    self.d.faces[s][k] = 0
            self.d.cur = s
            self.d.phase = PH_REROLL
            return
        if ph == PH_DESTROY:
            if a == A_DONE:
                self.observe_all(tok(T_DONE, q, ph))
                self.d.kills = 0
            else:
                self.observe_all(tok(T_DESTROY, q, a - A_DESTROY))
                self._destroy(a - A_DESTROY)
                self.d.kills -= 1
            self._destroy_next()
            return
        if ph == PH_SPEND:
            self.observe_all(tok(T_BUY, q, a))
            if a == A_DONE:
                self.d.qi += 1
                self._spend_next()
            elif a == A_BUY_B:
                self.d.pend_b += 1
                self.d.owed += self.d.cost_b
                self.d.last_buy = 0
            elif a == A_BUY_M:
                self.d.pend_m += 1
                self.d.owed += self.d.cost_m
                self.d.last_buy = 1
            elif a == A_BUY_C:
                self.d.pend_c += 1
                self.d.owed += self.d.cost_c
                self.d.last_buy = 2
            elif a >= A_PAY:
                t = a - A_PAY
                self._public_discard(q, L_HAND + q, t, T_PAY)
                self.d.paid += self.d.val[t]
                self.d.last_pay = self.d.val[t]
                if self.d.paid >= self.d.owed:
                    self._settle()
            else:
                t = a - A_PLAY
                self._public_discard(q, L_HAND + q, t, T_PLAY)
                if self.d.eff[t] == EFF_PR:
                    self.d.mil[q] += 1
                else:
                    self.d.left = 2
                    self._spend_draw_next()
            return
        if ph == PH_DISCARD:
            self._public_discard(q, L_HAND + q, a - A_DISCARD, T_DISCARD)
            self._discard_next()
            return

    # ------------------------------------------------------------ draw, promises
    cdef void _start_round(self) noexcept:
        cdef int q, i
        self.d.round += 1
        if self.d.round > self.d.max_rounds:
            self._game_over()
            return
        memset(self.d.ords, 0, sizeof(self.d.ords))
        memset(self.d.nord, 0, sizeof(self.d.nord))
        memset(self.d.last_ord, 0, sizeof(self.d.last_ord))
        memset(self.d.loanp, 0, sizeof(self.d.loanp))
        memset(self.d.loana, 0, sizeof(self.d.loana))
        memset(self.d.bought, 0, sizeof(self.d.bought))
        for q in range(self.d.n):
            self.d.ord_known[q] = bit(q)
        self.d.revealed = 0
        self.d.bn = 0
        self.d.new_pres = -1
        self.d.pres_att = 0
        self.d.last_prom = 0
        for i in range(self.d.n):
            self.d.queue[i] = (self.d.pres + i) % self.d.n
        self.d.qn = self.d.n
        self.d.qi = 0
        self.d.left = self.d.n + 2
        self.d.phase = PH_DRAW
        self._draw_next()

    cdef void _draw_next(self) noexcept:
        """Presidente draws players + 2, then each Golpista 1 (2 in the first round)."""
        while self.d.qi < self.d.qn:
            if self.d.left == 0:
                self.d.qi += 1
                self.d.left = 2 if self.d.round == 1 else 1
                continue
            if self.d.tot[L_DECK] == 0:
                if self.d.tot[L_DISC] == 0:
                    self.d.left = 0
                    continue
                self._reshuffle()
            self.d.cur = self.d.queue[self.d.qi]
            self.d.phase = PH_DRAW
            return
        self._begin_promises()

    cdef void _spend_draw_next(self) noexcept:
        if self.d.left > 0 and self.d.tot[L_DECK] == 0 and self.d.tot[L_DISC] > 0:
            self._reshuffle()
        if self.d.left > 0 and self.d.tot[L_DECK] > 0:
            self.d.phase = PH_SPEND_DRAW
        else:
            self.d.left = 0
            self.d.phase = PH_SPEND

    cdef void _apply_card_chance(self, int t) noexcept:
        cdef int ph = self.d.phase
        cdef int q = self.d.cur
        cdef int src, x, v
        if ph == PH_DRAW or ph == PH_SPEND_DRAW:
            self._move(L_DECK, L_HAND + q, t)
            for x in range(self.d.n):
                if x == q:
                    self._seen_leave(x, L_DECK, t)
                else:
                    self._unseen_leave(x, L_DECK)
            self.observe_split(q, tok(T_DRAW, q, t), tok(T_DRAW, q, RED))
            self.d.left -= 1
            if ph == PH_DRAW:
                self._draw_next()
            else:
                self._spend_draw_next()
            return
        # A random card changes hands: Burglars (promise pile to promise pile) or Plunder.
        if ph == PH_BURGLE:
            v = self.d.left
            src = L_PROM + v
            self._move(src, L_PROM + q, t)
        else:
            v = self.d.bdef
            src = L_HAND + v
            self._move(src, L_HAND + q, t)
        for x in range(self.d.n):
            if x == q:
                self._seen_leave(x, src, t)
                self.observe_one(x, tok(T_STOLEN, q, t))
            elif x == v:
                self.d.lb[x][(L_PROM if ph == PH_BURGLE else L_HAND) + q][t] += 1
                self.observe_one(x, tok(T_STOLEN, q, t))
            else:
                self._unseen_leave(x, src)
                self.observe_one(x, tok(T_STOLEN, q, RED))
        if ph == PH_BURGLE:
            self.d.qi += 1
            self._burglar_next()
        else:
            self._plunder_next()

    cdef int _needy(self) noexcept:
        """Golpistas still without a promised card."""
        cdef int s, k = 0
        for s in range(self.d.n):
            if s != self.d.pres and self.d.tot[L_PROM + s] == 0:
                k += 1
        return k

    cdef void _begin_promises(self) noexcept:
        cdef int i
        for i in range(self.d.n - 1):
            self.d.queue[i] = (self.d.pres + 1 + i) % self.d.n      # Golpistas, clockwise
        self.d.qn = self.d.n - 1
        self.d.qi = 0
        self.d.cur = self.d.pres
        self.d.phase = PH_PROMISE

    cdef void _burglar_next(self) noexcept:
        """Right after the Promises, each Golpista holding Burglars may play it."""
        cdef int q, s
        while self.d.qi < self.d.qn:
            q = self.d.queue[self.d.qi]
            if self._hand(q) > 0:
                for s in range(self.d.n):
                    if s != q and s != self.d.pres and self.d.tot[L_PROM + s] > 0:
                        self.d.cur = q
                        self.d.phase = PH_BURGLAR
                        return
            self.d.qi += 1
        self.d.qi = 0
        self.d.spy_return = 0
        self._order_next()

    # ------------------------------------------------------------ orders
    cdef int _order_legal(self, int q, int c) noexcept:
        if c != CODE_PRES and c >= self.d.n:
            return 0
        if c < self.d.last_ord[q]:
            return 0                    # dice are alike: orders in non-decreasing code
        if c == CODE_PRES and self.d.ords[q][self.d.pres] > 0:
            return 0                    # not attack and defend the Presidente at once
        return 1

    cdef void _order_next(self) noexcept:
        cdef int q
        while self.d.qi < self.d.qn:
            q = self.d.queue[self.d.qi]
            if self.d.nord[q] < self.d.mil[q]:
                self.d.cur = q
                self.d.phase = PH_ORDER
                return
            if self.d.spy_return:
                self.d.spy_return = 0
                self.d.qi += 1
                self._spy_next()
                return
            self.d.qi += 1
        self.d.qi = 0
        self._spy_next()

    cdef void _spy_next(self) noexcept:
        """After all orders, each Golpista holding a Spy may look and order again."""
        cdef int q
        while self.d.qi < self.d.qn:
            q = self.d.queue[self.d.qi]
            if self._hand(q) > 0 and self.d.mil[q] > 0:
                self.d.cur = q
                self.d.phase = PH_SPY
                return
            self.d.qi += 1
        self._reveal()

    cdef void _reveal(self) noexcept:
        """The screens come off: every order is seen; combat starts."""
        cdef int q, k, p = self.d.pres
        self.d.revealed = 1
        for q in range(self.d.n):
            self.d.ord_known[q] = <uint8_t>((1 << self.d.n) - 1)
            if q != p:
                for k in range(NCODE):
                    self.observe_all(tok(T_REVEAL, q, k * 8 + self.d.ords[q][k]))
                if self.d.ords[q][p] > 0:
                    self.d.pres_att |= bit(q)
        if self.d.pres_att:
            self._battle_start(p)
        else:
            for q in range(self.d.n):
                if q != p:
                    self._receive(q)
            self.d.bseat = 1
            self._next_battle()

    cdef void _receive(self, int q) noexcept:
        """q takes its Promises into its hand (Expert: and the promised militia)."""
        cdef int t, x, f
        for t in range(self.d.ntypes):
            while self.d.cnt[L_PROM + q][t] > 0:
                self._move(L_PROM + q, L_HAND + q, t)
            for x in range(self.d.n):
                self.d.lb[x][L_HAND + q][t] += self.d.lb[x][L_PROM + q][t]
                self.d.lb[x][L_PROM + q][t] = 0
        for f in range(self.d.n):
            self.d.loana[q][f] = self.d.loanp[q][f]
            self.d.loanp[q][f] = 0
        self.observe_all(tok(T_RECEIVE, q, 0))

    cdef void _forfeit(self, int q) noexcept:
        """q's Promises go face up on the Discard Pile; promised militia go back."""
        cdef int t, f
        for t in range(self.d.ntypes):
            while self.d.cnt[L_PROM + q][t] > 0:
                self._public_discard(q, L_PROM + q, t, T_FORFEIT)
        for f in range(self.d.n):
            self.d.loanp[q][f] = 0

    # ------------------------------------------------------------ combat
    cdef void _battle_start(self, int d) noexcept:
        cdef int p = self.d.pres
        cdef int i, q, s, f, k = 1
        self.d.bdef = d
        self.d.bpres = d == p
        memset(self.d.bown, 0, sizeof(self.d.bown))
        memset(self.d.bloan, 0, sizeof(self.d.bloan))
        memset(self.d.faces, 0, sizeof(self.d.faces))
        memset(self.d.gun, 0, sizeof(self.d.gun))
        self.d.bribery = self.d.surprise = self.d.uprising = self.d.rolled = self.d.bwin = 0
        self.d.border[0] = d
        if self.d.bpres:
            self.d.bown[d] = self.d.mil[p]      # promised militia are ignored
            for s in range(self.d.n):
                for f in range(self.d.n):
                    self.d.bown[d] -= self.d.loanp[s][f]
            for i in range(1, self.d.n):        # supporters, clockwise
                q = (d + i) % self.d.n
                if self.d.ords[q][CODE_PRES] > 0:
                    self.d.bown[q] = self.d.ords[q][CODE_PRES]
                    self.d.border[k] = q
                    k += 1
        else:
            self.d.bown[d] = self.d.ords[d][d]
            self.d.bloan[d] = self.d.loana[d][d]
        self.d.bside = k
        for i in range(1, self.d.n):            # attackers, clockwise
            q = (d + i) % self.d.n
            if q == p:
                continue
            f = 0 if self.d.bpres else self.d.loana[q][d]
            if self.d.ords[q][d] + f > 0:
                self.d.bown[q] = self.d.ords[q][d]
                self.d.bloan[q] = f
                self.d.border[k] = q
                k += 1
        self.d.bn = k
        self.d.qi = 0
        self._cards_next()

    cdef void _next_battle(self) noexcept:
        """Clockwise from the Presidente's left, each Golpista that is attacked defends."""
        cdef int d, q
        while self.d.bseat < self.d.n:
            d = (self.d.pres + self.d.bseat) % self.d.n
            self.d.bseat += 1
            for q in range(self.d.n):
                if q != d and q != self.d.pres and self.d.ords[q][d] + self.d.loana[q][d] > 0:
                    self._battle_start(d)
                    return
        self._combat_end()

    cdef int _dice(self, int s) noexcept:
        return self.d.bown[s] + self.d.bloan[s]

    cdef bint _involved(self, int s) noexcept:
        return s == self.d.bdef or self._dice(s) > 0

    cdef bint _defending(self, int s) noexcept:
        cdef int i
        for i in range(self.d.bside):
            if self.d.border[i] == s:
                return True
        return False

    cdef int _attackers_left(self) noexcept:
        cdef int i, k = 0
        for i in range(self.d.bside, self.d.bn):
            if self._dice(self.d.border[i]) > 0:
                k += 1
        return k

    cdef int _opposing(self, int s, int* groups) noexcept:
        """Groups (seat * 2 + on loan) of militia in this battle opposing s, ascending."""
        cdef int flags[2 * JMAXP]
        cdef int i, x, k = 0
        cdef bint dside = self._defending(s)
        memset(flags, 0, sizeof(flags))
        for i in range(self.d.bn):
            x = self.d.border[i]
            if (i < self.d.bside) != dside:
                if self.d.bown[x] > 0:
                    flags[2 * x] = 1
                if self.d.bloan[x] > 0:
                    flags[2 * x + 1] = 1
        for i in range(2 * JMAXP):
            if flags[i]:
                groups[k] = i
                k += 1
        return k

    cdef int _before_cards(self, int s, int* out) noexcept:
        """The 'before battle' cards s may usefully play now (then Assassination targets)."""
        cdef int groups[2 * JMAXP]
        cdef int t, e, i, x, n = 0, ng
        cdef bint dside = self._defending(s)
        cdef bint pres_mil = False
        for i in range(self.d.bn):
            x = self.d.border[i]
            if (i < self.d.bside) != dside:
                if self.d.bloan[x] > 0 or (self.d.bpres and x == self.d.bdef and self.d.bown[x] > 0):
                    pres_mil = True
        for t in range(self.d.ntypes):
            if self.d.cnt[L_HAND + s][t] == 0:
                continue
            e = self.d.eff[t]
            if (e == EFF_GUNBOAT or (e == EFF_BRIBE and pres_mil and not self.d.bribery)
                    or (e == EFF_SURPRISE and not dside and not self.d.surprise)
                    or (e == EFF_UPRISING and not self.d.uprising)):
                out[n] = A_PLAY + t
                n += 1
        if self._has(s, EFF_ASSASS):
            ng = self._opposing(s, groups)
            for i in range(ng):
                out[n] = A_ASSASS + groups[i]
                n += 1
        return n

    cdef void _cards_next(self) noexcept:
        """Steps A and B: the defending side, then the attackers, play 'before battle' cards."""
        cdef int s
        if self._attackers_left() == 0:
            self._battle_end()          # no attackers: the combat ends at once
            return
        while self.d.qi < self.d.bn:
            s = self.d.border[self.d.qi]
            if self._involved(s) and self._hand(s) > 0:
                self.d.cur = s
                self.d.phase = PH_CARDS
                return
            self.d.qi += 1
        self.d.qi = 0
        self._roll_next()

    cdef int _to_roll(self, int s) noexcept:
        if self.d.bpres and s == self.d.bdef:
            return 0                    # the Presidente never rolls
        if self.d.uprising and self._defending(s):
            return 0                    # worth 2 each, not rolled
        return self._dice(s)

    cdef void _roll_next(self) noexcept:
        cdef int s, k, rolled
        while self.d.qi < self.d.bn:
            s = self.d.border[self.d.qi]
            rolled = 0
            for k in range(6):
                rolled += self.d.faces[s][k]
            if rolled < self._to_roll(s):
                self.d.cur = s
                self.d.phase = PH_ROLL
                return
            self.d.qi += 1
        self.d.rolled = 1
        self.d.qi = 0
        self._divert_next()

    cdef int _divert_actions(self, int s, int* out) noexcept:
        cdef int x, k, total, n = 0
        for x in range(self.d.n):
            total = 0
            for k in range(6):
                total += self.d.faces[x][k]
            if total == 0:
                continue
            for k in range(6):
                if self.d.faces[x][k] > 0:
                    out[n] = A_DIVERT + x * 7 + k
                    n += 1
            if total >= 2:
                out[n] = A_DIVERT + x * 7 + 6
                n += 1
        return n

    cdef void _divert_next(self) noexcept:
        """After a roll, anyone involved holding a Diversionary Tactic may force a re-roll."""
        cdef int buf[64]
        cdef int s
        if self._divert_actions(self.d.bdef, buf) == 0:
            self.d.qi = self.d.bn       # nobody rolled: nothing to re-roll
        while self.d.qi < self.d.bn:
            s = self.d.border[self.d.qi]
            if self._involved(s) and self._hand(s) > 0:
                self.d.cur = s
                self.d.phase = PH_DIVERT
                return
            self.d.qi += 1
        self._resolve()

    cdef int _pcv(self, int s) noexcept:
        """Personal Combat Value: the sum of s's dice, plus 3 per Gunboat."""
        cdef int k, v = 3 * self.d.gun[s]
        for k in range(6):
            v += (k + 1) * self.d.faces[s][k]
        return v

    cdef int _defense(self) noexcept:
        cdef int i, x, v = 0
        for i in range(self.d.bside):
            x = self.d.border[i]
            if self.d.bpres and x == self.d.bdef:
                v += self.d.bown[x] * (2 if self.d.uprising else 1) + 3 * self.d.gun[x]
            elif self.d.uprising:
                v += 2 * self._dice(x) + 3 * self.d.gun[x]
            else:
                v += self._pcv(x)
        if not self.d.surprise:
            v += self.d.bld[self.d.bdef]
        return v

    cdef void _resolve(self) noexcept:
        cdef int i, s, attack = 0
        self.d.plunder_left = 0
        for i in range(self.d.bside, self.d.bn):
            s = self.d.border[i]
            if self._dice(s) > 0:
                attack += self._pcv(s)
                self.d.plunder_left |= bit(s)
                self.d.pkey[s] = self._pcv(s) << 12
                self.d.prc[s] = 0
        self.d.bwin = attack > self._defense()
        if not self.d.bwin:
            self.d.plunder_left = 0
        self._plunder_next()

    cdef void _plunder_next(self) noexcept:
        """Plunder in order of Personal Combat Value; ties are rolled off."""
        cdef int i, s, best, first, ties
        while self.d.plunder_left:
            if self.d.tot[L_HAND + self.d.bdef] == 0 and not (self.d.bpres and self.d.new_pres < 0):
                break
            best = -1
            first = -1
            ties = 0
            for i in range(self.d.bside, self.d.bn):
                s = self.d.border[i]
                if not self.d.plunder_left & bit(s):
                    continue
                if self.d.pkey[s] > best:
                    best = self.d.pkey[s]
                    first = s
                    ties = 0
                elif self.d.pkey[s] == best:
                    ties += 1
            if ties > 0 and self.d.prc[first] < 4:
                self.d.tie_mask = 0
                for i in range(self.d.bside, self.d.bn):
                    s = self.d.border[i]
                    if self.d.plunder_left & bit(s) and self.d.pkey[s] == best:
                        self.d.tie_mask |= bit(s)
                self.d.cur = first
                self.d.phase = PH_TIE
                return
            self.d.plunder_left &= ~bit(first)
            if self.d.bpres and self.d.new_pres < 0:
                self.d.new_pres = first
            if self.d.tot[L_HAND + self.d.bdef] > 0:
                self.d.cur = first
                self.d.phase = PH_PLUNDER
                return
        self.d.qi = 0
        self.d.kills = -1
        self._destroy_next()

    cdef void _destroy(self, int g) noexcept:
        """One militia of group g (seat * 2 + on loan) in this battle goes to the Supplies."""
        cdef int s = g >> 1
        cdef int code
        if g & 1:
            self.d.bloan[s] -= 1
            self.d.loana[s][self.d.bdef] -= 1
            self.d.mil[self.d.pres] -= 1
            return
        self.d.bown[s] -= 1
        self.d.mil[s] -= 1
        if self.d.bpres and s == self.d.bdef:
            return
        code = CODE_PRES if (self.d.bpres and s != self.d.bdef) else self.d.bdef
        self.d.ords[s][code] -= 1

    cdef void _destroy_next(self) noexcept:
        """Expert: after the battle, a rolled 1 destroys an opposing militia."""
        cdef int groups[2 * JMAXP]
        cdef int s
        while self.d.expert and self.d.qi < self.d.bn:
            s = self.d.border[self.d.qi]
            if self.d.kills < 0:
                self.d.kills = self.d.faces[s][0]
                if self.d.kill_per_player and self.d.kills > 1:
                    self.d.kills = 1
            if self.d.kills > 0 and self._opposing(s, groups) > 0:
                self.d.cur = s
                self.d.phase = PH_DESTROY
                return
            self.d.qi += 1
            self.d.kills = -1
        self._battle_end()

    cdef void _battle_end(self) noexcept:
        cdef int q
        if self.d.bpres:
            for q in range(self.d.n):
                if q == self.d.pres:
                    continue
                if self.d.bwin or self.d.pres_att & bit(q):
                    self._forfeit(q)
                else:
                    self._receive(q)
            self.d.bseat = 1
        self._next_battle()

    cdef void _combat_end(self) noexcept:
        """Loaned militia go home; the new Presidente takes the Sunglasses; Spend Money."""
        cdef int i, q
        memset(self.d.loanp, 0, sizeof(self.d.loanp))
        memset(self.d.loana, 0, sizeof(self.d.loana))
        if self.d.new_pres >= 0:
            self.d.pres = self.d.new_pres
        for q in range(self.d.n):
            if self.d.mil[q] == 0:
                self.d.mil[q] = 1       # a player left without militia gets one free
        for i in range(self.d.n):
            self.d.queue[i] = (self.d.pres + i) % self.d.n
        self.d.qn = self.d.n
        self.d.qi = 0
        self._spend_next()

    # ------------------------------------------------------------ spending, the end
    cdef int _tiles_left(self) noexcept:
        cdef int q, k = self.d.tiles
        for q in range(self.d.n):
            k -= self.d.bld[q] - 1
        return k

    cdef int _money_upto(self, int q, int v) noexcept:
        cdef int t, m = 0
        for t in range(self.d.ntypes):
            if self.d.val[t] <= v:
                m += self.d.val[t] * self.d.cnt[L_HAND + q][t]
        return m

    cdef void _spend_next(self) noexcept:
        self.d.owed = self.d.paid = self.d.pend_b = self.d.pend_m = self.d.pend_c = 0
        self.d.last_buy = -1
        self.d.last_pay = 99
        if self.d.qi < self.d.qn:
            self.d.cur = self.d.queue[self.d.qi]
            self.d.phase = PH_SPEND
            return
        self._end_check()

    cdef void _settle(self) noexcept:
        """Paid in full (no change): take the buildings, militia and card bought."""
        cdef int q = self.d.cur
        cdef int c = self.d.pend_c
        self.d.bld[q] += self.d.pend_b
        self.d.mil[q] += self.d.pend_m
        self.d.bought[q] += c
        self.d.owed = self.d.paid = self.d.pend_b = self.d.pend_m = self.d.pend_c = 0
        self.d.last_buy = -1
        self.d.last_pay = 99
        if c:
            self.d.left = c
            self._spend_draw_next()

    cdef void _end_check(self) noexcept:
        cdef int q
        for q in range(self.d.n):
            if self._vp(q) >= self.d.vp_target:
                self._game_over()
                return
        self.d.qi = 0
        self._discard_next()

    cdef void _discard_next(self) noexcept:
        """Check Number of Cards: down to the hand limit, from the Presidente clockwise."""
        while self.d.qi < self.d.qn and self._hand(self.d.queue[self.d.qi]) <= self.d.hand_limit:
            self.d.qi += 1
        if self.d.qi < self.d.qn:
            self.d.cur = self.d.queue[self.d.qi]
            self.d.phase = PH_DISCARD
            return
        self._start_round()

    cdef void _game_over(self) noexcept:
        """Most VP wins; ties go to the most money in hand; a remaining tie is shared."""
        cdef int q, t, best_v = -1, best_m = -1, v, m
        self.d.winners = 0
        for q in range(self.d.n):
            for t in range(self.d.ntypes):      # hands are shown to settle VP and money
                self.observe_all(tok(T_SHOW, q, t * 64 + self.d.cnt[L_HAND + q][t]))
        for q in range(self.d.n):
            v = self._vp(q)
            m = self._money(q)
            if v > best_v or (v == best_v and m > best_m):
                best_v, best_m = v, m
                self.d.winners = bit(q)
            elif v == best_v and m == best_m:
                self.d.winners |= bit(q)
        self.d.phase = PH_OVER

    cdef void c_returns(self, double* out) noexcept:
        cdef int q
        for q in range(self.d.n):
            out[q] = 0.0
            if self.d.phase == PH_OVER:
                out[q] = 1.0 if self.d.winners & bit(q) else -1.0

    cdef double _score(self, int q) noexcept:
        return (self._vp(q) + 0.25 * self._money(q) + 0.3 * self.d.mil[q]
                + 0.1 * self._hand(q))

    cdef void c_heuristic_returns(self, double* out) noexcept:
        """tanh of the lead over the best other seat (VP, money, militia, cards)."""
        cdef double sc[JMAXP]
        cdef double best
        cdef int q, r
        for q in range(self.d.n):
            sc[q] = self._score(q)
        for q in range(self.d.n):
            best = -1e9
            for r in range(self.d.n):
                if r != q and sc[r] > best:
                    best = sc[r]
            out[q] = tanh((sc[q] - best) / 2.0)

    # ------------------------------------------------------------ resampling
    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept:
        """Redeal every card `player` cannot place (deck, other hands and promise piles,
        beyond what it provably knows is there) and redraw other seats' secret orders."""
        cdef int pool[NT]
        cdef int loc, t, u, k, r, q, npool = 0
        cdef int p = player
        memset(pool, 0, sizeof(pool))
        for loc in range(NLOC):
            if loc == L_DISC or loc == L_HAND + p or loc == L_PROM + p or self._unused_loc(loc):
                continue
            for t in range(self.d.ntypes):
                pool[t] += self.d.cnt[loc][t] - self.d.lb[p][loc][t]
                npool += self.d.cnt[loc][t] - self.d.lb[p][loc][t]
        for loc in range(NLOC):
            if loc == L_DISC or loc == L_HAND + p or loc == L_PROM + p or self._unused_loc(loc):
                continue
            u = self.d.tot[loc]
            for t in range(self.d.ntypes):
                self.d.cnt[loc][t] = self.d.lb[p][loc][t]
                u -= self.d.lb[p][loc][t]
            for k in range(u):
                r = <int>rng_below(rng, npool)
                for t in range(self.d.ntypes):
                    r -= pool[t]
                    if r < 0:
                        break
                pool[t] -= 1
                npool -= 1
                self.d.cnt[loc][t] += 1
        for q in range(self.d.n):
            if q != p:
                memset(self.d.lb[q], 0, sizeof(self.d.lb[q]))
        if self.d.phase == PH_PROMISE and p != self.d.pres and A_PROM_CARD <= self.d.last_prom < A_PROM_MIL:
            self.d.last_prom = A_PROM_CARD + (self.d.last_prom - A_PROM_CARD) // NT * NT
        if self.d.revealed:
            return
        for q in range(self.d.n):
            if q == p or self.d.nord[q] == 0 or self.d.ord_known[q] & bit(p):
                continue
            k = self.d.nord[q]
            memset(self.d.ords[q], 0, NCODE)
            self.d.last_ord[q] = 0
            for u in range(k):
                self._random_order(q, rng)

    cdef bint _unused_loc(self, int loc) noexcept:
        return ((loc >= L_HAND + self.d.n and loc < L_PROM)
                or loc >= L_PROM + self.d.n)

    cdef void _random_order(self, int q, Rng* rng) noexcept:
        cdef int codes[NCODE]
        cdef int c, k = 0
        for c in range(NCODE):
            if self._order_legal(q, c):
                codes[k] = c
                k += 1
        c = codes[rng_below(rng, k)]
        self.d.ords[q][c] += 1
        self.d.last_ord[q] = c

    # ------------------------------------------------------------ Python API
    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(JuntaData)]

    def _fields(self):
        """Card counts, knowledge bounds and the table as plain lists (tests check invariants)."""
        n, nt = self.d.n, self.d.ntypes
        return {
            "cnt": [[self.d.cnt[L][t] for t in range(nt)] for L in range(NLOC)],
            "tot": [self.d.tot[L] for L in range(NLOC)],
            "lb": [[[self.d.lb[x][L][t] for t in range(nt)] for L in range(NLOC)] for x in range(n)],
            "mil": [self.d.mil[q] for q in range(n)],
            "bld": [self.d.bld[q] for q in range(n)],
            "ords": [[self.d.ords[q][k] for k in range(NCODE)] for q in range(n)],
            "loanp": [[self.d.loanp[q][f] for f in range(n)] for q in range(n)],
            "loana": [[self.d.loana[q][f] for f in range(n)] for q in range(n)],
            "pres": self.d.pres,
            "round": self.d.round,
        }

    @property
    def phase(self):
        return PHASE_NAMES[self.d.phase]

    def arrange(self, pres=None, buildings=None, militia=None, hands=None):
        """Set up a position (tests, rulebook examples, puzzles) before the first card is
        drawn: the Presidente, each estate's buildings and militia, and named cards dealt
        from the Deck into hands. Each owner observes its own cards."""
        cdef int q, t
        if self.d.phase != PH_DRAW or self.d.round != 1 or self.d.tot[L_DECK] != self._deck_size():
            raise IllegalActionError("arrange() works only right after the first Presidente is chosen")
        n = self.d.n
        names = [c.name for c in self.game.data.cards]
        if pres is not None:
            self._check_seat(pres)
            self.d.pres = pres
            self.observe_all(tok(T_ARRANGE, pres, 0))
        for q, v in enumerate(buildings or []):
            if not 1 <= v <= 1 + self.d.spots:
                raise ValueError(f"seat {q}: {v} buildings is outside 1..{1 + self.d.spots}")
            self.d.bld[q] = v
            self.observe_all(tok(T_ARRANGE, q, 10 + v))
        for q, v in enumerate(militia or []):
            if not 0 <= v <= self.d.mil_max:
                raise ValueError(f"seat {q}: {v} militia is outside 0..{self.d.mil_max}")
            self.d.mil[q] = v
            self.observe_all(tok(T_ARRANGE, q, 20 + v))
        for q, cards in (hands or {}).items():
            self._check_seat(q)
            for name in cards:
                if name not in names:
                    raise ValueError(f"unknown card {name!r}")
                t = names.index(name)
                if self.d.cnt[L_DECK][t] == 0:
                    raise ValueError(f"no {name!r} left in the Deck")
                self._move(L_DECK, L_HAND + q, t)
                for x in range(n):
                    if x == q:
                        self.observe_one(x, tok(T_DRAW, q, t))
                    else:
                        self._unseen_leave(x, L_DECK)
                        self.observe_one(x, tok(T_DRAW, q, RED))
        for i in range(n):
            self.d.queue[i] = (self.d.pres + i) % n
        self.d.cur = self.d.pres

    def _deck_size(self):
        return sum(c.count for c in self.game.data.cards)

    # -- text
    def _name(self, int t):
        return self.game.data.cards[t].name

    def _seat(self, int s, viewer=None):
        return "you" if viewer == s else f"P{s + 1}"

    def _order_text(self, int q, int code):
        if code == CODE_PRES:
            return "defend the Presidente (6)"
        if code == q:
            return f"defend own estate ({code + 1})"
        return f"attack {code + 1}"

    def _action_to_string(self, int a):
        cdef int ph = self.d.phase
        cdef int q = self.d.cur
        if a >= C_SEAT:
            return f"P{a - C_SEAT + 1} becomes Presidente"
        if a >= C_DIE:
            if ph == PH_TIE:
                return f"P{q + 1} rolls {a - C_DIE + 1} for plunder order"
            return f"P{q + 1} rolls {a - C_DIE + 1}"
        if a >= C_CARD:
            name = self._name(a - C_CARD)
            if ph == PH_BURGLE:
                return f"Burglars take {name}"
            if ph == PH_PLUNDER:
                return f"P{q + 1} plunders {name}"
            return f"P{q + 1} draws {name}"
        if a == A_DONE:
            return "pass" if ph in (PH_BURGLAR, PH_SPY, PH_DIVERT) else "done"
        if a < A_PROM_MIL:
            return f"promise {self._name((a - A_PROM_CARD) % NT)} to P{(a - A_PROM_CARD) // NT + 1}"
        if a < A_ORDER:
            return f"promise militia showing {(a - A_PROM_MIL) % 5 + 1} to P{(a - A_PROM_MIL) // 5 + 1}"
        if a < A_BURGLE:
            return f"militia {self.d.nord[q] + 1}: {self._order_text(q, a - A_ORDER)}"
        if a < A_SPY:
            return f"Burglars on P{a - A_BURGLE + 1}'s promises"
        if a == A_SPY:
            return "play Spy"
        if a < A_ASSASS:
            return f"play {self._name(a - A_PLAY)}"
        if a < A_DIVERT:
            g = a - A_ASSASS
            return f"Assassination on P{g // 2 + 1}'s {'loaned ' if g % 2 else ''}militia"
        if a < A_DESTROY:
            s, k = divmod(a - A_DIVERT, 7)
            what = "all dice" if k == 6 else f"a {k + 1}"
            return f"Diversionary Tactic: P{s + 1} re-rolls {what}"
        if a < A_BUY_B:
            g = a - A_DESTROY
            return f"destroy P{g // 2 + 1}'s {'loaned ' if g % 2 else ''}militia"
        if a == A_BUY_B:
            return "buy a building"
        if a == A_BUY_M:
            return "buy a militia"
        if a == A_BUY_C:
            return "buy a card"
        if a < A_DISCARD:
            return f"pay {self._name(a - A_PAY)}"
        return f"discard {self._name(a - A_DISCARD)}"

    def _describe_action(self, int a, viewer):
        """The action as `viewer` sees it (None: an all-seeing narrator)."""
        cdef int ph = self.d.phase
        cdef int q = self.d.cur
        text = self._action_to_string(a)
        if viewer is None:
            return text
        if ph in (PH_DRAW, PH_SPEND_DRAW) and viewer != q:
            return f"P{q + 1} draws a card"
        if ph == PH_BURGLE and viewer not in (q, self.d.left):
            return f"Burglars take a card from P{self.d.left + 1}'s promises"
        if ph == PH_PLUNDER and viewer not in (q, self.d.bdef):
            return f"P{q + 1} plunders a card from P{self.d.bdef + 1}"
        if ph == PH_PROMISE and A_PROM_CARD <= a < A_PROM_MIL and viewer not in (q, (a - A_PROM_CARD) // NT):
            return f"the Presidente promises a card to P{(a - A_PROM_CARD) // NT + 1}"
        if ph == PH_ORDER and viewer != q:
            return f"P{q + 1} gives a militia its order"
        return text

    def _observation(self, int player):
        """What `player` knows, as plain data."""
        data = self.game.data
        n = self.d.n
        names = [c.name for c in data.cards]
        p = self.d.pres

        def pile(loc):
            return {names[t]: self.d.cnt[loc][t] for t in range(self.d.ntypes) if self.d.cnt[loc][t]}

        seats = []
        for q in range(n):
            sees_orders = bool(self.d.ord_known[q] & bit(player)) or self.d.revealed
            seat = {
                "seat": q,
                "estate": q + 1,
                "presidente": q == p,
                "buildings": self.d.bld[q],
                "militia": self.d.mil[q],
                "hand_size": self.d.tot[L_HAND + q],
                "promise_size": self.d.tot[L_PROM + q],
                "promised_militia": {str(f + 1): self.d.loanp[q][f] for f in range(n) if self.d.loanp[q][f]},
                "loaned_militia": {str(f + 1): self.d.loana[q][f] for f in range(n) if self.d.loana[q][f]},
                "orders_given": self.d.nord[q] if q != p else 0,
                "orders": ({self._order_key(q, k): self.d.ords[q][k] for k in range(NCODE) if self.d.ords[q][k]}
                           if sees_orders and q != p else None),
                "cards_bought": self.d.bought[q],
            }
            if q == player or self.d.phase == PH_OVER:
                seat["hand"] = pile(L_HAND + q)
                seat["money"] = self._money(q)
            if q == player or player == p and q != p:
                seat["promises"] = self._known_promises(player, q) if q != player else pile(L_PROM + q)
            seat["victory_points"] = (self._vp(q) if q == player or self.d.phase == PH_OVER
                                      else self._public_vp(q))
            seats.append(seat)
        battle = None
        if self.d.bn > 0:       # the battle in progress, or the last one fought this round
            battle = {
                "in_progress": PH_CARDS <= self.d.phase <= PH_DESTROY,
                "defender": self.d.bdef,
                "presidente_battle": bool(self.d.bpres),
                "defending_side": [self.d.border[k] for k in range(self.d.bside)],
                "attackers": [self.d.border[k] for k in range(self.d.bside, self.d.bn)],
                "dice": {self.d.border[k]: {"own": self.d.bown[self.d.border[k]],
                                            "loaned": self.d.bloan[self.d.border[k]]}
                         for k in range(self.d.bn)},
                "rolls": {self.d.border[k]: [f + 1 for f in range(6) for _ in range(self.d.faces[self.d.border[k]][f])]
                          for k in range(self.d.bn)},
                "gunboats": {self.d.border[k]: self.d.gun[self.d.border[k]] for k in range(self.d.bn) if self.d.gun[self.d.border[k]]},
                "bribery": bool(self.d.bribery),
                "surprise_attack": bool(self.d.surprise),
                "peasant_uprising": bool(self.d.uprising),
                "rolled": bool(self.d.rolled),
                "attack_won": bool(self.d.bwin),
            }
            if self.d.rolled:
                battle["attack_value"] = sum(self._pcv_py(self.d.border[k]) for k in range(self.d.bside, self.d.bn)
                                             if self.d.bown[self.d.border[k]] + self.d.bloan[self.d.border[k]] > 0)
                battle["defense_value"] = self._defense()
                battle["personal_values"] = {self.d.border[k]: self._pcv_py(self.d.border[k]) for k in range(self.d.bn)}
        return {
            "game": "junta",
            "expert": bool(self.d.expert),
            "round": self.d.round,
            "max_rounds": self.d.max_rounds,
            "phase": PHASE_NAMES[self.d.phase],
            "to_move": self.c_current_player(),
            "presidente": p,
            "new_presidente": self.d.new_pres,
            "victory_target": self.d.vp_target,
            "seats": seats,
            "deck_size": self.d.tot[L_DECK],
            "discard_pile": pile(L_DISC),
            "orders_revealed": bool(self.d.revealed),
            "battle_order": self._battle_order(),
            "battle": battle,
            "spending": ({"owed": self.d.owed, "paid": self.d.paid, "buildings": self.d.pend_b,
                          "militia": self.d.pend_m, "cards": self.d.pend_c}
                         if self.d.phase == PH_SPEND else None),
            "winners": [q for q in range(n) if self.d.winners & bit(q)] if self.d.phase == PH_OVER else None,
        }

    def _pcv_py(self, int s):
        return self._pcv(s)

    def _order_key(self, int q, int k):
        if k == CODE_PRES:
            return "6"
        return str(k + 1)

    def _public_vp(self, int q):
        return self.d.bld[q] + (1 if self.d.expert and q == self.d.pres else 0)

    def _known_promises(self, int viewer, int q):
        names = [c.name for c in self.game.data.cards]
        return {names[t]: self.d.lb[viewer][L_PROM + q][t] for t in range(self.d.ntypes)
                if self.d.lb[viewer][L_PROM + q][t]}

    def _battle_order(self):
        """Defenders in the order their battles are fought (known once orders are revealed)."""
        if not self.d.revealed:
            return []
        n, p = self.d.n, self.d.pres
        out = []
        if self.d.pres_att:
            out.append(p)
        for i in range(1, n):
            d = (p + i) % n
            if any(q != d and q != p and self.d.ords[q][d] + self.d.loana[q][d] + self.d.loanp[q][d] > 0
                   for q in range(n)):
                out.append(d)
        return out
