# cython: language_level=3
"""The Events phase (l.352-l.373): a side plays two event cards (its faction cards, shared
cards, its own Fog of War cards) and may add a support card whose icons boost the event
cards' secondary events (a matching icon or the star, each icon one event); then it resolves
the events in the order it chooses, or declines some (l.356). Each event is a list of effects
(cards.py EFFECTS) run one by one; an effect with `count` runs that many times. Also the
own Fog of War card played for initiative, whose event must be resolved (l.315)."""
from libc.stdint cimport int8_t, uint8_t, uint64_t
from partisan.core.cards cimport bit, count as popcount, lowest
from partisan.core.games.baler.table cimport (
    Baler, CARD_EFFECTS, CARD_ICONS, CARD_REQUIRES, CARD_SIDE, CARD_TYPE, CS_BOTH, CT_FOW,
    CT_SHARED, EFFECT_W, EMPTY, EVENT_EFFECTS, N_AREAS, PHILIPPINES, SPAIN, CB_ARTILLERY,
    CB_SHOOTING, VP_EVENT, occupant, score)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler cimport combat_rules
from partisan.core.games.baler cimport infirmary
from partisan.core.games.baler.combat_flow cimport fight_start
from partisan.core.games.baler.attrition cimport loss_begin



cdef bint playable(const Baler* t, int card, int side) noexcept nogil:
    """Own faction and Fog of War cards and shared cards; an enemy Fog of War card is a
    blank (l.216)."""
    cdef int owner = t.sd.card[card][CARD_SIDE]
    return owner == CS_BOTH or owner == side


cdef void discard_played(Baler* t, int card, int side) noexcept nogil:
    """Faction cards go to the player's discard pile; shared and Fog of War cards leave the
    game once played (l.183, l.195, l.210; RULES.md reading 17)."""
    if t.sd.card[card][CARD_TYPE] == CT_SHARED or (
            t.sd.card[card][CARD_TYPE] == CT_FOW and t.sd.card[card][CARD_SIDE] == side):
        t.removed |= bit(card)
    else:
        t.discard[side] |= bit(card)


cdef uint64_t playable_hand(const Baler* t, int side) noexcept nogil:
    """The side's cards in hand it may play, as a mask (a hand holds a few cards: one step
    each)."""
    cdef uint64_t rest = t.hand[side], out = 0
    cdef int c
    while rest:
        c = lowest(rest)
        rest &= rest - 1
        if playable(t, c, side):
            out |= bit(c)
    return out


cdef int n_playable(const Baler* t, int side) noexcept nogil:
    """Playable cards in hand."""
    return popcount(playable_hand(t, side))


cdef void events_begin(Baler* t, int side) noexcept nogil:
    """A side's part of the Events phase, called from the phase; nothing without cards."""
    t.actor = <int8_t>side
    t.attacked[side] = 0
    t.ev_card[0] = t.ev_card[1] = t.ev_card[2] = EMPTY
    t.ev_boost = 0
    t.ev_done = 0
    call(t, N_EV_CARD if n_playable(t, side) > 0 else N_RETURN, N_PHASE)


cdef void fow_event_begin(Baler* t, int side, int card) noexcept nogil:
    """The own Fog of War card played for initiative: its event is resolved now (l.315)."""
    t.actor = <int8_t>side
    t.attacked[side] = 0
    t.ev_card[0] = <int8_t>card
    t.ev_card[1] = t.ev_card[2] = EMPTY
    t.ev_boost = 0
    t.ev_done = 1
    t.ev_slot = 0
    t.ev_part = 0
    t.ev_k = 0
    t.ev_rep = 0
    call(t, N_EFFECT, N_PHASE)


cdef int legal_card(const Baler* t, int* out) noexcept nogil:
    """An event card: any playable card of the hand, first or second (l.354: the two cards
    are one choice, so neither is hidden behind the other)."""
    cdef uint64_t hand = playable_hand(t, t.actor)
    cdef int c, n = 0
    while hand:
        c = lowest(hand)
        hand &= hand - 1
        out[n] = A_CARD + c
        n += 1
    return n


cdef void apply_card(Baler* t, int a) noexcept nogil:
    """Event 1, then event 2 if the hand has another card to play (l.356)."""
    cdef int c = a - A_CARD
    cdef int side = t.actor
    t.hand[side] &= ~bit(c)
    if t.ev_card[0] == EMPTY:
        t.ev_card[0] = <int8_t>c
        if n_playable(t, side) > 0:
            return
    else:
        t.ev_card[1] = <int8_t>c
    t.node = N_EV_SUPPORT


