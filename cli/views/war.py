"""WAR: Guerrilla Tactics on screen, from one seat's observation (core/games/war observation())."""
from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from partisan.cli.console import seat_name
from partisan.cli.views.fit import BySize
from partisan.cli.views.generic import symbol_table
from partisan.core.narration import counted, who
from partisan.core.state import TERMINAL

RED_SUITS = "♥♦"
MAX_GUERRILLA_RANK = 6
SPY_RANK = "7"


def _rank(card: str) -> str:
    return card[:-1]


def is_guerrilla(card: str, grank: int) -> bool:
    rank = _rank(card)
    return rank.isdigit() and int(rank) <= grank


def card(card: str, grank: int) -> Text:
    """One card: red or white by suit; Guerrillas underlined in yellow, spies in magenta."""
    style = "bold red" if card[-1] in RED_SUITS else "bold"
    if is_guerrilla(card, grank):
        style += " underline yellow"
    elif _rank(card) == SPY_RANK:
        style += " magenta"
    return Text(card, style=style)


def cards(names, grank: int, empty: str = "-") -> Text:
    if not names:
        return Text(empty, style="dim")
    return Text(" ").join(card(n, grank) for n in names)


def _who(seat: int | None, me: int | None) -> str:
    if seat is None:
        return "nobody"
    return who(seat, me)


def _header(obs: dict, me: int) -> Text:
    grank = obs["guerrilla_rank"]
    to_move = obs["to_move"]
    text = Text()
    text.append(f"Skirmish {obs['skirmish']}", style="bold")
    text.append(f" (a draw after {obs['max_skirmishes']})", style="dim")
    text.append("   Guerrilla rank ")
    text.append(str(grank), style="bold yellow")
    guerrillas = "2s" if grank == 2 else f"2s to {grank}s"
    text.append(f": {guerrillas} are Guerrillas", style="yellow")
    text.append(f"\nPhase: {obs['phase']}")
    if to_move >= 0:
        text.append("   To move: ")
        text.append(_who(to_move, me), style="bold green" if to_move == me else "bold")
    elif to_move == -1:
        text.append("   Cards are being drawn", style="dim")
    return text


def _promotion(obs: dict, me: int) -> Text:
    """Where the promotion stands: who has played a Guerrilla, a pending proposal."""
    grank = obs["guerrilla_rank"]
    text = Text("Promotion: ", style="bold")
    if obs["to_move"] == TERMINAL:
        return text.append("the war is over")
    if grank >= MAX_GUERRILLA_RANK:
        return text.append(f"the Guerrilla rank is at its maximum ({MAX_GUERRILLA_RANK})")
    active = [p for p in obs["players"] if p["active"]]
    missing = [_who(p["seat"], me) for p in active if not p["played_guerrilla"]]
    since = " since the last promotion" if obs["promotion_rule"] == "since_last" else ""
    if obs.get("proposer") is not None:
        text.append(f"{_who(obs['proposer'], me)} proposed raising the rank to {grank + 1}; "
                    "revealing a Guerrilla cancels it", style="bold yellow")
    elif missing:
        text.append(f"possible once every player has played a Guerrilla{since} (still to play one: "
                    + ", ".join(missing) + ")")
    elif obs["phase"] == "promotion":
        own = any(is_guerrilla(c, grank) for c in obs["hand"])
        text.append(f"every player has played a Guerrilla{since}: a player with none in hand may "
                    f"propose rank {grank + 1}" + (" (you hold one)" if own else " (you may)"))
    else:
        text.append(f"every player has played a Guerrilla{since}: rank {grank + 1} may be proposed "
                    "before the next skirmish by a player with none in hand")
    return text


# What the colours of the cards mean: a sample, its style, the meaning in full and in short.
LEGEND = (("♥♦", "bold red", " red suits", " red"), ("2", "bold underline yellow", " underlined: a Guerrilla", " Guerrilla"),
          ("7", "bold magenta", " magenta: a spy (7)", " spy"))


