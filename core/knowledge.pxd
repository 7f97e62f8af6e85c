# Knowledge: moving cards between places with a visibility, what each seat
# knows about the places, and the one constrained re-deal behind `resample`.
# See docs/architecture.md, "Knowledge", for the model and the distribution.
#
# Two kinds of place:
# - set places (Places): card identities as word arrays of width nw (one word
#   for a 52-card deck, more for a larger one). Per knowledge row: `seen` (cards
#   the row knows are in a place) and optionally `barred` (cards it knows are
#   not: voids, known-not-held). A game keeps one row per seat, or a single
#   public row when the only private knowledge is each seat's own places
#   (a seat never resamples its own places, so it needs no row for them);
# - counted places (Counted): identical copies of each kind, as Junta's
#   `cnt[place][kind]`, `tot[place]` and per seat lower bounds `lb[seat][place][kind]`.
# Every structure lives in the game's own C struct (so clone stays one struct
# copy); the descriptors below are built on the stack around its fields.
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState
from partisan.core.bitset cimport (
    ws_add, ws_remove, ws_clear, ws_copy, ws_or, ws_and, ws_andnot, ws_count, ws_count_and,
    ws_subset, ws_is_empty, ws_random, ws_has, ws_deal, ws_lowest, ctz64)

# Who sees a card move (or a card shown).
cdef enum:
    PUBLIC = 0
    OWNER = 1
    OWNER_AND_OTHER = 2
    NOBODY = 3

cdef enum:
    NO_TOKEN = 0                # nothing observed (token() never returns 0 for a kind >= 1)
    KN_MAX_PLACES = 16          # places in one re-deal
    KN_MAX_RESTRICTED = 8       # of which restricted (an allowed mask narrower than the pool)
    KN_MAX_KINDS = 32           # kinds of a counted place (allowed kinds are a 32-bit mask)
    KN_MAX_WORDS = 8            # width of a set place in words (512 cards)


# ------------------------------------------------------------ observation
cdef inline bint sees(int vis, int seat, int owner, int other) noexcept nogil:
    return (vis == PUBLIC or ((vis == OWNER or vis == OWNER_AND_OTHER) and seat == owner)
            or (vis == OWNER_AND_OTHER and seat == other))


cdef inline void observe_move(GameState st, int vis, int owner, int other,
                              uint64_t shown, uint64_t hidden) noexcept nogil:
    """Feed the keys: seats that see get `shown`, the others `hidden` (NO_TOKEN: nothing)."""
    cdef int q
    if vis == PUBLIC:
        if shown != NO_TOKEN:
            st.observe_all(shown)
    elif vis == NOBODY:
        if hidden != NO_TOKEN:
            st.observe_all(hidden)
    elif vis == OWNER and shown != NO_TOKEN and hidden != NO_TOKEN:
        st.observe_split(owner, shown, hidden)
    else:
        for q in range(st.num_players):
            if sees(vis, q, owner, other):
                if shown != NO_TOKEN:
                    st.observe_one(q, shown)
            elif hidden != NO_TOKEN:
                st.observe_one(q, hidden)


# ------------------------------------------------------------- set places
ctypedef struct Places:
    uint64_t* cards         # [nplaces][nw]: what each place holds
    uint64_t* seen          # [nrows][nplaces][nw]: cards a row knows are in a place
    uint64_t* barred        # [nrows][nplaces][nw]: cards a row knows are not there, or NULL
    int nw
    int nplaces
    int nrows               # 1: one public row; else one row per seat


cdef inline Places places(uint64_t* cards, uint64_t* seen, uint64_t* barred,
                          int nw, int nplaces, int nrows) noexcept nogil:
    return Places(cards, seen, barred, nw, nplaces, nrows)


cdef inline uint64_t* place_cards(Places* pl, int place) noexcept nogil:
    return pl.cards + place * pl.nw


cdef inline uint64_t* seen_of(Places* pl, int row, int place) noexcept nogil:
    return pl.seen + (row * pl.nplaces + place) * pl.nw


cdef inline uint64_t* barred_of(Places* pl, int row, int place) noexcept nogil:
    return pl.barred + (row * pl.nplaces + place) * pl.nw


