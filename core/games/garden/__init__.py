"""Garden Guerrilla (2-4 players): the dexterity game, simulated (RULES.md beside this file)."""
from partisan.core.errors import OptionError
from partisan.core.game import GameInfo, Option, register
from partisan.core.games.garden.components import GAME_DATA
from partisan.core.games.garden.state import ACTIONS, CHANCE_IDS, new_state

PLAYS_PER_SEAT = 10         # two rounds of five cards (l.27-l.29)
DECISIONS_PER_PLAY = 4      # card, aim, orientation, and at most one follow-up


def _check(game) -> None:
    if game.options["first"] >= game.players:
        raise OptionError(f"option 'first' must be a seat below {game.players}")
    for q in range(4):
        name = game.options[f"hand{q}"]
        if name not in [h.name for h in game.data.noise.hands]:
            raise OptionError(f"option 'hand{q}': no hand {name!r} (hands: "
                              f"{', '.join(h.name for h in game.data.noise.hands)})")


INFO = register(GameInfo(
    name="garden",
    title="Garden Guerrilla",
    min_players=2,
    max_players=4,
    default_players=2,
    new_state=new_state,
    actions=ACTIONS,
    chance=CHANCE_IDS,
    max_branch=CHANCE_IDS.span("deal").stop,     # the hands node lists 252; landings are sampled
    data=GAME_DATA,
    return_bounds=(0.0, 1.0),
    utility_sum=1.0,
    max_game_length=lambda game: PLAYS_PER_SEAT * DECISIONS_PER_PLAY * game.players,
    check=_check,
    sampled_chance=True,
    summary="Throw, drop and place insect cards on a garden table to catch the others' insects, "
            "ants, toads and Goodies.",
    options=(
        Option("first", 0, "the seat that plays first (the rulebook: who was last in a garden)",
               minimum=0, maximum=3),
        *(Option(f"hand{q}", "average", f"P{q + 1}'s hand: novice, average or steady (how far its throws stray)")
          for q in range(4)),
        Option("own_cards_block", True, "an own card first on Snailper's or Rambee's line stops "
               "it (else own cards are transparent)"),
        Option("mushroom_face_up", True, "only face-up insects count for a mushroom (else "
               "every insect on the hat)"),                                      # l.47; l.61
        Option("firefly_toads", False, "Firefly's explosion catches toads (else toads fall only "
               "to ranged attacks: lines and Scrabblezooka)"),
    ),
))

__all__ = ["INFO", "GAME_DATA"]