def legend(short: bool = False) -> Text:
    text = Text("" if short else "Cards: ", style="dim")
    for i, (sample, style, meaning, brief) in enumerate(LEGEND):
        if i:
            text.append(" · " if short else "  ", style="dim")
        text.append(sample, style=style).append(brief if short else meaning, style="dim")
    return text


def _loss(obs: dict, me: int) -> Text | None:
    """Loss of Forces when the winner chooses: who chooses, and how many cards are still to go."""
    if obs["phase"] != "loss of forces" or not obs["loss_chosen_by_winner"]:
        return None
    winner, n = obs["skirmish_winner"], obs["cards_to_remove"]
    cards_left = f"{n} card{'s' * (n != 1)}"
    if winner == me:
        return Text(f"You won the skirmish. Loss of Forces: choose {cards_left} to remove "
                    "from the game; the rest are your spoils.", style="bold green")
    return Text(f"{_who(winner, me)} won the skirmish and removes {cards_left} (Loss of Forces).",
                style="bold")


def _table_cell(p: dict, me: int, grank: int) -> Text:
    """What seat p has in the current skirmish."""
    parts = []
    if p["face_up"]:
        up = Text("up ").append_text(card(p["face_up"], grank))
        if p["support"]:
            up.append(" + ").append_text(card(p["support"], grank))
        parts.append(up)
    face_down = p["face_down"]
    if face_down:
        parts.append(Text("down ").append_text(
            cards(face_down, grank) if isinstance(face_down, list) else Text(counted(face_down, "card"))))
    tie = p["tie_cards"]
    if tie:
        parts.append(Text("tie hand ").append_text(
            cards(tie, grank) if isinstance(tie, list) else Text(counted(tie, "card"))))
    choice = p["secret_choice"]
    if p["seat"] == me and isinstance(choice, str):
        parts.append(Text("chosen: ", style="dim").append(choice, style="italic"))
    elif choice is True:
        parts.append(Text("has chosen", style="italic dim"))
    return Text("  ").join(parts) if parts else Text("-", style="dim")


def _status(p: dict, short: bool = False) -> Text:
    """A seat's standing, a note a line (`short`: a few words on one line)."""
    if not p["active"]:
        return Text("eliminated", style="red")
    notes = []
    if p["reveals_first"]:
        notes.append(("spy: reveals first" if short else "reveals first (spy)", "magenta"))
    if p["draws_one"]:
        notes.append(("draws 1" if short else "draws 1 (supported)", "cyan"))
    if p["played_guerrilla"]:
        notes.append(("G played" if short else "Guerrilla played", "yellow"))
    one_line = short and sum(len(n) for n, _ in notes) + 2 * (len(notes) - 1) <= STATUS_WIDTH
    return Text(", " if one_line else "\n").join(Text(n, style=s) for n, s in notes) if notes else Text("")


STATUS_WIDTH = 18       # the compact status column; notes that do not fit on one line go one a line


PLAYER_COLUMNS = (("player", "left"), ("hand", "left"), ("draw", "right"), ("discard", "left"),
                  ("in play", "left"), ("", "left"))


def _player_name(obs: dict, seat: int, me: int, you: str) -> Text:
    """The seat's name, marked ▶ when it is to move and with `you` for the viewer."""
    name = Text(("▶ " if obs["to_move"] == seat else "  ") + seat_name(seat),
                style="bold green" if seat == me else "bold")
    suits = obs["players"][seat]["suits"]
    name.append(" ").append(suits, style="red" if suits[0] in RED_SUITS else "")
    return name.append(you) if seat == me else name