cdef inline int row_of(Places* pl, int seat) noexcept nogil:
    return 0 if pl.nrows == 1 else seat


cdef inline bint row_sees(Places* pl, int row, int vis, int owner, int other) noexcept nogil:
    """The public row sees only public moves; a seat's row sees what the seat sees."""
    return vis == PUBLIC if pl.nrows == 1 else sees(vis, row, owner, other)


cdef inline void _learn_move(Places* pl, const uint64_t* moved, int src, int dst,
                             int vis, int owner, int other) noexcept nogil:
    """The rows after the cards `moved` went from src to dst (contents already updated).
    A row that sees learns where they are; one that does not knows only that cards left
    src (all of them, if src is now empty): it can no longer tell which of the cards it
    saw there are still there, and a card it knew was not in dst stays barred only if it
    was also barred from src."""
    cdef int r, nw = pl.nw
    for r in range(pl.nrows):
        if pl.seen != NULL:
            if row_sees(pl, r, vis, owner, other):
                ws_andnot(seen_of(pl, r, src), moved, nw)
                ws_or(seen_of(pl, r, dst), moved, nw)
            elif not ws_is_empty(seen_of(pl, r, src), nw):
                if ws_is_empty(place_cards(pl, src), nw):
                    ws_or(seen_of(pl, r, dst), seen_of(pl, r, src), nw)
                ws_clear(seen_of(pl, r, src), nw)
        if pl.barred != NULL:
            if row_sees(pl, r, vis, owner, other):
                ws_andnot(barred_of(pl, r, dst), moved, nw)
            else:
                ws_and(barred_of(pl, r, dst), barred_of(pl, r, src), nw)


cdef inline void move_cards(GameState st, Places* pl, const uint64_t* moved, int src, int dst,
                            int vis, int owner, int other, uint64_t shown, uint64_t hidden) noexcept nogil:
    """Move the cards `moved` (all in src; may be src's own storage) to dst, update what
    each row knows (_learn_move) and feed the keys (observe_move)."""
    cdef uint64_t m[KN_MAX_WORDS]
    ws_copy(m, moved, pl.nw)
    ws_andnot(place_cards(pl, src), m, pl.nw)
    ws_or(place_cards(pl, dst), m, pl.nw)
    _learn_move(pl, m, src, dst, vis, owner, other)
    observe_move(st, vis, owner, other, shown, hidden)


cdef inline void move_card(GameState st, Places* pl, int card, int src, int dst,
                           int vis, int owner, int other, uint64_t shown, uint64_t hidden) noexcept nogil:
    """Move one card from src to dst (see move_cards)."""
    cdef uint64_t one[KN_MAX_WORDS]
    ws_clear(one, pl.nw)
    ws_add(one, pl.nw, card)
    ws_remove(place_cards(pl, src), pl.nw, card)
    ws_add(place_cards(pl, dst), pl.nw, card)
    _learn_move(pl, one, src, dst, vis, owner, other)
    observe_move(st, vis, owner, other, shown, hidden)


cdef inline void show_card(GameState st, Places* pl, int card, int place,
                           int vis, int owner, int other, uint64_t shown, uint64_t hidden) noexcept nogil:
    """A card stays in its place and the rows that see learn it is there."""
    cdef int r
    if pl.seen != NULL:
        for r in range(pl.nrows):
            if row_sees(pl, r, vis, owner, other):
                ws_add(seen_of(pl, r, place), pl.nw, card)
    observe_move(st, vis, owner, other, shown, hidden)


cdef inline void bar_cards(Places* pl, int row, int place, const uint64_t* cards) noexcept nogil:
    """Row `row` learns that none of `cards` is in `place` (a void, a card known not held)."""
    ws_or(barred_of(pl, row, place), cards, pl.nw)


cdef inline void forget_others(Places* pl, int row) noexcept nogil:
    """After a resample for `row`, the other rows would describe the old world: clear them
    (they are not part of that seat's view, so keeping them would leak)."""
    cdef int r, i
    if pl.nrows == 1:
        return
    for r in range(pl.nrows):
        if r == row:
            continue
        for i in range(pl.nplaces):
            if pl.seen != NULL:
                ws_clear(seen_of(pl, r, i), pl.nw)
            if pl.barred != NULL:
                ws_clear(barred_of(pl, r, i), pl.nw)


