# cython: language_level=3
"""Junta in words and plain data: move text as a player would say it, what each seat sees
of a move, and a seat's observation. Read-only functions of the state's struct; the search
never calls them."""
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport money, vp
from partisan.core.games.junta.combat cimport pcv, defense
from partisan.core.narration import by, does, who, whose


PHASE_NAMES = ("set-up", "draw cards", "make promises", "burglars", "burglars", "command militias",
               "spy", "combat: cards", "combat: roll", "combat: diversionary tactic",
               "combat: re-roll", "combat: plunder order", "combat: plunder",
               "combat: destroy militia", "spend money", "spend money", "check number of cards",
               "game over")


cdef str phase_name(JuntaData* d):
    return PHASE_NAMES[d.phase]


def _name(tuple cards, int t):
    return cards[t].name if t < len(cards) else f"card kind {t + 1} (not in this deck)"


def _order_text(int q, int code):
    if code == CODE_PRES:
        return "defend the Presidente (6)"
    if code == q:
        return f"defend own estate ({code + 1})"
    return f"attack {code + 1}"


cdef str action_to_string(JuntaData* d, int a, tuple cards):
    cdef int ph = d.phase
    cdef int q = d.cur
    if a >= C_SEAT:
        return f"P{a - C_SEAT + 1} becomes Presidente"
    if a >= C_DIE:
        if ph == PH_TIE:
            return f"P{q + 1} rolls {a - C_DIE + 1} for plunder order"
        return f"P{q + 1} rolls {a - C_DIE + 1}"
    if a >= C_CARD:
        name = _name(cards, a - C_CARD)
        if ph == PH_BURGLE:
            return f"Burglars take {name}"
        if ph == PH_PLUNDER:
            return f"P{q + 1} plunders {name}"
        return f"P{q + 1} draws {name}"
    if a == A_DONE:
        return "pass" if ph in (PH_BURGLAR, PH_SPY, PH_DIVERT) else "done"
    if a < A_PROM_MIL:
        return f"promise {_name(cards, (a - A_PROM_CARD) % NT)} to P{(a - A_PROM_CARD) // NT + 1}"
    if a < A_ORDER:
        return f"promise militia showing {(a - A_PROM_MIL) % 5 + 1} to P{(a - A_PROM_MIL) // 5 + 1}"
    if a < A_BURGLE:
        return f"militia {d.orders.value[q] + 1}: {_order_text(q, a - A_ORDER)}"
    if a < A_SPY:
        return f"Burglars on P{a - A_BURGLE + 1}'s promises"
    if a == A_SPY:
        return "play Spy"
    if a < A_ASSASS:
        return f"play {_name(cards, a - A_PLAY)}"
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
        return f"pay {_name(cards, a - A_PAY)}"
    return f"discard {_name(cards, a - A_DISCARD)}"


cdef str describe_action(JuntaData* d, int a, object viewer, tuple cards):
    """The action as `viewer` sees it (None: an all-seeing narrator), naming who makes it."""
    cdef int ph = d.phase
    cdef int q = d.cur
    cdef bint sees = viewer is None or viewer == q
    if a >= C_SEAT:
        return does(a - C_SEAT, viewer, "become", "Presidente")
    if a >= C_DIE:
        return does(q, viewer, "roll", f"{a - C_DIE + 1}" + (" for plunder order" if ph == PH_TIE else ""))
    if a >= C_CARD:
        name = _name(cards, a - C_CARD)
        if ph == PH_BURGLE:
            taken = name if sees or viewer == d.left else "a card"
            return f"{whose(q, viewer)} Burglars take {taken} from {whose(d.left, viewer)} promises"
        if ph == PH_PLUNDER:
            return does(q, viewer, "plunder", name if sees or viewer == d.bdef
                        else f"a card from {who(d.bdef, viewer)}")
        return does(q, viewer, "draw", name if sees else "a card")
    if ph == PH_PROMISE and A_PROM_CARD <= a < A_PROM_MIL and not sees \
            and viewer != (a - A_PROM_CARD) // NT:
        return does(q, viewer, "promise", f"a card to {who((a - A_PROM_CARD) // NT, viewer)}")
    if ph == PH_ORDER and not sees:
        return does(q, viewer, "give", "a militia its order")
    if ph == PH_PROMISE and A_PROM_CARD <= a < A_PROM_MIL and viewer == (a - A_PROM_CARD) // NT:
        return does(q, viewer, "promise", f"{_name(cards, (a - A_PROM_CARD) % NT)} to you")
    if ph == PH_PROMISE and A_PROM_MIL <= a < A_ORDER and viewer == (a - A_PROM_MIL) // 5:
        return does(q, viewer, "promise", f"militia showing {(a - A_PROM_MIL) % 5 + 1} to you")
    return by(q, viewer, action_to_string(d, a, cards))


cdef dict _pile(JuntaData* d, int loc, list names):
    return {names[t]: d.cnt[loc][t] for t in range(d.ntypes) if d.cnt[loc][t]}