def _players(obs: dict, me: int) -> Table:
    grank = obs["guerrilla_rank"]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False, show_edge=False)
    for column, justify in PLAYER_COLUMNS:
        table.add_column(column, justify=justify)
    for p in obs["players"]:
        seat = p["seat"]
        name = _player_name(obs, seat, me, " (you)")
        if seat == me:
            hand = cards(p["hand"], grank)
        else:
            hand = Text(f"{p['hand_size']} card{'s' if p['hand_size'] != 1 else ''}")
            if p["hand"]:
                hand.append(" incl. ").append_text(cards(p["hand"], grank))
        discard = Text(f"{len(p['discard_pile'])}")
        if p["discard_pile"]:
            discard.append(": ").append_text(cards(p["discard_pile"], grank))
        table.add_row(name, hand, str(p["draw_pile"]), discard, _table_cell(p, me, grank),
                      _status(p), style=None if p["active"] else "dim")
    return table


def _hand(obs: dict, me: int) -> Panel:
    grank = obs["guerrilla_rank"]
    hand = obs["hand"]
    chips = Text("  ").join(Text("[ ").append_text(card(c, grank)).append(" ]") for c in hand) \
        if hand else Text("(empty)", style="dim")
    return Panel(chips, title="Your hand", title_align="left", expand=False, border_style="green")


def _last(obs: dict, me: int) -> Text | None:
    last = obs.get("last_skirmish")
    if not last:
        return None
    grank = obs["guerrilla_rank"]
    text = Text("Last skirmish: ", style="bold")
    winner = last["winner"]
    text.append(f"{_who(winner, me)} won" if winner is not None else "no winner")
    for seat, (shown, down, support) in enumerate(zip(last["shown"], last["face_down"], last["support"])):
        if shown or down:
            text.append(f"; {_who(seat, me)} ").append_text(
                cards([c for c in shown if c not in support], grank))
            if support:
                text.append(" supported by ").append_text(cards(support, grank))
            if down:
                text.append(" (face down ").append_text(cards(down, grank)).append(")")
    if last["removed"]:
        text.append("\n  lost to the war: ").append_text(cards(last["removed"], grank))
    if last["spoils"] and winner is not None:
        text.append(f"\n  spoils to {_who(winner, me)}: ").append_text(cards(last["spoils"], grank))
    return text


def render(obs: dict, seat: int) -> RenderableType:
    """The table as seat `seat` sees it: in full on a roomy console, else compact."""
    return BySize(lambda: _full(obs, seat), lambda: _compact(obs, seat))


def _compact(obs: dict, me: int) -> RenderableType:
    """The same table without frames, one row a player, long piles cut to a line: at 80×24 the
    board, the legal moves and the prompt fit on one screen with four players."""
    grank = obs["guerrilla_rank"]
    head = Text("WAR · ", style="bold")
    head.append(f"Skirmish {obs['skirmish']}/{obs['max_skirmishes']} · Guerrilla rank ")
    head.append(f"{grank} ({'2s' if grank == 2 else f'2s-{grank}s'})", style="bold yellow")
    head.append(f" · {obs['phase']}")
    if obs["to_move"] >= 0:
        head.append(" · to move: ").append(_who(obs["to_move"], me),
                                           style="bold green" if obs["to_move"] == me else "bold")
    parts: list[RenderableType] = [head, _promotion(obs, me), _compact_players(obs, me)]
    hand = Text("Your hand: ", style="bold").append_text(cards(obs["hand"], grank, "(empty)"))
    parts.append(hand.append("   ").append_text(legend(short=True)))
    loss = _loss(obs, me)
    if loss is not None:
        parts.append(loss)
    if obs["pot"]:
        parts.append(Text("In the skirmish: ", style="bold").append_text(cards(obs["pot"], grank)))
    last = _last(obs, me)
    if last is not None:
        parts.append(last)
    parts.append(Text(f"Removed ({len(obs['removed'])}): ", style="bold")
                 .append_text(cards(obs["removed"], grank, "empty")))
    if obs.get("winner") is not None:
        parts.append(Text(f"{_who(obs['winner'], me)} won the war!".capitalize(), style="bold green"))
    return Group(*parts)