# ---------------------------------------------- the re-deal: shared plumbing
cdef inline void _sort_by_slack(int* idx, const int* slack, int n) noexcept nogil:
    """Insertion sort of idx[0:n] by slack[idx[i]], ascending, ties by position (stable)."""
    cdef int i, j, x
    for i in range(1, n):
        x = idx[i]
        j = i - 1
        while j >= 0 and slack[idx[j]] > slack[x]:
            idx[j + 1] = idx[j]
            j -= 1
        idx[j + 1] = x


cdef inline bint _hall_ok(const int* sig_supply, const int* need, int nr) noexcept nogil:
    """Hall's condition for restricted places 0..nr-1: every subset T of them can take at
    least need(T) of the cards left. sig_supply[s] counts the cards that exactly the
    places of bit set s may take (places without restriction take any card and never
    bind). Cards some place of T may take = total - cards whose signature avoids T."""
    cdef int full = (1 << nr) - 1
    cdef int t, b, total = 0
    cdef int inside[1 << KN_MAX_RESTRICTED]   # cards whose signature lies within a set
    cdef int needed[1 << KN_MAX_RESTRICTED]
    for t in range(full + 1):
        inside[t] = sig_supply[t]
        total += sig_supply[t]
    for b in range(nr):                        # sum over subsets
        for t in range(full + 1):
            if (t >> b) & 1:
                inside[t] += inside[t ^ (1 << b)]
    needed[0] = 0
    for t in range(1, full + 1):
        b = ctz64(<uint64_t>t)
        needed[t] = needed[t & (t - 1)] + need[b]
        if total - inside[full & ~t] < needed[t]:
            return False
    return True


# --------------------------------------------------- the re-deal: set places
cdef inline int _card_sig(const uint64_t* allowed, const int* rplace, int nr, int nw,
                          int card) noexcept nogil:
    """The restricted places (bits over rplace) that may take `card`."""
    cdef int j, s = 0
    for j in range(nr):
        if ws_has(allowed + rplace[j] * nw, nw, card):
            s |= 1 << j
    return s