cdef int legal_support(const Baler* t, int* out) noexcept nogil:
    cdef int c, n = 1
    out[0] = A_DONE
    for c in range(t.sd.n_cards):
        if (t.hand[t.actor] >> c) & 1 and playable(t, c, t.actor):
            out[n] = A_CARD + c
            n += 1
    return n


cdef uint8_t boost_icons(const Baler* t, int slot, int support) noexcept nogil:
    """The support card's icons (bits) that may boost the event card in `slot` (l.370)."""
    cdef int c = t.ev_card[slot]
    cdef int need
    cdef int icons = t.sd.card[support][CARD_ICONS]
    if c == EMPTY or t.sd.card[c][CARD_TYPE] == CT_FOW:
        return 0
    need = t.sd.card[c][CARD_REQUIRES]
    if need < 0:
        return 0
    return <uint8_t>(icons & ((1 << need) | (1 << t.sd.wildcard)))


cdef void apply_support(Baler* t, int a) noexcept nogil:
    """Boost every event the support card's icons can, each icon once (l.371); when one
    icon could serve either event, the player picks (N_EV_BOOST)."""
    cdef int s = a - A_CARD
    cdef uint8_t e0, e1
    t.node = N_EV_NEXT
    if a == A_DONE:
        return
    t.hand[t.actor] &= ~bit(s)
    t.ev_card[2] = <int8_t>s
    discard_played(t, s, t.actor)
    e0 = boost_icons(t, 0, s)
    e1 = boost_icons(t, 1, s)
    if e0 and e1 and (popcount(e0 | e1) >= 2 and not (e0 == e1 and popcount(e0) == 1)):
        t.ev_boost = 3
    elif e0 and e1:
        t.node = N_EV_BOOST
    elif e0:
        t.ev_boost = 1
    elif e1:
        t.ev_boost = 2


cdef int legal_boost(const Baler* t, int* out) noexcept nogil:
    out[0] = A_EVENT + 1        # boost card 1's secondary event
    out[1] = A_EVENT + 3        # or card 2's
    return 2


cdef void apply_boost(Baler* t, int a) noexcept nogil:
    t.ev_boost = 1 if a == A_EVENT + 1 else 2
    t.node = N_EV_NEXT


cdef uint8_t _open_parts(const Baler* t) noexcept nogil:
    cdef uint8_t m = 0
    cdef int slot
    for slot in range(2):
        if t.ev_card[slot] != EMPTY:
            m |= 1 << (2 * slot)
            if (t.ev_boost >> slot) & 1:
                m |= 1 << (2 * slot + 1)
    return m & ~t.ev_done


cdef int legal_next(const Baler* t, int* out) noexcept nogil:
    """The next event to resolve, in any order, or stop: the rest are not resolved."""
    cdef uint8_t m = _open_parts(t)
    cdef int k, n = 1
    out[0] = A_DONE
    for k in range(4):
        if (m >> k) & 1:
            out[n] = A_EVENT + k
            n += 1
    return n


cdef void _close(Baler* t) noexcept nogil:
    """The event cards leave the table (an initiative Fog of War card is removed already)."""
    cdef int slot
    for slot in range(2):
        if t.ev_card[slot] != EMPTY:
            discard_played(t, t.ev_card[slot], t.actor)
    t.ev_card[0] = t.ev_card[1] = t.ev_card[2] = EMPTY
    finish(t)


