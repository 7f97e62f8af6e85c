# cython: language_level=3
"""WAR: Guerrilla Tactics as a compiled state machine (see RULES.md beside this file).

Cards are 0..51 = suit * 13 + (rank - 2), suits ♣ ♦ ♥ ♠, aces high. Piles are
bit masks. A skirmish runs: promotion (propose, cancel, recruit) -> draw ->
secret selection (spy captors reveal first) -> support -> tie resolution ->
loss of forces -> spoils.

This class holds the struct and numbering (data.pxd) and the rules: legal actions, apply,
chance, returns and resample. Move text and observations are in view.
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState, CHANCE, TERMINAL, token as tok
from partisan.core.turns cimport seat_queue, queue_seat, queue_next
from partisan.core.cards cimport bit, count, lowest, to_list, random_card
from partisan.core.knowledge cimport (
    Places, places, move_card, move_cards, show_card, redeal, PUBLIC, OWNER, NO_TOKEN)
from partisan.core.decision cimport (
    NO_SECRET, secrets_clear, secret_pending, secret_hidden_from, secret_commit, secret_reveal,
    secret_redraw)
from partisan.core.games.war.data cimport *
from partisan.core.games.war cimport view, knowledge

from partisan.core.actions import ActionRanges
from partisan.core.games.war.view import card_name

# The action ids (draws, recruits and losses are chance outcomes or choices numbered as cards,
# i.e. in `play`); data.pxd's offsets derive from the same sizes in the same order.
ACTIONS = ActionRanges(play=NCARDS, support=NCARDS, no_support=1, propose=1, decline=1,
                       cancel=NCARDS, remove=NCARDS)
ACTIONS.check_offsets("war", (A_PLAY, A_SUPPORT, A_NO_SUPPORT, A_PROPOSE, A_PASS, A_CANCEL,
                              A_REMOVE, NUM_ACTIONS))

# One suit per seat (spades, hearts, diamonds, clubs); the 2-player variant
# gives hearts + diamonds to one player and clubs + spades to the other.
ONE_SUIT = (3, 2, 1, 0)
TWO_SUITS = ((2, 1), (0, 3))

cdef uint64_t GMASK[MAX_RANK + 1]       # Guerrillas at each rank: ranks 2..r
cdef uint64_t SEVENS = 0
cdef int _r, _s
for _r in range(MAX_RANK + 1):
    GMASK[_r] = 0
    for _s in range(4):
        for _c in range(2, _r + 1):
            GMASK[_r] |= bit(_s * 13 + _c - 2)
for _s in range(4):
    SEVENS |= bit(_s * 13 + SPY_RANK - 2)


cdef inline void _move(WarState s, int c, int src, int dst, int vis, int owner,
                       uint64_t shown, uint64_t hidden) noexcept nogil:
    """One card between places, through the knowledge block (one public row: the
    table's knowledge; a seat never needs a row for its own cards)."""
    cdef Places pl = places(s.d.pl, s.d.seen, NULL, 1, NPL, 1)
    move_card(s, &pl, c, src, dst, vis, owner, -1, shown, hidden)


cdef inline void _move_all(WarState s, int src, int dst, int vis, int owner,
                           uint64_t shown) noexcept nogil:
    cdef Places pl = places(s.d.pl, s.d.seen, NULL, 1, NPL, 1)
    move_cards(s, &pl, &s.d.pl[src], src, dst, vis, owner, -1, shown, shown)


cdef inline void _show(WarState s, int c, int place, uint64_t shown) noexcept nogil:
    """The whole table sees a card in its place."""
    cdef Places pl = places(s.d.pl, s.d.seen, NULL, 1, NPL, 1)
    show_card(s, &pl, c, place, PUBLIC, -1, -1, shown, NO_TOKEN)


cdef inline void _take_from_hand(WarState s, int p, int c, uint64_t shown) noexcept nogil:
    """A hand card goes face up into the pot."""
    _move(s, c, P_HAND + p, P_POT, PUBLIC, -1, shown, NO_TOKEN)
    s.d.no_g[p] &= ~bit(c)
    s.d.shown[p] |= bit(c)


cdef class WarState(GameState):

    # ---------------------------------------------------------------- set-up
    def __init__(self, game):
        cdef int p
        self.game = game
        self.num_players = game.players
        self.num_distinct_actions = NUM_ACTIONS
        memset(&self.d, 0, sizeof(WarData))
        self.d.n = game.players
        self.d.rank = 2
        self.d.max_skirmishes = game.options["max_skirmishes"]
        self.d.loss_by_winner = game.options["loss"] == "winner"
        self.d.promotion_since = game.options["promotion"] == "since_last"
        self.d.result_winner = -1
        self.d.last_winner = -1
        for p in range(self.d.n):
            if game.options["two_suits"]:
                for s in TWO_SUITS[p]:
                    self.d.pl[P_DRAW + p] |= <uint64_t>0x1FFF << (13 * s)
            else:
                self.d.pl[P_DRAW + p] = <uint64_t>0x1FFF << (13 * ONE_SUIT[p])
        self.d.active = (1 << self.d.n) - 1
        self._begin_skirmish()

    cdef GameState c_new_blank(self):
        return WarState.__new__(WarState)

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<WarState>other).d

    # ---------------------------------------------------------- skirmish
    cdef void _begin_skirmish(self) noexcept nogil:
        cdef int p
        for p in range(WAR_MAX):
            self.d.shown[p] = 0
            self.d.facedown[p] = 0
            self.d.pl[P_TIE + p] = 0
            self.d.up[p] = -1
            self.d.sup[p] = -1
        secrets_clear(&self.d.pending)
        self.d.pl[P_POT] = 0
        self.d.supported = 0
        self.d.support_cards = 0
        self.d.final_out = 0
        self.d.winner = -1
        self.d.contenders = self.d.active
        if self.d.rank < MAX_RANK and (self.d.played_g & self.d.active) == self.d.active:
            self.d.phase = PH_PROPOSE
            seat_queue(&self.d.turn, self.d.active, 0, 0, self.d.n)
        else:
            self._begin_draw()

    cdef void _begin_draw(self) noexcept nogil:
        cdef int p, held
        for p in range(self.d.n):
            held = count(self.d.pl[P_HAND + p])
            self.d.need[p] = max(0, (1 if (self.d.supported_last >> p) & 1 else 2) - held)
            self.d.drew[p] = 0
        self.d.phase = PH_DRAW
        seat_queue(&self.d.turn, self.d.active, 0, 0, self.d.n)
        self._advance_draw()

    cdef void _eliminate(self, int p) noexcept nogil:
        cdef uint64_t m = self.d.pl[P_HAND + p] | self.d.pl[P_TIE + p]
        cdef int c
        while m:
            c = lowest(m)
            m &= m - 1
            _move(self, c, P_HAND + p if self.d.pl[P_HAND + p] & bit(c) else P_TIE + p,
                  P_REMOVED, PUBLIC, -1, tok(T_ELIMINATED, p, c), NO_TOKEN)
        self.observe_all(tok(T_ELIMINATED, p, -1))
        self.d.no_g[p] = 0
        self.d.active &= ~(1 << p)
        self.d.contenders &= ~(1 << p)
        self.d.final_out |= 1 << p

    cdef void _advance_draw(self) noexcept nogil:
        """Skip seats that need nothing, eliminate those who must draw and cannot."""
        cdef int p
        while self.d.turn.pos < self.d.turn.n:
            p = queue_seat(&self.d.turn)
            if self.d.need[p] > 0 and (self.d.pl[P_DRAW + p] | self.d.pl[P_DISC + p]):
                return                                  # a chance node: p draws
            if self.d.need[p] > 0 and self.d.drew[p] == 0:
                self._eliminate(p)
            self.d.need[p] = 0
            self.d.turn.pos += 1
        if self.d.phase == PH_DRAW:
            if count(self.d.active) <= 1:
                self._game_over()
            else:
                self._begin_select()
        elif count(self.d.contenders) <= 1:
            # the others were eliminated: the survivor wins and keeps the cards drawn
            p = lowest(self.d.contenders) if self.d.contenders else -1
            if p >= 0:
                _move_all(self, P_TIE + p, P_HAND + p, OWNER, p, NO_TOKEN)
            self._begin_loss(p)
        else:
            self.d.phase = PH_TIE_PLAY
            seat_queue(&self.d.turn, self.d.contenders, 0, 0, self.d.n)

    cdef void _begin_select(self) noexcept nogil:
        self.d.phase = PH_SELECT
        self.d.contenders = self.d.active
        seat_queue(&self.d.turn, self.d.active, self.d.spy_first, 0, self.d.n)

    cdef void _reveal_pending(self, int kind) noexcept nogil:
        """Turn over the secret choices of this step, in seat order: everyone observes each
        (kind, seat, choice), then the card moves."""
        cdef int i, p, c
        for i in range(self.d.turn.n):
            p = self.d.turn.seat[i]
            c = secret_reveal(self, &self.d.pending, p, kind)
            if c == NO_SECRET:
                continue
            if kind == T_SUPPORT_REVEAL:
                if c == NO_SUPPORT_CHOSEN:
                    continue
                self.d.sup[p] = c
                self.d.supported |= 1 << p
                self.d.support_cards |= bit(c)
                _take_from_hand(self, p, c, NO_TOKEN)
            elif kind == T_REVEAL:
                # the card left the hand when chosen; the table sees it leave now
                self.d.up[p] = c
                _take_from_hand(self, p, c, NO_TOKEN)
            else:                                   # tie resolution: the rest goes face down
                self.d.up[p] = c
                self.d.sup[p] = -1
                self.d.facedown[p] |= self.d.pl[P_TIE + p] & ~bit(c)
                _move(self, c, P_TIE + p, P_POT, PUBLIC, -1, NO_TOKEN, NO_TOKEN)
                _move_all(self, P_TIE + p, P_POT, OWNER, p, NO_TOKEN)
                self.d.shown[p] |= bit(c)

    cdef int _best_other(self, int p) noexcept nogil:
        cdef int q, v, best = 0
        for q in range(self.d.n):
            if q != p and (self.d.contenders >> q) & 1:
                v = value(self.d.up[q], self.d.rank)
                if v > best:
                    best = v
        return best

    cdef bint _support_improves(self, int p, int c) noexcept nogil:
        """'You may only support if it improves your outcome': lose < tie < win."""
        cdef int other = self._best_other(p)
        cdef int before = value(self.d.up[p], self.d.rank)
        cdef int after = strength(self.d.up[p], c, self.d.rank)
        before = (before > other) - (before < other)
        after = (after > other) - (after < other)
        return after > before

    cdef void _begin_support(self) noexcept nogil:
        cdef int p, mask = 0
        for p in range(self.d.n):
            if ((self.d.contenders >> p) & 1 and self.d.pl[P_HAND + p]
                    and value(self.d.up[p], self.d.rank) <= self._best_other(p)):
                mask |= 1 << p
        if mask == 0:
            self._resolve()
            return
        self.d.phase = PH_SUPPORT
        seat_queue(&self.d.turn, mask, 0, 0, self.d.n)

    cdef void _resolve(self) noexcept nogil:
        """Highest strength wins; players tied for best go to tie resolution."""
        cdef int p, s, best = -1, tied = 0
        for p in range(self.d.n):
            if (self.d.contenders >> p) & 1:
                s = strength(self.d.up[p], self.d.sup[p], self.d.rank)
                if s > best:
                    best = s
                    tied = 1 << p
                elif s == best:
                    tied |= 1 << p
        if count(tied) == 1:
            self._begin_loss(lowest(tied))
            return
        self.d.contenders = tied
        self.d.phase = PH_TIE_DRAW
        for p in range(self.d.n):
            if (tied >> p) & 1:
                self.d.need[p] = 2
                self.d.drew[p] = 0
        seat_queue(&self.d.turn, tied, 0, 0, self.d.n)
        self._advance_draw()

    cdef void _begin_loss(self, int w) noexcept nogil:
        cdef int p, c
        cdef uint64_t m
        self.d.winner = w
        for p in range(self.d.n):
            m = self.d.facedown[p]
            while m:
                c = lowest(m)
                m &= m - 1
                _show(self, c, P_POT, tok(T_FACEDOWN_REVEAL, p, c))
        self.d.last_removed = 0
        self.d.last_spoils = 0
        if w < 0:                       # every tied player was eliminated
            self.d.last_removed = self.d.pl[P_POT]
            _move_all(self, P_POT, P_REMOVED, PUBLIC, -1, NO_TOKEN)
            self._end_skirmish()
            return
        self.d.to_remove = count(self.d.pl[P_POT]) // 2 if self.d.pl[P_POT] & GMASK[self.d.rank] else 0
        if self.d.to_remove > 0:
            self.d.phase = PH_LOSS
        else:
            self._spoils()

    cdef void _spoils(self) noexcept nogil:
        cdef int w = self.d.winner
        self.d.last_spoils = self.d.pl[P_POT]
        _move_all(self, P_POT, P_DISC + w, PUBLIC, -1, tok(T_SPOILS, w, -1))
        self._end_skirmish()

    cdef void _end_skirmish(self) noexcept nogil:
        cdef int p, w = self.d.winner
        cdef uint64_t others = 0
        cdef uint8_t spy_next = 0
        for p in range(self.d.n):
            if p != w:
                others |= self.d.shown[p]
            if (self.d.shown[p] | self.d.facedown[p]) & GMASK[self.d.rank]:
                self.d.played_g |= 1 << p
            self.d.last_shown[p] = self.d.shown[p]
            self.d.last_facedown[p] = self.d.facedown[p]
        if w >= 0 and others & SEVENS:
            spy_next = 1 << w
        self.d.last_winner = w
        self.d.last_support = self.d.support_cards
        self.d.spy_first = spy_next
        self.d.supported_last = self.d.supported
        self.d.skirmish += 1
        if count(self.d.active) <= 1 or self.d.skirmish >= self.d.max_skirmishes:
            self._game_over()
        else:
            self._begin_skirmish()

    cdef void _game_over(self) noexcept nogil:
        self.d.phase = PH_OVER
        self.d.result_winner = lowest(self.d.active) if count(self.d.active) == 1 else -1

    # ----------------------------------------------------------- contract
    cdef int c_current_player(self) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == PH_OVER:
            return TERMINAL
        if ph == PH_DRAW or ph == PH_TIE_DRAW or ph == PH_RECRUIT:
            return CHANCE
        if ph == PH_LOSS:
            return self.d.winner if self.d.loss_by_winner else CHANCE
        return queue_seat(&self.d.turn)

    cdef bint c_secret_decision(self) noexcept nogil:
        cdef int ph = self.d.phase     # a spy captor selects and reveals before the others
        return ((ph == PH_SELECT and not (self.d.spy_first >> queue_seat(&self.d.turn)) & 1)
                or ph == PH_SUPPORT or ph == PH_TIE_PLAY)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int p = queue_seat(&self.d.turn)
        cdef int ph = self.d.phase
        cdef int n, i, c
        cdef int cards[NCARDS]
        if ph == PH_SELECT:
            return to_list(self.d.pl[P_HAND + p], out)
        if ph == PH_TIE_PLAY:
            return to_list(self.d.pl[P_TIE + p], out)
        if ph == PH_SUPPORT:
            n = 0
            m = to_list(self.d.pl[P_HAND + p], cards)
            for i in range(m):
                if self._support_improves(p, cards[i]):
                    out[n] = A_SUPPORT + cards[i]
                    n += 1
            out[n] = A_NO_SUPPORT
            return n + 1
        if ph == PH_PROPOSE:
            n = 0
            if not self.d.pl[P_HAND + p] & GMASK[self.d.rank]:
                out[0] = A_PROPOSE
                n = 1
            out[n] = A_PASS
            return n + 1
        if ph == PH_CANCEL:
            out[0] = A_PASS
            n = to_list(self.d.pl[P_HAND + p] & GMASK[self.d.rank], out + 1)
            for i in range(n):
                out[i + 1] += A_CANCEL
            return n + 1
        if ph == PH_LOSS:
            n = to_list(self.d.pl[P_POT], out)
            for i in range(n):
                out[i] += A_REMOVE
            return n
        return 0

    cdef uint64_t _chance_pile(self) noexcept nogil:
        cdef int p
        if self.d.phase == PH_RECRUIT:
            return self.d.pl[P_DRAW + self.d.proposer]
        if self.d.phase == PH_LOSS:
            return self.d.pl[P_POT]
        p = queue_seat(&self.d.turn)
        return self.d.pl[P_DRAW + p] if self.d.pl[P_DRAW + p] else self.d.pl[P_DISC + p]

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        cdef int n = to_list(self._chance_pile(), out)
        cdef int i
        for i in range(n):
            probs[i] = 1.0 / n
        return n

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        return random_card(self._chance_pile(), rng)

    cdef void c_apply(self, int a) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == PH_DRAW or ph == PH_TIE_DRAW:
            self._apply_draw(a)
        elif ph == PH_RECRUIT:
            self._apply_recruit(a)
        elif ph == PH_LOSS:
            self._apply_loss(a - A_REMOVE if self.d.loss_by_winner else a)
        elif ph == PH_PROPOSE:
            self._apply_propose(a)
        elif ph == PH_CANCEL:
            self._apply_cancel(a)
        elif ph == PH_SELECT:
            self._apply_select(a)
        elif ph == PH_SUPPORT:
            self._apply_support(a)
        elif ph == PH_TIE_PLAY:
            self._apply_tie_play(a)

    cdef void _apply_draw(self, int c) noexcept nogil:
        cdef int p = queue_seat(&self.d.turn)
        cdef bint tie = self.d.phase == PH_TIE_DRAW
        if not self.d.pl[P_DRAW + p]:
            _move_all(self, P_DISC + p, P_DRAW + p, PUBLIC, -1, tok(T_RESHUFFLE, p, -1))
        if tie:
            _move(self, c, P_DRAW + p, P_TIE + p, OWNER, p,
                  tok(T_TIE_DRAW, p, c), tok(T_TIE_DRAW_HIDDEN, p, -1))
        else:
            _move(self, c, P_DRAW + p, P_HAND + p, OWNER, p,
                  tok(T_DRAW, p, c), tok(T_DRAW_HIDDEN, p, -1))
        self.d.need[p] -= 1
        self.d.drew[p] += 1
        self._advance_draw()

    cdef void _apply_recruit(self, int c) noexcept nogil:
        _move(self, c, P_DRAW + self.d.proposer, P_DISC + self.d.recruiter, PUBLIC, -1,
              tok(T_RECRUIT, self.d.recruiter, c), NO_TOKEN)
        self.d.to_remove -= 1
        if self.d.to_remove == 0 or not self.d.pl[P_DRAW + self.d.proposer]:
            self._begin_draw()

    cdef void _apply_loss(self, int c) noexcept nogil:
        _move(self, c, P_POT, P_REMOVED, PUBLIC, -1, tok(T_LOST, self.d.winner, c), NO_TOKEN)
        self.d.last_removed |= bit(c)
        self.d.to_remove -= 1
        if self.d.to_remove == 0:
            self._spoils()

    cdef void _apply_propose(self, int a) noexcept nogil:
        cdef int p = queue_seat(&self.d.turn)
        if a == A_PASS:
            self.observe_all(tok(T_PASS, p, -1))
            if not queue_next(&self.d.turn):
                self._begin_draw()
            return
        self.observe_all(tok(T_PROPOSE, p, -1))
        self.d.proposer = p
        self.d.no_g[p] = self.d.pl[P_HAND + p]
        self.d.no_g_rank[p] = self.d.rank
        self.d.phase = PH_CANCEL
        # the others answer in seat order, starting to the proposer's left
        seat_queue(&self.d.turn, self.d.active & ~(1 << p), 0, p + 1, self.d.n)

    cdef void _apply_cancel(self, int a) noexcept nogil:
        cdef int p = queue_seat(&self.d.turn)
        cdef int g
        if a == A_PASS:
            self.observe_all(tok(T_PASS, p, -2))
            if not queue_next(&self.d.turn):
                self.d.rank += 1
                if self.d.promotion_since:
                    self.d.played_g = 0     # the next promotion needs a Guerrilla from everyone again
                self.observe_all(tok(T_PROMOTED, -1, self.d.rank))
                self._begin_draw()
            return
        g = a - A_CANCEL
        _show(self, g, P_HAND + p, tok(T_CANCEL, p, g))
        self.d.recruiter = p
        self.d.to_remove = min(self.d.rank, count(self.d.pl[P_DRAW + self.d.proposer]))
        if self.d.to_remove > 0:
            self.d.phase = PH_RECRUIT
        else:
            self._begin_draw()

    cdef void _apply_select(self, int c) noexcept nogil:
        cdef int p = queue_seat(&self.d.turn)
        if (self.d.spy_first >> p) & 1:
            _take_from_hand(self, p, c, tok(T_REVEAL, p, c))
            self.d.up[p] = c
        else:
            # a secret choice: what the table knows of the hand (seen, no_g) stays until the reveal
            self.d.pl[P_HAND + p] &= ~bit(c)
            secret_commit(self, &self.d.pending, p, c, T_SELECT)
        if not queue_next(&self.d.turn):
            self._reveal_pending(T_REVEAL)
            self._begin_support()

    cdef void _apply_support(self, int a) noexcept nogil:
        cdef int p = queue_seat(&self.d.turn)
        cdef int choice = NO_SUPPORT_CHOSEN if a == A_NO_SUPPORT else a - A_SUPPORT
        secret_commit(self, &self.d.pending, p, choice, T_SUPPORT_CHOICE)
        if not queue_next(&self.d.turn):
            self._reveal_pending(T_SUPPORT_REVEAL)
            self._resolve()

    cdef void _apply_tie_play(self, int c) noexcept nogil:
        cdef int p = queue_seat(&self.d.turn)
        secret_commit(self, &self.d.pending, p, c, T_TIE_CHOICE)
        if queue_next(&self.d.turn):
            return
        self._reveal_pending(T_TIE_REVEAL)
        self._resolve()

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int p
        cdef int w = self.d.result_winner
        cdef int sharing = self.d.active if self.d.active else self.d.final_out
        for p in range(self.d.n):
            if self.d.phase != PH_OVER:
                out[p] = 0.0
            elif w >= 0:
                out[p] = 1.0 if p == w else -1.0
            else:                       # capped, or everyone left went out together: a draw
                out[p] = 0.0 if (sharing >> p) & 1 else -1.0

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        """Share of the worth of the cards still owned (knowledge.worth: a card counts by what
        it beats), scaled so an equal share is 0 and all is +1."""
        cdef int p, na = count(self.d.active)
        cdef double total = 0.0
        cdef double owned[WAR_MAX]
        for p in range(self.d.n):
            owned[p] = knowledge.worth(&self.d, self.d.pl[P_HAND + p] | self.d.pl[P_DRAW + p]
                                       | self.d.pl[P_DISC + p] | self.d.pl[P_TIE + p])
            if (self.d.active >> p) & 1:
                total += owned[p]
        for p in range(self.d.n):
            if not (self.d.active >> p) & 1:
                out[p] = -1.0
            elif na <= 1 or total == 0:
                out[p] = 0.0
            else:
                out[p] = (owned[p] / total * na - 1.0) / (na - 1)

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        """Deal each opponent's unseen cards back into the same places with the generic
        re-deal, keeping what the table knows (hand cards it has seen; a proposer's hand
        cards held since the proposal hold no Guerrilla: a place allowed only other
        cards), then redraw their secret choices not yet revealed."""
        cdef int q, k
        cdef int cards[NCARDS]
        cdef uint64_t held, hidden_hand, pool, hand, down, draw, tie
        cdef uint64_t allowed[5]
        cdef uint64_t out[5]
        cdef int need[5]
        cdef bint select_pending
        cdef bint tie_step = self.d.phase == PH_TIE_DRAW or self.d.phase == PH_TIE_PLAY
        allowed[1] = allowed[2] = allowed[3] = allowed[4] = ~(<uint64_t>0)
        for q in range(self.d.n):
            if q == player or not (self.d.active >> q) & 1:
                continue
            # a secret selection is redrawn from the hand it was made from
            select_pending = self.d.phase == PH_SELECT and secret_pending(&self.d.pending, q)
            held = self.d.pl[P_HAND + q] | (bit(self.d.pending.value[q]) if select_pending else 0)
            hidden_hand = held & ~self.d.seen[P_HAND + q]
            draw = self.d.pl[P_DRAW + q] & ~self.d.seen[P_DRAW + q]
            tie = self.d.pl[P_TIE + q] & ~self.d.seen[P_TIE + q]
            down = self.d.facedown[q] if tie_step else 0     # turned over once settled
            pool = hidden_hand | draw | tie | down
            # places: held since the proposal, rest of the hand, tie cards, face down, draw
            need[0] = count(self.d.no_g[q] & hidden_hand)
            need[1] = count(hidden_hand) - need[0]
            need[2] = count(tie)
            need[3] = count(down)
            need[4] = count(draw)
            allowed[0] = ~GMASK[self.d.no_g_rank[q]]
            redeal(&pool, 1, 5, need, allowed, out, rng)
            self.d.no_g[q] = out[0]
            hand = out[0] | out[1] | self.d.seen[P_HAND + q]
            if select_pending:
                secret_redraw(&self.d.pending, q, cards, to_list(hand, cards), rng)
                hand &= ~bit(self.d.pending.value[q])
            self.d.pl[P_HAND + q] = hand
            self.d.pl[P_TIE + q] = out[2] | (self.d.pl[P_TIE + q] & ~tie)
            if down:
                self.d.pl[P_POT] = (self.d.pl[P_POT] & ~down) | out[3]
                self.d.facedown[q] = out[3]
            self.d.pl[P_DRAW + q] = out[4] | (self.d.pl[P_DRAW + q] & ~draw)
        # secret choices already made by others in this step follow their new cards
        if self.d.phase == PH_SUPPORT or self.d.phase == PH_TIE_PLAY:
            for k in range(self.d.turn.pos):
                q = self.d.turn.seat[k]
                if not secret_hidden_from(&self.d.pending, q, player):
                    continue
                if self.d.phase == PH_TIE_PLAY:
                    secret_redraw(&self.d.pending, q, cards, to_list(self.d.pl[P_TIE + q], cards), rng)
                else:
                    self._redraw_support(q, rng)

    cdef void _redraw_support(self, int q, Rng* rng) noexcept nogil:
        cdef int opts[NCARDS + 1]
        cdef int saved = self.d.turn.pos
        cdef int i, n
        for i in range(self.d.turn.n):
            if self.d.turn.seat[i] == q:
                self.d.turn.pos = i
        n = self.c_legal_actions(opts)
        self.d.turn.pos = saved
        for i in range(n):
            opts[i] = NO_SUPPORT_CHOSEN if opts[i] == A_NO_SUPPORT else opts[i] - A_SUPPORT
        secret_redraw(&self.d.pending, q, opts, n, rng)

    # ------------------------------------------------------ bot hooks (knowledge.pyx)
    cdef bint c_filters_actions(self) noexcept nogil:
        return True

    cdef int c_bot_actions(self, int* actions, int n) noexcept nogil:
        return knowledge.bot_actions(&self.d, actions, n)

    cdef bint c_has_priors(self) noexcept nogil:
        return True

    cdef void c_action_priors(self, const int* actions, int n, double* out) noexcept nogil:
        knowledge.action_priors(&self.d, actions, n, out)

    # ---------------------------------------------------------- Python API
    def _action_to_string(self, int action):
        return view.action_to_string(&self.d, action)

    def _describe_action(self, int action, viewer):
        """The action as `viewer` sees it; None narrates for an all-seeing observer."""
        return view.describe_action(&self.d, action, viewer, self.c_current_player())

    def _observation(self, int player):
        """What `player` knows, as plain data."""
        suits = tuple(self._suits(q) for q in range(self.d.n))
        return view.observation(&self.d, player, self.c_current_player(), suits)

    def _suits(self, int q):
        """The suits seat q plays (its draw pile at the start), in the order dealt."""
        return TWO_SUITS[q] if self.game.options["two_suits"] else (ONE_SUIT[q],)

    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(WarData)]
