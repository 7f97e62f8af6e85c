"""Junta: Viva el Presidente! on screen, from one seat's observation (core/games/junta)."""
from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from partisan.cli.console import seat_name
from partisan.cli.views.fit import BySize
from partisan.cli.views.generic import symbol_table
from partisan.core.narration import counted, who as _who, whose

SUNGLASSES = "🕶"
PENDING = "dice rolled; the result waits on the Diversionary Tactic window"
NO_ATTACKERS = "no attacking militia left: the attack ends without a roll"


def _attack_ended(b: dict) -> bool:
    """Every attacking die lost before the roll (an Assassination, a Bribery on loaned dice):
    "If there are no more attackers, the combat ends immediately" (l.64)."""
    return not b["rolled"] and not b["in_progress"] and all(
        b["dice"][s]["own"] + b["dice"][s]["loaned"] == 0 for s in b["attackers"])


def _cards(pile: dict | None, empty: str = "-") -> Text:
    if not pile:
        return Text(empty, style="dim")
    parts = []
    for name, count in pile.items():
        style = "green" if name.startswith("Foreign Aid") else "bold cyan"
        parts.append(Text(f"{count}× {name}" if count > 1 else name, style=style))
    return Text(", ").join(parts)


def _order_text(orders: dict, seat: int, pres: int) -> Text:
    """Militia orders by die face: own number = defend, 6 = defend the Presidente."""
    text = Text()
    for face, count in sorted(orders.items()):
        if text:
            text.append(", ")
        n = f"{count}× " if count > 1 else ""
        if face == "6":
            text.append(f"{n}defend {seat_name(pres)} (6)", style="blue")
        elif int(face) - 1 == seat:
            text.append(f"{n}defend self ({face})", style="blue")
        else:
            text.append(f"{n}attack {seat_name(int(face) - 1)} ({face})", style="bold red")
    return text


def _who_rules(text: Text, obs: dict, me: int, to_move: str, presidente: str, successor: str) -> None:
    """Append who is to move and who wears the sunglasses (and who takes them after combat)."""
    seat = obs["to_move"]
    if seat >= 0:
        text.append(to_move).append(_who(seat, me), style="bold green" if seat == me else "bold")
    text.append(presidente).append(_who(obs["presidente"], me), style="bold yellow")
    if obs["new_presidente"] >= 0 and obs["new_presidente"] != obs["presidente"]:
        text.append(successor.format(_who(obs["new_presidente"], me)), style="yellow")


def _header(obs: dict, me: int) -> Text:
    text = Text()
    text.append(f"Round {obs['round']}", style="bold")
    text.append(f" (scored after {obs['max_rounds']})", style="dim")
    text.append(f"   {'Expert' if obs['expert'] else 'Basic'} Game: first to {obs['victory_target']} VP")
    text.append(f"\nPhase: {obs['phase']}")
    _who_rules(text, obs, me, "   To move: ", f"\nPresidente: {SUNGLASSES} ", "   (takes over after combat: {})")
    text.append(f"   Deck {obs['deck_size']}   Discard: ")
    text.append_text(_cards(obs["discard_pile"], "empty"))
    return text


def _estates(obs: dict, me: int) -> Table:
    pres = obs["orders_presidente"]
    table = Table(box=box.SIMPLE_HEAVY, expand=False, pad_edge=False)
    for col in ("seat", "VP", "buildings", "militia", "orders", "hand", "promises"):
        table.add_column(col, no_wrap=col in ("seat", "VP"))
    for q in obs["seats"]:
        s = q["seat"]
        name = Text(f"{seat_name(s)} ({q['estate']})", style="bold green" if s == me else "bold")
        if s == me:
            name.append(" you", style="green")
        if q["presidente"]:
            name.append(f" {SUNGLASSES}", style="yellow")
        hidden = s != me and "hand" not in q      # VP cards in a hand nobody has shown
        vp = Text(str(q["victory_points"]) + ("+?" if hidden else ""), style="bold")
        buildings = Text("▮" * q["buildings"], style="magenta")
        militia = _militia(q, Text("⚀" * q["militia"], style="red"), "  promised: ", "  on loan: ")
        orders = _orders(q, pres, _order_text, "defend (no orders)")
        hand = Text(counted(q['hand_size'], "card"))
        if "hand" in q:
            hand = _cards(q["hand"], "no cards").append(f"  ({q['money']} M)", style="green")
        promises = Text(f"{q['promise_size']} face down" if q["promise_size"] else "-",
                        style="" if q["promise_size"] else "dim")
        if q.get("promises"):
            promises = _cards(q["promises"])
        table.add_row(name, vp, buildings, militia, orders, hand, promises)
    return table


