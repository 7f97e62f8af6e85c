# cython: language_level=3
"""What a player at the table knows that helps a bot (the state contract's bot hooks,
docs/architecture.md "Bot hooks"), from the rulebook's own logic. Each prior reads only what
the seat to move may see: its own hand and tie cards, the cards face up, the public piles.

- Selecting a card: "If you are tied or losing, you may add support: Reveal your second card"
  and "You may only support if it improves your outcome" (l.69-l.72). The card kept in hand is the one that can
  turn a losing skirmish, so a player leads with the weaker card and keeps the stronger one;
  two Guerrillas make a pair that "beats any single card" (l.78), so one is led and the other kept.
  Against a card already revealed ("If you captured a spy last skirmish, you must reveal
  first", l.58), a player leads a card the kept one can lift past it, else the cheapest card that
  beats it, else throws the weakest (a Guerrilla: "If any Guerrilla card was involved ...
  Remove half of all cards used", l.104-l.106: the winner's spoils shrink).
- Support: a support that wins the skirmish takes every card of it ("Remaining cards are
  placed into the discard pile of the winning player(s)", l.115); one that only ties sends the
  stake into tie resolution, no better than declining.
- Tie resolution: the face-up card is the one compared ("Compare face-up cards", l.95), the
  face-down one is a stake whatever happens, so the stronger card goes face up.
- Promotion: proposing is a gamble on nobody holding a Guerrilla ("Any player may cancel a
  promotion by revealing a Guerrilla card from their hand ... recruits a number of cards equal
  to the current Guerrilla rank ... from the proposer's draw pile", l.143-l.146), weighed by
  the chance, from the public piles, that no opponent's hand holds one; cancelling is a free
  recruitment.
- Loss of Forces chosen by the winner (option loss=winner): the weakest cards go.
- A rollout cut short scores the cards each player owns by what they win (`worth`).
"""
from libc.stdint cimport uint64_t
from partisan.core.cards cimport bit, count
from partisan.core.turns cimport queue_seat
from partisan.core.games.war.data cimport *

# Prior weights before normalising (the search's bias fades with visits, so these order and
# lean the first tries; a rollout guided by the prior plays them as a mixed policy).
cdef double FAVOURED = 4.0
cdef double NEUTRAL = 1.0
cdef double LEAD_LOW = 4.0      # leading the weakest card, the stronger one kept to support
cdef double WIN_SUPPORT = 8.0   # a support that wins the skirmish
cdef double WORTH_LOW = 0.1    # a Guerrilla's worth in heuristic_returns ...
cdef double WORTH_SPAN = 1.8   # ... and how much more an ace is worth


cdef inline int _best_revealed(WarData* d, int p) noexcept nogil:
    """The best face-up value among the other contenders (0: nothing revealed yet)."""
    cdef int q, v, best = 0
    for q in range(d.n):
        if q != p and (d.contenders >> q) & 1 and d.up[q] >= 0:
            v = value(d.up[q], d.rank)
            if v > best:
                best = v
    return best


cdef inline int _best_kept(WarData* d, uint64_t rest, int up) noexcept nogil:
    """The strongest a led card `up` becomes with one of the `rest` cards as support."""
    cdef int c, s, best = value(up, d.rank)
    for c in range(NCARDS):
        if rest & bit(c):
            s = strength(up, c, d.rank)
            if s > best:
                best = s
    return best


cdef void _select(WarData* d, int p, const int* actions, int n, double* out) noexcept nogil:
    cdef uint64_t hand = d.pl[P_HAND + p]
    cdef int known = _best_revealed(d, p)
    cdef int i, c, v, low = 1000, cheapest_win = 1000
    for i in range(n):
        v = value(actions[i] - A_PLAY, d.rank)
        if v < low:
            low = v
        if known and v > known and v < cheapest_win:
            cheapest_win = v
    for i in range(n):
        c = actions[i] - A_PLAY
        v = value(c, d.rank)
        if not known:                       # chosen in secret: keep the stronger card
            out[i] = LEAD_LOW if v == low else NEUTRAL
        elif v <= known and _best_kept(d, hand & ~bit(c), c) > known:
            out[i] = FAVOURED               # led under it, the kept card lifts it past
        elif v > known:
            out[i] = FAVOURED / 2 if v == cheapest_win else NEUTRAL
        else:                               # lost anyway: throw the weakest
            out[i] = LEAD_LOW if v == low else NEUTRAL / 4


cdef void _support(WarData* d, int p, const int* actions, int n, double* out) noexcept nogil:
    cdef int other = _best_revealed(d, p)
    cdef int i, a
    for i in range(n):
        a = actions[i]
        if a != A_NO_SUPPORT and strength(d.up[p], a - A_SUPPORT, d.rank) > other:
            out[i] = WIN_SUPPORT
        else:
            out[i] = NEUTRAL


cdef void _tie_play(WarData* d, const int* actions, int n, double* out) noexcept nogil:
    cdef int i, v, best = 0
    for i in range(n):
        v = value(actions[i] - A_PLAY, d.rank)
        if v > best:
            best = v
    for i in range(n):
        out[i] = FAVOURED if value(actions[i] - A_PLAY, d.rank) == best else NEUTRAL