def _compact_players(obs: dict, me: int) -> Table:
    grank = obs["guerrilla_rank"]
    table = Table(box=None, pad_edge=False, header_style="bold dim", padding=(0, 1))
    notes = [_status(p, short=True) for p in obs["players"]]
    status = max((len(line) for n in notes for line in n.plain.split("\n")), default=0)
    for column, justify in PLAYER_COLUMNS:
        table.add_column(column, justify=justify, no_wrap=True, overflow="ellipsis",
                         min_width={"player": 8, "hand": 7, "draw": 4, "in play": 12, "": status}.get(column),
                         max_width={"discard": 18, "": STATUS_WIDTH}.get(column))
    for p, note in zip(obs["players"], notes):
        seat = p["seat"]
        name = _player_name(obs, seat, me, " you")
        hand = Text(f"{p['hand_size']} card{'s' if p['hand_size'] != 1 else ''}")
        if p["hand"] and seat != me:
            hand.append(" incl. ").append_text(cards(p["hand"], grank))
        discard = Text(f"{len(p['discard_pile'])}")
        if p["discard_pile"]:
            discard.append(": ").append_text(cards(p["discard_pile"], grank))
        table.add_row(name, hand, str(p["draw_pile"]), discard, _table_cell(p, me, grank), note,
                      style=None if p["active"] else "dim")
    return table


def _full(obs: dict, seat: int) -> RenderableType:
    grank = obs["guerrilla_rank"]
    parts: list[RenderableType] = [_header(obs, seat), _promotion(obs, seat), _players(obs, seat)]
    loss = _loss(obs, seat)
    if loss is not None:
        parts.append(loss)
    if obs["pot"]:
        parts.append(Text("In the skirmish: ", style="bold").append_text(cards(obs["pot"], grank)))
    last = _last(obs, seat)
    if last is not None:
        parts.append(last)
    removed = obs["removed"]
    parts.append(Text(f"Removed pile ({len(removed)}): ", style="bold")
                 .append_text(cards(removed, grank, "empty")))
    if obs.get("winner") is not None:
        parts.append(Text(f"{_who(obs['winner'], seat)} won the war!".capitalize(), style="bold green"))
    parts.append(legend())
    board = Panel(Group(*parts), title=f"WAR: Guerrilla Tactics - {seat_name(seat)}'s view",
                  title_align="left", border_style="blue")
    return Group(board, _hand(obs, seat))


def changes(before: dict, after: dict, seat: int | None) -> list[str]:
    """What an action revealed that its own description does not say: cards turned face up,
    supports, the outcome of a skirmish, a promotion, eliminations (all public), told to
    `seat` (None: to an onlooker)."""
    lines = []
    # A spy's captor plays face up: the action itself already named that card.
    revealed = [f"{_who(b['seat'], seat)} {a['face_up']}"
                for b, a in zip(before["players"], after["players"])
                if a["face_up"] and a["face_up"] != b["face_up"] and not b["reveals_first"]]
    if revealed:
        lines.append("revealed: " + ", ".join(revealed))
    lines.extend(f"{_who(b['seat'], seat)} supports with {a['support']}"
                 for b, a in zip(before["players"], after["players"])
                 if a["support"] and a["support"] != b["support"] and b["seat"] != seat)
    last = after.get("last_skirmish")
    if after["skirmish"] != before["skirmish"] and last:
        won = f"{_who(last['winner'], seat)} won" if last["winner"] is not None else "nobody won"
        played = []
        for q, (shown, down, support) in enumerate(zip(last["shown"], last["face_down"], last["support"])):
            if shown or down:
                played.append(f"{_who(q, seat)} " + " ".join(c for c in shown if c not in support)
                              + (f" supported by {' '.join(support)}" if support else "")
                              + (f" + {' '.join(down)} face down" if down else ""))
        line = f"skirmish {before['skirmish']}: {won} ({'; '.join(played)})"
        if last["removed"]:
            line += "; lost to the war: " + " ".join(last["removed"])
        if last["spoils"]:
            line += "; spoils: " + " ".join(last["spoils"])
        lines.append(line)
    if after["guerrilla_rank"] != before["guerrilla_rank"]:
        lines.append(f"the Guerrilla rank rises to {after['guerrilla_rank']}")
    lines.extend(f"{_who(b['seat'], seat)} {'are' if b['seat'] == seat else 'is'} eliminated"
                 for b, a in zip(before["players"], after["players"]) if b["active"] and not a["active"])
    return lines


