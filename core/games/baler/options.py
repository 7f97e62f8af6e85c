"""Heroes of Baler's options: the other reading of each passage a table could read two ways.
Every default is the reading argued in RULES.md ("Readings"); the registration will pass
`OPTIONS` to its GameInfo."""
from partisan.core.game import Option

OPTIONS = (
    # l.811 gives 1, l.141 gives 2
    Option("artillery_vp", 1, "VP for an artillery piece eliminated in an incursion (the rulebook "
           "gives 1 in one passage, 2 in another)", choices=(1, 2)),
    Option("territorial_leaders", True, "leaders may deploy to the territorial map with soldiers"),
    Option("artillery_in_incursions", False, "optional rule: artillery counts in an incursion's "
           "firepower"),
    Option("us_swap", "upkeep", "when the US replaces Spain on the territorial map: turn-3 upkeep "
           "or turn-4 attrition", choices=("upkeep", "attrition")),
    Option("territorial_morale", "per_die", "territorial combat: morale per die, or once per combat",
           choices=("per_die", "once")),
    Option("us_repulse", "occupy", "the Filipinos attack the US and lose: the US occupies the space "
           "they came from or stays where it was", choices=("occupy", "stay")),           # l.1404
    Option("foreign_morale", False, "Spanish morale may modify the foreign power's territorial dice"),
    Option("reserve_on", "not_disabled", "when a non-military leader may choose Activate or Reserve",
           choices=("not_disabled", "six")),
    Option("disabled_recovery", "next_turn", "when a disabled leader recovers",
           choices=("next_turn", "never")),
    Option("wall_vp", "artillery", "what scores 1 VP for walls reaching Destroyed",
           choices=("artillery", "any")),
    Option("trench_bonus", "every_upkeep", "the 8-trench bonus: every upkeep or once",
           choices=("every_upkeep", "once")),
    Option("wall_bonus", "best", "Spain's turn-6 wall bonus: best tier or both tiers",
           choices=("best", "cumulative")),
    Option("walls_end", "upkeep", "walls Destroyed in two areas end the game at upkeep or at once",
           choices=("upkeep", "immediate")),
    Option("no_troops_modifier", -1, "Filipino supply modifier with no troops on the territorial map",
           choices=(-1, 0)),
    Option("post_to_empty", True, "a movement may move a guard-post unit to an empty guard post"),
    Option("trench_manpower", "flanks", "manpower to build a trench: flanking posts or the whole area",
           choices=("flanks", "area")),
    Option("automa", False, "solo play: the Partisan automa's public priority deck, a card drawn at "
           "the start of each phase (`partisan solo baler --rules`)", in_title=False),
    Option("supply_artillery", False, "a Filipino supply roll of 6+ also brings a reserve artillery "
           "piece"),
)