def _militia(q: dict, dice: Text, promised: str, loaned: str) -> Text:
    """A seat's militia (`dice`), then those promised to it and those it has on loan."""
    if q["promised_militia"]:
        dice.append(f"{promised}{_faces(q['promised_militia'])}", style="yellow")
    if q["loaned_militia"]:
        dice.append(f"{loaned}{_faces(q['loaned_militia'])}", style="yellow")
    return dice


def _orders(q: dict, pres: int, shown, presidente: str) -> Text:
    """A seat's militia orders: `shown(orders, seat, pres)` once seen, else how many are given;
    `pres` is the Presidente they were given under (a coup changes him only after combat)."""
    if q["seat"] == pres:
        return Text(presidente, style="dim")
    if q["orders"]:
        return shown(q["orders"], q["seat"], pres)
    if q["orders"] is not None and q["orders_given"]:
        return Text("no orders left", style="dim")
    if q["orders_given"]:
        return Text(counted(q["orders_given"], "secret order"), style="italic dim")
    return Text("-", style="dim")


def _faces(faces: dict) -> str:
    return ", ".join(f"{n}× {face}" if n > 1 else face for face, n in faces.items())


def _battle(obs: dict, me: int) -> RenderableType | None:
    order = obs["battle_order"]
    b = obs["battle"]
    if not order and not b:
        return None
    lines = []
    if order:
        line = Text("Battles this round: ")
        line.append_text(Text(" → ").join(
            Text(_who(d, me), style="bold" if b and b["defender"] == d else "") for d in order))
        lines.append(line)
    if b:
        title = "Battle" if b["in_progress"] else "Last battle"
        head = Text(f"{title}: ", style="bold")
        head.append(f"{_who(b['defender'], me)} {'defend' if b['defender'] == me else 'defends'}",
                    style="bold blue")
        if b["presidente_battle"]:
            head.append(" (the Presidente)", style="yellow")
        lines.append(head)
        lines.append(_side("  defending: ", b["defending_side"], b, me, "blue"))
        lines.append(_side("  attacking: ", b["attackers"], b, me, "red"))
        effects = _effects(b, me)
        if effects:
            lines.append(Text("  in play: " + ", ".join(effects), style="cyan"))
        if b["result_final"]:
            result = Text(f"  attack {b['attack_value']} against defence {b['defense_value']}: ")
            won = b["attack_value"] > b["defense_value"]
            result.append("the attack succeeds" if won else "the attack fails",
                          style="bold red" if won else "bold blue")
            lines.append(result)
        elif b["rolled"]:
            lines.append(Text(f"  {PENDING}", style="italic"))
        elif _attack_ended(b):
            lines.append(Text(f"  {NO_ATTACKERS}", style="bold blue"))
    return Panel(Group(*lines), title="Combat", border_style="red", expand=False)


def _effects(b: dict, me: int) -> list[str]:
    """The cards in play in battle `b`."""
    effects = [name for key, name in (("bribery", "Bribery"), ("surprise_attack", "Surprise Attack"),
                                      ("peasant_uprising", "Peasant Uprising")) if b[key]]
    return effects + [f"Gunboat ×{n} ({_who(s, me)})" for s, n in b["gunboats"].items()]


def _side(label: str, seats: list, b: dict, me: int, style: str) -> Text:
    text = Text(label)
    for i, s in enumerate(seats):
        if i:
            text.append("; ")
        dice = b["dice"][s]
        text.append(_who(s, me), style=f"bold {style}")
        count = dice["own"] + dice["loaned"]
        if b["presidente_battle"] and s == b["defender"]:
            text.append(f" {dice['own']} militia (count 1 each)")
        else:
            text.append(f" {count} {'die' if count == 1 else 'dice'}" + (f" ({dice['loaned']} on loan)" if dice["loaned"] else ""))
        if b["rolls"][s]:
            text.append(" rolled " + " ".join(map(str, b["rolls"][s])), style="bold")
    if not seats:
        text.append("nobody", style="dim")
    return text


def _spending(obs: dict) -> Text | None:
    sp = obs["spending"]
    if not sp or not sp["owed"]:
        return None
    bought = [counted(sp["buildings"], "building")] if sp["buildings"] else []
    bought += [f"{sp['militia']} militia"] if sp["militia"] else []
    bought += [counted(sp["cards"], "card")] if sp["cards"] else []
    return Text(f"Buying {', '.join(bought)}: {sp['owed']} M owed, {sp['paid']} M paid (no change)",
                style="green")