cdef inline bint redeal(const uint64_t* unseen, int nw, int n, const int* need,
                        const uint64_t* allowed, uint64_t* out, Rng* rng) noexcept nogil:
    """Deal every card of `unseen` into n places: place i gets need[i] cards, all in
    allowed[i] ([n][nw] words; NULL: no restriction), written to out[i] ([n][nw]). Returns
    False if the needs do not add up to the cards, a limit (KN_MAX_*) is exceeded or no
    deal meets the constraints (a state inconsistent with its own knowledge); only `out`,
    the caller's scratch, is written.

    A place whose allowed mask covers the cards is unrestricted. The restricted ones are
    filled first, least slack (cards allowed minus cards needed) first; each of their
    cards is uniform among those the place may take whose taking leaves the other
    restricted places fillable (Hall's condition). The unrestricted places then get a
    uniform split of the rest. With at most one restricted place the result is exactly
    uniform over every deal meeting the constraints; with more, every such deal has a
    positive probability and the deal never dead-ends, but it is not exactly uniform.
    Only the cards, needs and masks are read, so the result depends on nothing else."""
    cdef uint64_t pool[KN_MAX_WORDS]
    cdef int rplace[KN_MAX_RESTRICTED]
    cdef int slack[KN_MAX_PLACES]
    cdef int rneed[KN_MAX_RESTRICTED]
    cdef int sig_supply[1 << KN_MAX_RESTRICTED]
    cdef uint64_t cand[KN_MAX_WORDS]
    cdef int i, j, k, c, s, nr = 0, last = -1, total = 0
    if n > KN_MAX_PLACES or nw > KN_MAX_WORDS:
        return False
    ws_copy(pool, unseen, nw)
    for i in range(n):
        total += need[i]
        ws_clear(out + i * nw, nw)
        if allowed != NULL and not ws_subset(pool, allowed + i * nw, nw):
            slack[i] = ws_count_and(pool, allowed + i * nw, nw) - need[i]
            if slack[i] < 0 or nr == KN_MAX_RESTRICTED:
                return False
            rplace[nr] = i
            nr += 1
    if total != ws_count(pool, nw):
        return False
    if nr > 1:
        _sort_by_slack(rplace, slack, nr)
        for j in range(nr):
            rneed[j] = need[rplace[j]]
        memset(sig_supply, 0, sizeof(int) * (1 << nr))
        ws_copy(cand, pool, nw)
        while not ws_is_empty(cand, nw):
            c = ws_lowest(cand, nw)
            ws_remove(cand, nw, c)
            sig_supply[_card_sig(allowed, rplace, nr, nw, c)] += 1
        if not _hall_ok(sig_supply, rneed, nr):
            return False
    for j in range(nr):
        i = rplace[j]
        for k in range(need[i]):
            ws_copy(cand, pool, nw)
            ws_and(cand, allowed + i * nw, nw)
            while True:
                if ws_is_empty(cand, nw):
                    return False
                c = ws_random(cand, nw, rng)
                if nr == 1:
                    break
                s = _card_sig(allowed, rplace, nr, nw, c)
                sig_supply[s] -= 1
                rneed[j] -= 1
                if (s & ~(1 << j)) == 0 or _hall_ok(sig_supply, rneed, nr):
                    break                       # no other place wanted it, or all still fit
                sig_supply[s] += 1
                rneed[j] += 1
                ws_remove(cand, nw, c)
            ws_remove(pool, nw, c)
            ws_add(out + i * nw, nw, c)
    for i in range(n):                          # the unrestricted: the last takes the rest
        if _index_of(rplace, nr, i) >= 0:
            continue
        if last >= 0:
            ws_deal(pool, out + last * nw, nw, need[last], rng)
        last = i
    if last >= 0:
        if ws_count(pool, nw) != need[last]:
            return False
        ws_or(out + last * nw, pool, nw)
        ws_clear(pool, nw)
    return ws_is_empty(pool, nw)


cdef inline int _index_of(const int* xs, int n, int x) noexcept nogil:
    cdef int j
    for j in range(n):
        if xs[j] == x:
            return j
    return -1


cdef inline bint resample_places(Places* pl, int seat, const int* hidden, int n,
                                 Rng* rng) noexcept nogil:
    """Redeal, as `seat` sees them, the cards of the places `hidden` (never the seat's
    own): each keeps what the seat's row has seen in it and its size, the cards no
    one of them was seen in are dealt back by `redeal`, avoiding what the row bars
    from each place. The other rows are then cleared (forget_others). Returns False,
    changing nothing, if a limit is exceeded or the knowledge admits no deal."""
    cdef uint64_t pool[KN_MAX_WORDS]
    cdef uint64_t unseen[KN_MAX_WORDS]
    cdef uint64_t allowed[KN_MAX_PLACES * KN_MAX_WORDS]
    cdef uint64_t out[KN_MAX_PLACES * KN_MAX_WORDS]
    cdef int need[KN_MAX_PLACES]
    cdef int i, j, row = row_of(pl, seat), nw = pl.nw
    if n > KN_MAX_PLACES or nw > KN_MAX_WORDS:
        return False
    ws_clear(pool, nw)
    for i in range(n):
        ws_copy(unseen, place_cards(pl, hidden[i]), nw)
        if pl.seen != NULL:
            ws_andnot(unseen, seen_of(pl, row, hidden[i]), nw)
        need[i] = ws_count(unseen, nw)
        ws_or(pool, unseen, nw)
        for j in range(nw):
            allowed[i * nw + j] = ~(<uint64_t>0)
        if pl.barred != NULL:
            ws_andnot(allowed + i * nw, barred_of(pl, row, hidden[i]), nw)
    if not redeal(pool, nw, n, need, allowed, out, rng):
        return False
    for i in range(n):
        if pl.seen != NULL:
            ws_and(place_cards(pl, hidden[i]), seen_of(pl, row, hidden[i]), nw)
        else:
            ws_clear(place_cards(pl, hidden[i]), nw)
        ws_or(place_cards(pl, hidden[i]), out + i * nw, nw)
    forget_others(pl, row)
    return True


