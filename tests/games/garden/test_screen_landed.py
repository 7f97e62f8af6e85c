"""What Garden Guerrilla's table shows of the plays since your last: the lines a landed card
shot, on the screen and in the picture (l.N: line N of rules/garden_guerrilla.txt)."""
from __future__ import annotations

from partisan.cli.views import garden as view
from partisan.cli.views.garden_svg import svg
from partisan.core import load_game
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import HANDS, landing_id
from partisan.core.record import Match

RED, BLUE = 0, 1
SPOTS = [(700, 150), (300, 450), (180, 110), (560, 370), (840, 250)]   # mushroom, bush, toad, ants
HAND = ["Snailper", "Chemic", "Firefly", "Scrabblezooka", "Laserfly"]


def _game():
    """A match after a fixed set-up, Red to choose a card of HAND (Blue holds the same)."""
    game = load_game("garden", players=2)
    match = Match(game, 0)
    spots = iter(SPOTS)
    while match.state.observation(RED)["phase"] in ("element", "enemy"):
        match.apply(landing_id(*next(spots)))
    for _ in range(2):
        match.apply(HANDS.index(sum(1 << game.data.insect(n) for n in HAND)))
    return game, match


def _catching_play(match, card: int) -> None:
    """Play `card` (a placed one: it lands on its aim) at the first aim and orientation whose
    line catches something."""
    for aim in range(A.aim_grid, A.aim_grid + 64):
        trial = match.state.clone()
        trial.apply_action(A.card + card)
        trial.apply_action(aim)
        for item in trial.observation(RED)["preview"]:
            if item["caught"] and item["lines"]:
                for a in (A.card + card, aim):
                    match.apply(a)
                match.apply(trial.legal_actions()[trial.observation(RED)["preview"].index(item)])
                match.play_chance()
                return
    raise AssertionError("no catching play")


def _blue_plays(match) -> None:
    """Blue plays its first choice at every step, until Red chooses a card again."""
    while match.state.observation(RED)["phase"] != "card" or match.state.observation(RED)["to_move"] != RED:
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(match.state.legal_actions()[0])


def test_a_landed_cards_line_is_drawn_on_the_next_screen():
    """l.51 "Snailper: hits the first card in line of the crosshair": a placed card's line is
    drawn on the first table the player sees after it landed (as its explosion would be),
    in its owner's ink, so that the catch can be checked; and in the picture."""
    game, match = _game()
    _catching_play(match, game.data.insect("Snailper"))
    _blue_plays(match)
    obs = match.state.observation(RED)
    shots = [shot for shot in obs["shots"] if shot["seat"] == RED]
    assert shots and shots[0]["lines"], obs["shots"]
    board = view.Board(obs, *view.FULL_BOARD)
    board.draw()
    x0, y0, x1, y1 = shots[0]["lines"][0]
    cells = {board.cell(x0 + (x1 - x0) * k / 20, y0 + (y1 - y0) * k / 20) for k in range(21)} - {None}
    drawn = {(c, r) for c, r in cells if board.chars[r][c] == view.SHOT_MARK}
    assert drawn and all(board.styles[r][c].startswith(f"bold {view.SEAT_INK[RED]}") for c, r in drawn)
    assert len(drawn) >= len(cells - board.kept) // 2, (drawn, cells)
    assert 'class="shot-landed" data-seat="0"' in svg(obs)
    # once the player has gone on (the aim), the line is not drawn again
    match.apply(match.state.legal_actions()[0])
    assert match.state.observation(RED)["shots"] == []