def outcome(obs: dict, returns: list[float], game) -> dict:
    """Why the war ended and what each player still owns (the last player with cards wins;
    at the skirmish limit the survivors share a draw)."""
    players = obs["players"]
    if obs["winner"] is not None:
        reason = f"every other player ran out of cards: {seat_name(obs['winner'])} is the last one left"
    elif any(p["active"] for p in players):
        reason = (f"the skirmish limit ({obs['max_skirmishes']}) was reached: the players still "
                  "in the war share a draw")
    else:
        reason = "the last players ran out of cards in the same skirmish: they share a draw"
    return {"reason": reason, "scores": [_holdings(p) for p in players]}


def _holdings(p: dict) -> tuple[str, str]:
    """A player's cards at the end: the total, and where they are."""
    if not p["active"]:
        return "0 cards", "eliminated"
    held = p["hand_size"] + p["draw_pile"] + len(p["discard_pile"])
    return f"{held} cards", f"hand {p['hand_size']}, draw pile {p['draw_pile']}, discard {len(p['discard_pile'])}"


# What the table shows, for `cards` (the reference): a symbol or word, what it means.
SYMBOLS = (
    ("♠ ♥ ♦ ♣", "the suits; each player plays one suit (two in the 2-player variant), beside their name"),
    ("▶", "the player to move"),
    ("hand", "your cards; another player's hand size, with the cards of it you have seen (incl.)"),
    ("draw", "cards left in the draw pile; when it is empty the discard pile is shuffled into it"),
    ("discard", "the discard pile, face up: where your spoils and recruits go"),
    ("up", "the card played face up in this skirmish; + the card supporting it"),
    ("down", "tie cards played face down: stakes only, turned over when the skirmish is settled"),
    ("tie hand", "the cards drawn to break a tie, one goes face up and one face down"),
    ("has chosen", "a secret choice made, revealed when everyone has chosen"),
    ("G played", "has played a Guerrilla: once everyone has, a promotion may be proposed"),
    ("draws 1", "supported in the last skirmish: refills the hand to one card, not two"),
    ("spy: reveals first", "captured a spy (a 7) last skirmish: must show a card before the others choose"),
    ("Removed", "cards lost to the war (Loss of Forces) or left by an eliminated player"),
)


def reference(game) -> RenderableType:
    """The cards and the table's symbols, for the `cards` command."""
    grank = 2
    cards_part = Table.grid(padding=(0, 2))
    cards_part.add_column(no_wrap=True)
    cards_part.add_column()
    cards_part.add_row(cards(["2♠", "3♠", "10♠", "J♠", "Q♠", "K♠", "A♠"], grank),
                       Text("ranks, low to high: aces are high; the highest card wins the skirmish"))
    cards_part.add_row(card("2♥", grank), Text(
        "a Guerrilla (underlined): every card from 2 up to the Guerrilla rank. The rank starts at 2 "
        "and rises by one with each accepted promotion (at most 6). Guerrillas all have the same "
        "value, below every other card; two Guerrillas make a pair. A skirmish with a Guerrilla "
        "in it loses half its cards, rounded down, to the war (Loss of Forces)"))
    cards_part.add_row(card("7♣", grank), Text(
        "a spy (magenta): a 7 shown face up is captured by the skirmish's winner, who must then "
        "reveal first in the next skirmish"))
    cards_part.add_row(Text("pair"), Text(
        "with support, two cards of equal rank beat every single card; otherwise the higher card counts"))
    symbols = symbol_table(SYMBOLS)
    return Group(Text("The cards", style="bold underline"), cards_part,
                 Text("On the table", style="bold underline"), symbols)