# --------------------------------------------------------- counted places
ctypedef struct Counted:
    uint8_t* cnt            # [nplaces][stride]: copies of each kind in a place
    uint8_t* tot            # [nplaces]: cards in a place
    uint8_t* lb             # [nseats][nplaces][stride]: copies a seat provably knows are there
    int stride              # kinds slots per place in the arrays (>= nkinds)
    int nkinds
    int nplaces
    int nseats


cdef inline Counted counted(uint8_t* cnt, uint8_t* tot, uint8_t* lb, int stride, int nkinds,
                            int nplaces, int nseats) noexcept nogil:
    return Counted(cnt, tot, lb, stride, nkinds, nplaces, nseats)


cdef inline uint8_t* cnt_of(Counted* c, int place) noexcept nogil:
    return c.cnt + place * c.stride


cdef inline uint8_t* lb_of(Counted* c, int seat, int place) noexcept nogil:
    return c.lb + (seat * c.nplaces + place) * c.stride


cdef inline void move_kind(GameState st, Counted* c, int kind, int src, int dst,
                           int vis, int owner, int other, uint64_t shown, uint64_t hidden) noexcept nogil:
    """Move one copy of `kind` from src to dst. A seat that sees it moves one known copy
    (if it knew of one) from src to dst; one that does not knows only that some card
    left src, so each kind it knew there may be the one: every bound there drops by one."""
    # The descriptor's fields are copied to locals: the byte writes below may alias
    # anything, so the compiler would reload every field after each of them.
    cdef int x, t, nkinds = c.nkinds, nseats = c.nseats
    cdef int seat_size = c.nplaces * c.stride
    cdef uint8_t* lb = c.lb + src * c.stride
    cdef uint8_t* to = c.lb + dst * c.stride + kind
    cnt_of(c, src)[kind] -= 1
    c.tot[src] -= 1
    cnt_of(c, dst)[kind] += 1
    c.tot[dst] += 1
    for x in range(nseats):
        if sees(vis, x, owner, other):
            lb[kind] -= lb[kind] > 0
            to[0] += 1
        else:
            for t in range(nkinds):
                lb[t] -= lb[t] > 0
        lb += seat_size
        to += seat_size
    observe_move(st, vis, owner, other, shown, hidden)


cdef inline void move_place(GameState st, Counted* c, int src, int dst,
                            int vis, int owner, int other, uint64_t shown, uint64_t hidden) noexcept nogil:
    """Move every card of src to dst: a seat that sees learns them all, one that does not
    keeps what it knew of src, now in dst."""
    cdef int x, t
    cdef uint8_t* from_
    cdef uint8_t* to
    for x in range(c.nseats):
        from_ = lb_of(c, x, src)
        to = lb_of(c, x, dst)
        for t in range(c.nkinds):
            to[t] += cnt_of(c, src)[t] if sees(vis, x, owner, other) else from_[t]
            from_[t] = 0
    for t in range(c.nkinds):
        cnt_of(c, dst)[t] += cnt_of(c, src)[t]
        cnt_of(c, src)[t] = 0
    c.tot[dst] += c.tot[src]
    c.tot[src] = 0
    observe_move(st, vis, owner, other, shown, hidden)


cdef inline int _draw_kind(const int* pool, int nkinds, unsigned int kinds, int avail,
                           Rng* rng) noexcept nogil:
    """A kind of `kinds`, weighted by its copies in the pool (avail = their total)."""
    cdef int t
    cdef int r = <int>rng_below(rng, <unsigned int>avail)
    for t in range(nkinds):
        if (kinds >> t) & 1:
            r -= pool[t]
            if r < 0:
                return t
    return -1