cdef dict _known_promises(JuntaData* d, int viewer, int q, list names):
    return {names[t]: d.lb[viewer][L_PROM + q][t] for t in range(d.ntypes)
            if d.lb[viewer][L_PROM + q][t]}


cdef list _battle_order(JuntaData* d):
    """Defenders in the order their battles are fought (known once orders are revealed),
    clockwise from the Presidente the orders were given under (a coup changes him only
    after the last battle)."""
    cdef int n = d.n, p = d.order_pres, i, b, q
    out = []
    if not d.revealed:
        return out
    if d.pres_att:
        out.append(p)
    for i in range(1, n):
        b = (p + i) % n
        for q in range(n):
            if q != b and q != p and d.ords[q][b] + d.loana[q][b] + d.loanp[q][b] > 0:
                out.append(b)
                break
    return out


cdef dict _battle(JuntaData* d):
    """The battle in progress, or the last one fought this round."""
    cdef int k, f, s
    order = [d.battle.seat[k] for k in range(d.battle.n)]
    battle = {
        "in_progress": PH_CARDS <= d.phase <= PH_DESTROY,
        "defender": d.bdef,
        "presidente_battle": bool(d.bpres),
        "defending_side": order[:d.bside],
        "attackers": order[d.bside:],
        "dice": {s: {"own": d.bown[s], "loaned": d.bloan[s]} for s in order},
        "rolls": {s: [f + 1 for f in range(6) for _ in range(d.faces[s][f])] for s in order},
        "gunboats": {s: d.gun[s] for s in order if d.gun[s]},
        "bribery": bool(d.bribery),
        "surprise_attack": bool(d.surprise),
        "peasant_uprising": bool(d.uprising),
        "rolled": bool(d.rolled),
        # Final once the Diversionary Tactic window has closed and no re-roll is due.
        "result_final": bool(d.rolled) and d.phase != PH_DIVERT and d.phase != PH_REROLL,
        "attack_won": bool(d.bwin),
    }
    if d.rolled:
        battle["attack_value"] = sum([pcv(d, s) for s in order[d.bside:] if d.bown[s] + d.bloan[s] > 0])
        battle["defense_value"] = defense(d)
        battle["personal_values"] = {s: pcv(d, s) for s in order}
    return battle


cdef dict observation(JuntaData* d, int player, int to_move, tuple cards):
    """What `player` knows, as plain data."""
    cdef int n = d.n, p = d.pres, op = d.order_pres, q, k, f
    cdef bint over = d.phase == PH_OVER
    names = [c.name for c in cards]
    seats = []
    for q in range(n):
        sees_orders = bool(d.orders.known[q] & seat_bit(player)) or d.revealed
        seat = {
            "seat": q,
            "estate": q + 1,
            "presidente": q == p,
            "buildings": d.bld[q],
            "militia": d.mil[q],
            "hand_size": d.tot[L_HAND + q],
            "promise_size": d.tot[L_PROM + q],
            "promised_militia": {str(f + 1): d.loanp[q][f] for f in range(n) if d.loanp[q][f]},
            "loaned_militia": {str(f + 1): d.loana[q][f] for f in range(n) if d.loana[q][f]},
            "orders_given": d.orders.value[q] if q != op else 0,
            "orders": ({("6" if k == CODE_PRES else str(k + 1)): d.ords[q][k]
                        for k in range(NCODE) if d.ords[q][k]}
                       if sees_orders and q != op else None),
            "cards_bought": d.bought[q],
        }
        if q == player or over:
            seat["hand"] = _pile(d, L_HAND + q, names)
            seat["money"] = money(d, q)
        if q == player or player == p and q != p:
            seat["promises"] = (_known_promises(d, player, q, names) if q != player
                                else _pile(d, L_PROM + q, names))
        # Others' Supercars and Yachts sit in their hands: only buildings and the
        # Sunglasses are public.
        seat["victory_points"] = (vp(d, q) if q == player or over
                                  else d.bld[q] + (1 if d.expert and q == p else 0))
        seats.append(seat)
    return {
        "game": "junta",
        "expert": bool(d.expert),
        "round": d.round,
        "max_rounds": d.max_rounds,
        "phase": PHASE_NAMES[d.phase],
        "to_move": to_move,
        "presidente": p,
        "new_presidente": d.new_pres,
        "orders_presidente": op,
        "victory_target": d.vp_target,
        "seats": seats,
        "deck_size": d.tot[L_DECK],
        "discard_pile": _pile(d, L_DISC, names),
        "orders_revealed": bool(d.revealed),
        "battle_order": _battle_order(d),
        "battle": _battle(d) if d.battle.n > 0 else None,
        "battles_resolved": d.nres,
        "last_result": ({"defender": d.res_bdef, "attack": d.res_att, "defense": d.res_def,
                         "attack_won": d.res_att > d.res_def} if d.nres else None),
        "spending": ({"owed": d.owed, "paid": d.paid, "buildings": d.pend_b,
                      "militia": d.pend_m, "cards": d.pend_c}
                     if d.phase == PH_SPEND else None),
        "winners": [q for q in range(n) if d.winners & seat_bit(q)] if over else None,
    }