cdef void apply_next(Baler* t, int a) noexcept nogil:
    if a == A_DONE:
        _close(t)
        return
    t.ev_slot = <int8_t>((a - A_EVENT) // 2)
    t.ev_part = <int8_t>((a - A_EVENT) % 2)
    t.ev_done |= 1 << (a - A_EVENT)
    t.ev_k = 0
    t.ev_rep = 0
    t.node = N_EFFECT


cdef inline const int8_t* effect_at(const Baler* t) noexcept nogil:
    return &t.sd.card[t.ev_card[t.ev_slot]][CARD_EFFECTS + (t.ev_part * EVENT_EFFECTS + t.ev_k) * EFFECT_W]


cdef int _count(const int8_t* e) noexcept nogil:
    """How many times the effect runs (its `count`; man_posts and losses count inside)."""
    cdef int k = e[0]
    if k == E_ATTACK:
        return e[2]
    if k == E_REPAIR or k == E_DESTROY_TRENCH or k == E_SUPPLY_ROLL or k == E_SURVEILLANCE or k == E_TRENCH:
        return e[1]
    return 1


cdef void effect_step(Baler* t) noexcept nogil:
    """Run the event part under way to its next decision, chance node or procedure."""
    cdef const int8_t* e
    cdef int side = t.actor
    cdef int k, target
    while True:
        if t.ev_k >= EVENT_EFFECTS or effect_at(t)[0] < 0:
            if _open_parts(t):
                t.node = N_EV_NEXT
            else:
                _close(t)
            return
        e = effect_at(t)
        if t.ev_rep == 0:
            t.ev_rep = <int8_t>_count(e)
        t.ev_rep -= 1
        if t.ev_rep == 0:
            t.ev_k += 1
        k = e[0]
        target = side if e[2] == 0 else 1 - side
        if k == E_MORALE:
            t.morale[target] = <int8_t>clamp6(t.morale[target] + e[1])
        elif k == E_SUPPLY:
            t.supply[target] = <int8_t>clamp6(t.supply[target] + e[1])
        elif k == E_EXPAND:
            infirmary.expand(t)
        elif k == E_PERSISTENCE:
            t.persistence = 1
        elif k == E_VP:
            score(t, side, e[1], VP_EVENT)
        elif k == E_ATTACK:
            t.atk_kind = e[1]
            t.atk_dice = e[3]
            t.atk_cf = e[4]
            t.atk_rerolls = e[5]
            call(t, N_ATTACK, N_EFFECT)
            return
        elif k == E_BERIBERI or k == E_DESERTION:
            loss_begin(t, e[1], k == E_DESERTION, N_EFFECT)
            return
        else:
            _procedure(t, k, e)
            return


cdef void _procedure(Baler* t, int k, const int8_t* e) noexcept nogil:
    t.proc_arg = 0
    t.proc_n = 0
    if k == E_TAKEOVER:
        t.proc = P_TAKEOVER
    elif k == E_REPAIR:
        t.proc = P_REPAIR
        t.proc_arg = e[2]
    elif k == E_DESTROY_TRENCH:
        t.proc = P_DESTROY_TRENCH
        t.proc_arg = e[2]
    elif k == E_SUPPLY_ROLL:
        t.proc = P_SUPPLY
    elif k == E_MOVE:
        t.proc = P_MOVE
        t.proc_arg = e[1]
    elif k == E_SURVEILLANCE:
        t.proc = P_SURVEILLANCE
    elif k == E_HEAL:
        t.proc = P_HEAL
        t.proc_arg = e[1]
    elif k == E_TRENCH:
        t.proc = P_TRENCH
        t.proc_arg = e[2]
    elif k == E_US_ADVANCE:
        t.proc = P_US
    elif k == E_PLACE_ARTILLERY:
        t.proc = P_ARTILLERY
    elif k == E_MAN_POSTS:
        t.proc = P_MAN
        t.proc_n = e[1]
    call(t, N_PROC, N_EFFECT)


cdef bint attack_ok(const Baler* t, int side, int kind, int area) noexcept nogil:
    """An attack the side may start: an area it has not attacked this phase (l.582), its
    units in the area's guard posts (else nothing could happen), artillery only with a
    Filipino piece there (l.860)."""
    if (t.attacked[side] >> area) & 1:
        return False
    if kind == CB_ARTILLERY:
        return side == PHILIPPINES and occupant(t, t.sd.artillery_post[area]) != EMPTY
    return combat_rules.units_in(t, area, side) > 0


cdef int legal_attack(const Baler* t, int* out) noexcept nogil:
    cdef int kind, area, n = 1
    out[0] = A_DONE
    for kind in range(CB_SHOOTING, CB_ARTILLERY + 1):
        if t.atk_kind != 0 and t.atk_kind != kind:
            continue
        for area in range(N_AREAS):
            if attack_ok(t, t.actor, kind, area):
                out[n] = A_ATTACK + (kind - 1) * 4 + area
                n += 1
    return n


cdef void apply_attack(Baler* t, int a) noexcept nogil:
    cdef int code = a - A_ATTACK
    if a == A_DONE:
        finish(t)
        return
    fight_start(t, code // 4 + 1, code % 4, t.actor, t.atk_dice, t.atk_cf, t.atk_rerolls)
    t.node = N_FIGHT