cdef inline int _guerrillas(WarData* d, uint64_t cards) noexcept nogil:
    """How many of `cards` are Guerrillas at the current rank."""
    cdef int c, g = 0
    for c in range(NCARDS):
        if cards & bit(c) and value(c, d.rank) == 1:
            g += 1
    return g


cdef bint _seen_guerrilla(WarData* d, int p) noexcept nogil:
    """Whether an active opponent of `p` is known to hold a Guerrilla: one the table has seen in
    his hand (shown to cancel) and still there."""
    cdef int q
    for q in range(d.n):
        if q != p and (d.active >> q) & 1 and _guerrillas(d, d.pl[P_HAND + q] & d.seen[P_HAND + q]):
            return True
    return False


cdef double _safe_proposal(WarData* d, int p) noexcept nogil:
    """The chance, from what the table knows, that no opponent holds a Guerrilla to cancel:
    each opponent's unseen hand cards are a draw from its hand and draw pile together (a public
    set; which of them are in hand is not). A Guerrilla seen in hand cancels for sure: bots do
    not consider that proposal at all (bot_actions)."""
    cdef int q, i, g, m, h
    cdef uint64_t hand, pool
    cdef double safe = 1.0
    for q in range(d.n):
        if q == p or not (d.active >> q) & 1:
            continue
        hand = d.pl[P_HAND + q]
        pool = (hand | d.pl[P_DRAW + q]) & ~d.seen[P_HAND + q]
        h = count(hand & ~d.seen[P_HAND + q])
        m = count(pool)
        g = _guerrillas(d, pool)
        for i in range(h):                  # no Guerrilla among h cards drawn from m
            safe *= <double>(m - g - i) / (m - i) if m - g - i > 0 else 0.0
    return safe


cdef inline bint _needless_tie_card(WarData* d, int p, int card) noexcept nogil:
    """Face up, `card` does worse than another tie card that is stronger and not a spy (a 7):
    the face-down card is only a stake, so the stronger one up never does worse; only a 7 face
    up can be worth keeping down (l.92-l.95)."""
    cdef int c
    cdef int v = value(card, d.rank)
    for c in range(NCARDS):
        if (d.pl[P_TIE + p] & bit(c) and c != card and c % 13 + 2 != SPY_RANK
                and value(c, d.rank) > v):
            return True
    return False


cdef int bot_actions(WarData* d, int* actions, int n) noexcept nogil:
    """The moves a bot considers: the legal ones without those no player makes (they stay legal
    for a person). A weaker tie card face up while a stronger non-7 goes down, and a promotion
    proposed when the table has seen a Guerrilla in an opponent's hand (l.143-l.146: it will be
    cancelled and the canceller recruits from the proposer's draw pile)."""
    cdef int p = queue_seat(&d.turn)
    cdef int i, k = 0
    for i in range(n):
        if d.phase == PH_TIE_PLAY and _needless_tie_card(d, p, actions[i] - A_PLAY):
            continue
        if actions[i] == A_PROPOSE and _seen_guerrilla(d, p):
            continue
        actions[k] = actions[i]
        k += 1
    return k


cdef void action_priors(WarData* d, const int* actions, int n, double* out) noexcept nogil:
    """A weight per legal move, summing to 1 (see the module's docstring for each phase)."""
    cdef int p = queue_seat(&d.turn)
    cdef int ph = d.phase
    cdef int i
    cdef double total = 0.0
    if ph == PH_SELECT:
        _select(d, p, actions, n, out)
    elif ph == PH_SUPPORT:
        _support(d, p, actions, n, out)
    elif ph == PH_TIE_PLAY:
        _tie_play(d, actions, n, out)
    else:
        for i in range(n):
            if actions[i] == A_PROPOSE:
                out[i] = _safe_proposal(d, p)
            elif actions[i] >= A_CANCEL and actions[i] < A_REMOVE:
                out[i] = FAVOURED
            elif actions[i] >= A_REMOVE:     # the winner picks the loss: the weakest go
                out[i] = <double>(16 - value(actions[i] - A_REMOVE, d.rank))
            else:
                out[i] = NEUTRAL
    for i in range(n):
        total += out[i]
    if total <= 0.0:
        for i in range(n):
            out[i] = 1.0 / n
        return
    for i in range(n):
        out[i] /= total


cdef double worth(WarData* d, uint64_t cards) noexcept nogil:
    """What `cards` are worth to their owner in a rollout cut short: "Highest card wins", so a
    card counts for more the more cards it beats, from a Guerrilla (0.1: it beats nothing) to an
    ace (1.9), linearly in its value; a plain count would rate a hand of Guerrillas as high as
    one of aces."""
    cdef int c
    cdef double w = 0.0
    for c in range(NCARDS):
        if cards & bit(c):
            w += WORTH_LOW + WORTH_SPAN * (value(c, d.rank) - 1) / 13.0
    return w