cdef inline bint counted_redeal(Counted* c, int seat, const int* hidden, int n,
                                const unsigned int* allowed, Rng* rng) noexcept nogil:
    """Redeal, as `seat` sees them, the places `hidden` (never the seat's own): each keeps
    its size and the copies the seat provably knows are there (its lower bounds); the
    other copies are pooled and dealt back, place i taking only kinds in allowed[i] (a
    bit mask over kinds; NULL: any). Same law as `redeal`, counting copies as distinct
    cards: restricted places first, least slack first, each copy uniform among those
    allowed that keep the others fillable; then every other place draws its copies one
    at a time uniformly from the pool (exactly uniform over consistent deals when at
    most one place is restricted). Every other seat's bounds are cleared: they described
    the old world. Returns False, changing nothing, if a limit is exceeded or no deal
    meets the constraints."""
    cdef int pool[KN_MAX_KINDS]
    cdef int dealt[KN_MAX_PLACES][KN_MAX_KINDS]    # the new counts, written back at the end
    cdef int need[KN_MAX_PLACES]
    cdef int slack[KN_MAX_PLACES]
    cdef int rplace[KN_MAX_RESTRICTED]
    cdef int rneed[KN_MAX_RESTRICTED]
    cdef int sig_supply[1 << KN_MAX_RESTRICTED]
    cdef int sig[KN_MAX_KINDS]
    cdef int i, j, k, t, s, nr = 0, npool = 0, avail
    cdef unsigned int present = 0, cand
    cdef uint8_t* lb
    if n > KN_MAX_PLACES or c.nkinds > KN_MAX_KINDS:
        return False
    memset(pool, 0, sizeof(pool))
    for i in range(n):
        lb = lb_of(c, seat, hidden[i])
        need[i] = c.tot[hidden[i]]
        for t in range(c.nkinds):
            if lb[t] > cnt_of(c, hidden[i])[t]:
                return False
            pool[t] += cnt_of(c, hidden[i])[t] - lb[t]
            npool += cnt_of(c, hidden[i])[t] - lb[t]
            need[i] -= lb[t]
            dealt[i][t] = lb[t]
    for t in range(c.nkinds):
        if pool[t] > 0:
            present |= 1u << t
    for i in range(n):
        if allowed != NULL and (present & ~allowed[i]):
            slack[i] = -need[i]
            for t in range(c.nkinds):
                if (allowed[i] >> t) & 1:
                    slack[i] += pool[t]
            if slack[i] < 0 or nr == KN_MAX_RESTRICTED:
                return False
            rplace[nr] = i
            nr += 1
    if nr > 1:
        _sort_by_slack(rplace, slack, nr)
        memset(sig_supply, 0, sizeof(int) * (1 << nr))
        for t in range(c.nkinds):
            sig[t] = 0
            for j in range(nr):
                if (allowed[rplace[j]] >> t) & 1:
                    sig[t] |= 1 << j
            sig_supply[sig[t]] += pool[t]
        for j in range(nr):
            rneed[j] = need[rplace[j]]
        if not _hall_ok(sig_supply, rneed, nr):
            return False
    for j in range(nr):
        i = rplace[j]
        for k in range(need[i]):
            cand = allowed[i]
            while True:
                avail = 0
                for t in range(c.nkinds):
                    if (cand >> t) & 1:
                        avail += pool[t]
                if avail == 0:
                    return False
                t = _draw_kind(pool, c.nkinds, cand, avail, rng)
                if nr == 1:
                    break
                s = sig[t]
                sig_supply[s] -= 1
                rneed[j] -= 1
                if (s & ~(1 << j)) == 0 or _hall_ok(sig_supply, rneed, nr):
                    break
                sig_supply[s] += 1
                rneed[j] += 1
                cand &= ~(1u << t)              # every copy of t has the same signature
            pool[t] -= 1
            npool -= 1
            dealt[i][t] += 1
    for i in range(n):
        if _index_of(rplace, nr, i) >= 0:
            continue
        for k in range(need[i]):
            if npool == 0:
                return False
            t = _draw_kind(pool, c.nkinds, 0xFFFFFFFFu, npool, rng)
            pool[t] -= 1
            npool -= 1
            dealt[i][t] += 1
    if npool != 0:
        return False
    for i in range(n):
        for t in range(c.nkinds):
            cnt_of(c, hidden[i])[t] = dealt[i][t]
    for j in range(c.nseats):
        if j != seat:
            memset(lb_of(c, j, 0), 0, c.nplaces * c.stride)
    return True