def _result(obs: dict, me: int) -> Text | None:
    if obs["winners"] is None:
        return None
    names = ", ".join(_who(w, me) for w in obs["winners"])
    return Text(f"Game over: {names} win{'s' if len(obs['winners']) == 1 and names != 'you' else ''}",
                style="bold yellow")


def render(observation: dict, seat: int) -> RenderableType:
    """The table as `seat` sees it: estates, militia and orders, promises, hands, combat; in
    full on a roomy console, else compact (one row an estate, combat in a few lines)."""
    return BySize(lambda: _full(observation, seat), lambda: _compact(observation, seat))


def _full(observation: dict, seat: int) -> RenderableType:
    parts = [_header(observation, seat), _estates(observation, seat)]
    for extra in (_battle(observation, seat), _spending(observation), _result(observation, seat)):
        if extra is not None:
            parts.append(extra)
    return Group(*parts)


def _compact(obs: dict, me: int) -> RenderableType:
    """The same table in about a third of the rows: at 80×24 the board, the legal moves and
    the prompt fit on one screen with five players."""
    parts = [_compact_header(obs, me), _compact_estates(obs, me)]
    own = next(q for q in obs["seats"] if q["seat"] == me)
    if "hand" in own:
        mine = Text("Your hand: ", style="bold").append_text(_cards(own["hand"], "no cards"))
        mine.append(f"  ({own['money']} M)", style="green")
        if own.get("promises"):
            mine.append("; promises: ", style="bold").append_text(_cards(own["promises"]))
        parts.append(mine)
    for extra in (_compact_battle(obs, me), _spending(obs), _result(obs, me)):
        if extra is not None:
            parts.append(extra)
    return Group(*parts)


def _compact_header(obs: dict, me: int) -> Text:
    text = Text()
    text.append(f"Round {obs['round']}/{obs['max_rounds']}", style="bold")
    text.append(f" · {'Expert' if obs['expert'] else 'Basic'}, {obs['victory_target']} VP wins · {obs['phase']}")
    _who_rules(text, obs, me, " · to move: ", f"\nPresidente {SUNGLASSES} ", " (then {})")
    discards = sum(obs["discard_pile"].values()) if obs["discard_pile"] else 0
    text.append(f" · deck {obs['deck_size']} · discard {discards}: ")
    text.append_text(_cards(obs["discard_pile"], "empty"))
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def _short_orders(orders: dict, seat: int, pres: int) -> Text:
    """Militia orders as in the full view, in a few words: att P3, def, def 🕶."""
    parts = []
    for face, count in sorted(orders.items()):
        n = f"{count}×" if count > 1 else ""
        if face == "6":
            parts.append(Text(f"{n}def {seat_name(pres)}", style="blue"))
        elif int(face) - 1 == seat:
            parts.append(Text(f"{n}def", style="blue"))
        else:
            parts.append(Text(f"{n}att {seat_name(int(face) - 1)}", style="bold red"))
    return Text(", ").join(parts)


def _compact_estates(obs: dict, me: int) -> Table:
    pres = obs["orders_presidente"]
    table = Table(box=None, pad_edge=False, header_style="bold dim", padding=(0, 1))
    for col in ("seat", "VP", "bld", "militia", "orders", "hand", "promises"):
        table.add_column(col, no_wrap=col != "orders", overflow="ellipsis", min_width=22 if col == "orders" else None,
                         max_width=16 if col == "promises" else None,
                         justify="right" if col in ("VP", "bld") else "left")
    for q in obs["seats"]:
        s = q["seat"]
        name = Text(f"{seat_name(s)}", style="bold green" if s == me else "bold")
        name.append(" you" if s == me else f" ({q['estate']})", style="green" if s == me else "")
        if q["presidente"]:
            name.append(f" {SUNGLASSES}", style="yellow")
        hidden = s != me and "hand" not in q
        militia = _militia(q, Text(f"⚀×{q['militia']}", style="red"), " promised ", " loan ")
        orders = _orders(q, pres, _short_orders, "defend")
        if "hand" in q and s != me:
            hand = _cards(q["hand"], "no cards").append(f" ({q['money']} M)", style="green")
        else:
            hand = Text(counted(q['hand_size'], "card"))
        if q.get("promises"):
            promises = Text(f"{q['promise_size']}: see below") if s == me else _cards(q["promises"])
        else:
            promises = Text(f"{q['promise_size']} face down" if q["promise_size"] else "-",
                            style="" if q["promise_size"] else "dim")
        table.add_row(name, Text(str(q["victory_points"]) + ("+?" if hidden else ""), style="bold"),
                      Text(str(q["buildings"]), style="magenta"), militia, orders, hand, promises)
    return table


