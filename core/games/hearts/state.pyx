# cython: language_level=3
"""Hearts with OpenSpiel's `hearts` defaults: pass_cards, no_pts_on_first_trick,
must_break_hearts and qs_breaks_hearts on; can_lead_any_club, jd_bonus,
avoid_all_tricks_bonus and can_lead_hearts_instead_of_qs off.

A chance outcome picks the pass direction, then 52 chance outcomes deal the
cards round the table (seat 0 first). Seats 0..3 then each pass three cards
in turn, the passes are delivered together, and the holder of the two of
clubs leads. Actions are card numbers (rank * 4 + suit); the pass direction
outcomes are 0 no pass, 1 left, 2 across, 3 right.
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset
from partisan.core.cards cimport bit, count, deal, random_card, to_list
from partisan.core.knowledge cimport redeal
from partisan.core.rng cimport Rng, rng_below, mix64
from partisan.core.state cimport CHANCE, TERMINAL, token as _token

from partisan.core.actions import ActionRanges

cdef enum:
    PHASE_DIR = 0
    PHASE_DEAL = 1
    PHASE_PASS = 2
    PHASE_PLAY = 3
    PHASE_OVER = 4
    NUM_CARDS = 52
    PASS_SIZE = 3
    HEARTS_SUIT = 2
    SPADES_SUIT = 3
    TWO_CLUBS = 0
    QUEEN_SPADES = 43       # rank Q (10) * 4 + spades
    MOON = 26               # every heart and the queen of spades
    NUM_CLASSES = 5

# OpenSpiel's numbering: an action is a card; chance outcomes are numbered apart (a card dealt,
# or the pass direction 0..3 at the first node).
ACTIONS = ActionRanges(card=NUM_CARDS)
CHANCE_OUTCOMES = ActionRanges(card=NUM_CARDS)

# Card classes for what a seat is known to lack: the four suits, with the
# queen of spades apart (the first-trick rule treats it like a heart).
cdef enum:
    CLS_CLUBS = 1
    CLS_DIAMONDS = 2
    CLS_HEARTS = 4
    CLS_SPADES = 8          # spades other than the queen
    CLS_QUEEN = 16

cdef uint64_t ALL_CARDS = (<uint64_t>1 << NUM_CARDS) - 1
cdef uint64_t SUIT0 = 0x1111111111111     # one bit per rank, suit 0
cdef uint64_t HEARTS_MASK = SUIT0 << HEARTS_SUIT
cdef uint64_t QS_BIT = bit(QUEEN_SPADES)

cdef enum:
    TOK_DIR = 1
    TOK_DEAL = 2
    TOK_PASS = 3
    TOK_RECEIVE = 4
    TOK_LEADER = 5
    TOK_PLAY = 6


cdef inline uint64_t _class_mask(int k) noexcept nogil:
    if k == 4:
        return QS_BIT
    if k == SPADES_SUIT:
        return (SUIT0 << SPADES_SUIT) & ~QS_BIT
    return SUIT0 << k


SEATS = "NESW"


def _seat(seat, viewer):
    """A seat by its compass letter, or "you" to itself."""
    return "you" if seat == viewer else SEATS[seat]
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
DIRECTIONS = ("no pass", "left", "across", "right")


def card_name(int card):
    """'2C', 'QS', 'AH', ... as OpenSpiel writes them."""
    return RANK_CHARS[card // 4] + SUIT_CHARS[card % 4]


def _cards(uint64_t m):
    return [card_name(c) for c in range(NUM_CARDS) if m >> c & 1]


def new_state(game):
    cdef HeartsState s = HeartsState.__new__(HeartsState)
    s.game = game
    s.num_players = 4
    s.num_distinct_actions = ACTIONS.size
    memset(&s.d, 0, sizeof(Hearts))
    s.d.pass_cards = bool(game.options.get("pass_cards", True))
    s.d.phase = PHASE_DIR
    s.d.cur = CHANCE
    s.d.trick_winner = -1
    memset(s.d.trick_leader, -1, sizeof(s.d.trick_leader))
    memset(s.d.tricks, -1, sizeof(s.d.tricks))
    return s


cdef class HeartsState(GameState):
    cdef int c_current_player(self) noexcept nogil:
        return self.d.cur

    cdef bint c_secret_decision(self) noexcept nogil:
        return self.d.phase == PHASE_PASS      # the three cards passed face down

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int p = self.d.cur
        cdef uint64_t hand, m
        if p < 0:
            return 0
        hand = self.d.hand[p]
        if self.d.phase == PHASE_PASS:
            return to_list(hand, out)
        if self.d.num_played & 3:
            m = hand & (SUIT0 << self.d.led_suit)
            if m:
                return to_list(m, out)
            if self.d.num_played < 4:          # first trick: no points if avoidable
                m = hand & ~HEARTS_MASK & ~QS_BIT
                if m:
                    return to_list(m, out)
            return to_list(hand, out)
        if self.d.num_played == 0:
            out[0] = TWO_CLUBS
            return 1
        m = hand if self.d.hearts_broken else hand & ~HEARTS_MASK
        return to_list(m if m else hand, out)

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        cdef int i, n
        if self.d.phase == PHASE_DIR:
            n = 4 if self.d.pass_cards else 1
            for i in range(n):
                out[i] = i
        else:
            n = to_list(ALL_CARDS & ~self.d.dealt, out)
        for i in range(n):
            probs[i] = 1.0 / n
        return n

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        cdef uint64_t left
        if self.d.phase == PHASE_DIR:
            return rng_below(rng, 4) if self.d.pass_cards else 0
        left = ALL_CARDS & ~self.d.dealt
        return random_card(left, rng)

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int p = self.d.cur
        cdef int q
        cdef uint64_t card = bit(action)
        if self.d.phase == PHASE_PLAY:
            self.c_play(p, action)
        elif self.d.phase == PHASE_PASS:
            self.d.hand[p] &= ~card
            self.d.passed[p] |= card
            self.observe_split(p, _token(TOK_PASS, p, action), _token(TOK_PASS, p, -1))
            self.d.num_passed += 1
            if self.d.num_passed % PASS_SIZE == 0:
                self.d.cur += 1
            if self.d.num_passed == 4 * PASS_SIZE:
                for q in range(4):
                    self.d.hand[(q + self.d.pass_dir) & 3] |= self.d.passed[q]
                for q in range(4):
                    # The receiver sees the set it was given, not the order of choice.
                    self.observe_one((q + self.d.pass_dir) & 3,
                                     mix64(<uint64_t>TOK_RECEIVE, self.d.passed[q]))
                self._start_play()
        elif self.d.phase == PHASE_DEAL:
            q = self.d.num_dealt & 3
            self.d.hand[q] |= card
            self.d.dealt |= card
            self.observe_split(q, _token(TOK_DEAL, q, action), _token(TOK_DEAL, q, -1))
            self.d.num_dealt += 1
            if self.d.num_dealt == NUM_CARDS:
                if self.d.pass_dir == 0:
                    self._start_play()
                else:
                    self.d.phase = PHASE_PASS
                    self.d.cur = 0
        else:
            self.d.pass_dir = action
            self.observe_all(_token(TOK_DIR, -1, action))
            self.d.phase = PHASE_DEAL

    cdef void _start_play(self) noexcept nogil:
        cdef int q
        self.d.phase = PHASE_PLAY
        for q in range(4):
            if self.d.hand[q] & 1:
                self.d.cur = q
        self.observe_all(_token(TOK_LEADER, self.d.cur, 0))

    cdef void c_play(self, int p, int card) noexcept nogil:
        cdef int t = self.d.num_played >> 2
        cdef int pos = self.d.num_played & 3
        cdef int suit = card & 3
        cdef int rank = card >> 2
        cdef int pts = 1 if suit == HEARTS_SUIT else (13 if card == QUEEN_SPADES else 0)
        cdef int q
        self.d.hand[p] &= ~bit(card)
        self.d.played_by[p] |= bit(card)
        self.observe_all(_token(TOK_PLAY, p, card))
        self.d.tricks[t][pos] = card
        if pos == 0:
            self.d.trick_leader[t] = p
            self.d.led_suit = suit
            self.d.trick_winner = p
            self.d.trick_high = rank
            self.d.trick_points = pts
            if suit == HEARTS_SUIT and not self.d.hearts_broken:
                # Leading an unbroken heart is legal only from a hand of hearts.
                self.d.lacks[p] |= CLS_CLUBS | CLS_DIAMONDS | CLS_SPADES | CLS_QUEEN
        else:
            self.d.trick_points += pts
            if suit == self.d.led_suit:
                if rank > self.d.trick_high:
                    self.d.trick_high = rank
                    self.d.trick_winner = p
            else:
                self.d.lacks[p] |= (CLS_SPADES | CLS_QUEEN) if self.d.led_suit == SPADES_SUIT \
                    else (1 << self.d.led_suit)
                if t == 0 and pts:
                    # On the first trick points are legal only with nothing else.
                    self.d.lacks[p] |= CLS_DIAMONDS | CLS_SPADES
        if pts:
            self.d.hearts_broken = 1
        self.d.num_played += 1
        if self.d.num_played & 3:
            self.d.cur = (p + 1) & 3
            return
        q = self.d.trick_winner
        self.d.points[q] += self.d.trick_points
        self.d.cur = q
        if self.d.num_played == NUM_CARDS:
            self.d.phase = PHASE_OVER
            self.d.cur = TERMINAL
            for q in range(4):
                if self.d.points[q] == MOON:       # shot the moon
                    for p in range(4):
                        self.d.points[p] = 0 if p == q else MOON
                    break

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int q
        for q in range(4):
            out[q] = MOON - self.d.points[q] if self.d.phase == PHASE_OVER else 0.0

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        """The final score if nobody took another point."""
        cdef int q
        for q in range(4):
            out[q] = MOON - self.d.points[q]

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<HeartsState>other).d

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        """Redeal every card `player` cannot place, respecting what play revealed.

        Holders are the other three seats and, while dealing, the undealt deck. A
        seat's unknown cards avoid every class it is known to lack (suits it failed
        to follow, and what leading or discarding points proved), the cards `player`
        passed stay with their receiver, and the two of clubs stays with the seat to
        lead it. The generic re-deal (core/knowledge.pxd) places them. Passes still
        hidden from `player` are then redrawn from the receiver's cards.
        """
        cdef Hearts* d = &self.d
        cdef int q, h, k, r
        cdef int holder[5]
        cdef int need[5]
        cdef uint64_t allowed[5]
        cdef uint64_t out[5]
        cdef uint64_t known[4]
        cdef uint64_t pool = 0, unknown
        cdef int nh = 0
        cdef int receiver = (player + d.pass_dir) & 3
        cdef int passed_in = d.phase >= PHASE_PLAY
        if d.phase == PHASE_DIR:
            return
        for q in range(4):
            known[q] = 0
            if q == player:
                continue
            if passed_in:
                if q == receiver:
                    known[q] = d.passed[player]
                if d.num_played == 0 and q == d.cur:
                    known[q] |= bit(TWO_CLUBS)
                unknown = d.hand[q] & ~known[q]
            else:
                unknown = d.hand[q] | d.passed[q]
            known[q] &= d.hand[q]
            holder[nh] = q
            need[nh] = count(unknown)
            allowed[nh] = ALL_CARDS
            for k in range(NUM_CLASSES):
                if d.lacks[q] >> k & 1:
                    allowed[nh] &= ~_class_mask(k)
            pool |= unknown
            nh += 1
        if d.phase == PHASE_DEAL:
            holder[nh] = 4
            need[nh] = NUM_CARDS - d.num_dealt
            allowed[nh] = ALL_CARDS
            pool |= ALL_CARDS & ~d.dealt
            nh += 1
        redeal(&pool, 1, nh, need, allowed, out, rng)
        for h in range(nh):
            q = holder[h]
            if q == 4:
                d.dealt = ALL_CARDS & ~out[h]
            elif passed_in:
                d.hand[q] = known[q] | out[h]
            elif d.passed[q]:
                unknown = out[h]
                d.passed[q] = deal(&unknown, count(d.passed[q]), rng)
                d.hand[q] = out[h] & ~d.passed[q]
            else:
                d.hand[q] = out[h]
        if passed_in and d.pass_dir:
            for q in range(4):
                r = (q + d.pass_dir) & 3
                if q != player and r != player:
                    unknown = d.hand[r] | d.played_by[r]
                    d.passed[q] = deal(&unknown, PASS_SIZE, rng)

    cdef GameState c_new_blank(self):
        return HeartsState.__new__(HeartsState)

    # ------------------------------------------------------------------
    def _action_to_string(self, int action):
        if self.d.phase == PHASE_DIR and action < 4:
            return DIRECTIONS[action]
        return card_name(action)

    def _describe_action(self, int action, viewer):
        d = self.d
        if d.phase == PHASE_DIR:
            return f"pass direction: {self._action_to_string(action)}"
        if d.phase == PHASE_PLAY:
            return f"{_seat(d.cur, viewer)} play{'' if viewer == d.cur else 's'} {card_name(action)}"
        seat = d.num_dealt % 4 if d.phase == PHASE_DEAL else d.cur
        verb = ("are dealt" if viewer == seat else "is dealt") if d.phase == PHASE_DEAL \
            else ("pass" if viewer == seat else "passes")
        shown = card_name(action) if viewer is None or viewer == seat else "a card"
        return f"{_seat(seat, viewer)} {verb} {shown}"

    def _observation(self, int player):
        """What `player` knows: hand, own pass, cards received, every trick, the points."""
        d = self.d
        passer = (player - d.pass_dir) & 3
        done = d.phase >= PHASE_PLAY
        return {
            "seat": player,
            "phase": ("pass direction", "deal", "pass", "play", "over")[d.phase],
            "pass_direction": DIRECTIONS[d.pass_dir] if d.phase > PHASE_DIR else None,
            "hand": _cards(d.hand[player]),
            "passed": _cards(d.passed[player]),
            "received": _cards(d.passed[passer]) if done and d.pass_dir else [],
            "tricks": [{"leader": SEATS[d.trick_leader[t]],
                        "cards": [card_name(d.tricks[t][i])
                                  for i in range(min(4, d.num_played - 4 * t))]}
                       for t in range((d.num_played + 3) // 4)],
            "points": [d.points[q] for q in range(4)],
            "hearts_broken": bool(d.hearts_broken),
            "to_move": d.cur,
        }

    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(Hearts)]