def _compact_battle(obs: dict, me: int) -> RenderableType | None:
    order, b = obs["battle_order"], obs["battle"]
    if not order and not b:
        return None
    text = Text()
    if order:
        text.append("Battles: ", style="bold")
        text.append_text(Text(" → ").join(
            Text(_who(d, me), style="bold" if b and b["defender"] == d else "") for d in order))
    if b:
        if text:
            text.append("\n")
        text.append(f"{'Battle' if b['in_progress'] else 'Last battle'} at {_who(b['defender'], me)}",
                    style="bold")
        if b["presidente_battle"]:
            text.append(" (the Presidente)", style="yellow")
        text.append_text(_side(": defending ", b["defending_side"], b, me, "blue"))
        text.append_text(_side("; attacking ", b["attackers"], b, me, "red"))
        effects = _effects(b, me)
        if effects:
            text.append(" · " + ", ".join(effects), style="cyan")
        if b["result_final"]:
            won = b["attack_value"] > b["defense_value"]
            text.append(f" · attack {b['attack_value']} against {b['defense_value']}: ")
            text.append("succeeds" if won else "fails", style="bold red" if won else "bold blue")
        elif b["rolled"]:
            text.append(f" · {PENDING}", style="italic")
        elif _attack_ended(b):
            text.append(f" · {NO_ATTACKERS}", style="bold blue")
    return text


def changes(before: dict, after: dict, viewer: int | None) -> list[str]:
    """What everyone notices when an action lands: revealed orders, promises received or
    forfeited, a battle's final result, a new Presidente."""
    out = []
    if after["orders_revealed"] and not before["orders_revealed"]:
        for q in after["seats"]:
            if q["orders"]:
                text = _order_text(q["orders"], q["seat"], after["orders_presidente"]).plain
                out.append(f"  {_who(q['seat'], viewer)}: {text}")
    result = after["last_result"]
    if after["battles_resolved"] != before["battles_resolved"] and result:
        out.append(f"  battle at {_who(result['defender'], viewer)}: attack {result['attack']} against "
                   f"defence {result['defense']}: {'success' if result['attack_won'] else 'repelled'}")
    out.extend(_promises_settled(before, after, viewer))
    if after["presidente"] != before["presidente"]:
        out.append(f"  {_who(after['presidente'], viewer)} put on the Presidential Sunglasses")
    return out


def _promises_settled(before: dict, after: dict, viewer: int | None) -> list[str]:
    """Promises (and promised militia) that left the table, by the rule that settled them: all
    received when nobody attacks the Presidente (l.56); when his battle ends, all forfeited
    onto the Discard Pile if he fell (l.78), else the attackers' forfeited and the others'
    received (l.80). Hand sizes cannot tell: a plunderer's hand grows as it forfeits."""
    if before["phase"] not in ("command militias", "spy") and not before["phase"].startswith("combat"):
        return []       # Burglars also empty a promise pile; that move names itself
    fell = after["new_presidente"] >= 0         # only a won attack on the Presidente names one
    battle = before["battle"]       # the Presidente's battle, when this move ended it
    attackers = (set(battle["attackers"]) if before["phase"].startswith("combat") and battle
                 and battle["presidente_battle"] else set())
    out = []
    for b, a in zip(before["seats"], after["seats"]):
        had = b["promise_size"] + sum(b["promised_militia"].values())
        if not had or a["promise_size"] or a["promised_militia"]:
            continue
        who = _who(b["seat"], viewer)
        what = [f"{b['promise_size']} card{'s' * (b['promise_size'] != 1)}"] if b["promise_size"] else []
        if b["promised_militia"]:
            what.append(f"{sum(b['promised_militia'].values())} militia")
        what = " and ".join(what)
        if fell:
            out.append(f"  {whose(b['seat'], viewer)} promises are forfeited: {what} "
                       "(the Presidente fell: nobody receives promises)")
        elif b["seat"] in attackers:
            out.append(f"  {whose(b['seat'], viewer)} promises are forfeited: {what} "
                       f"({who} attacked the Presidente)")
        else:
            out.append(f"  {who} {'receive' if who == 'you' else 'receives'} the promises: {what}")
    return out


def decision_note(obs: dict, me: int) -> str | None:
    """Why some moves are missing: Junta enters a set of choices as one fixed sequence (so a
    set has one way in), and after a choice those before it in the sequence are not offered."""
    if obs["to_move"] != me:
        return None
    own = obs["seats"][me]
    if obs["phase"] == "command militias" and own["orders_given"]:
        return ("orders go in one fixed sequence, estates 1 to 5 then 6 (the Presidente): "
                "an order before your last one is no longer offered; `undo` takes it back")
    if obs["phase"] == "make promises" and any(q["promise_size"] or q["promised_militia"] for q in obs["seats"]):
        return ("promises go in one fixed sequence, by player, then by card, militia last: "
                "a promise before your last one is no longer offered; `undo` takes it back")
    if obs["phase"] == "spend money" and obs["spending"] and obs["spending"]["paid"]:
        return ("payments go largest card first: a card worth more than your last one is "
                "no longer offered; `undo` takes it back")
    return None


def outcome(obs: dict, returns: list[float], game) -> dict:
    """Why the game ended and each Golpista's VP by source, with the money in hand that
    breaks a tie (most VP wins, then most money; a tie left is shared)."""
    target = obs["victory_target"]
    if obs["round"] > obs["max_rounds"]:
        reason = f"the round limit ({obs['max_rounds']}) was reached: the game is scored as it stands"
    else:
        reached = [seat_name(q["seat"]) for q in obs["seats"] if q["victory_points"] >= target]
        reason = f"{' and '.join(reached)} reached {target} VP after Spend Money"
    tops = [q for q in obs["seats"] if returns[q["seat"]] == max(returns)]
    if len(tops) > 1 or sum(q["victory_points"] == tops[0]["victory_points"] for q in obs["seats"]) > 1:
        reason += "; a tie in VP goes to the most money in hand"
    vp_of = {card.name: card.vp for card in game.data.cards if card.vp}
    return {"reason": reason, "scores": [_vp(q, obs["expert"], vp_of) for q in obs["seats"]]}


def _vp(q: dict, expert: bool, vp_of: dict) -> tuple[str, str]:
    """A Golpista's VP and where they come from: buildings, VP cards in hand, the Sunglasses."""
    parts = [f"{q['buildings']} building{'s' * (q['buildings'] != 1)}"]
    parts += [f"{name} {vp_of[name] * count}" for name, count in (q.get("hand") or {}).items() if name in vp_of]
    if expert and q["presidente"]:
        parts.append("Sunglasses 1")
    return f"{q['victory_points']} VP", " + ".join(parts) + f"; {q.get('money', 0)} M in hand"


# What the table shows, for `cards` (the reference): a symbol or word, what it means.
SYMBOLS = (
    ("P1 (1)", "a Golpista and the number of his estate: the militia die face that attacks him"),
    (SUNGLASSES, "the Presidente, who wears the Presidential Sunglasses (Expert Game: worth 1 VP)"),
    ("VP", "victory points: a building 1, Supercar and Yacht 1 each while in hand; +? more may "
           "hide in a hand you have not seen"),
    ("▮ / bld", "buildings on the estate, 1 VP each"),
    ("⚀", "a militia die; ⚀×3 is three of them; promised / loan: militia the Presidente promised "
          "or lent (Expert Game)"),
    ("att P3", "an order: the die attacks P3's estate (face 3)"),
    ("def", "an order: the die defends its own estate; def P2 (6): defends the Presidente (face 6)"),
    ("secret", "orders given but not yet revealed"),
    ("M", "million pesos: the Foreign Aid cards in hand, spent in Spend Money; at the end the "
          "most money breaks a tie in VP"),
    ("promises", "cards the Presidente promised, face down: a Golpista takes them into his hand "
                 "unless he attacked the Presidente, and nobody does if that attack succeeds"),
)


def reference(game) -> RenderableType:
    """The deck (the game's card data, so an edited copy shows its own) and the table's symbols,
    for the `cards` command."""
    deck = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for column in ("card", "copies", "what it does"):
        deck.add_column(column, no_wrap=column != "what it does")
    for c in game.data.cards:
        deck.add_row(Text(c.name, style="green" if c.value else "bold cyan"), str(c.count), c.text)
    symbols = symbol_table(SYMBOLS)
    return Group(Text("The cards", style="bold underline"), deck,
                 Text("On the table", style="bold underline"), symbols)
