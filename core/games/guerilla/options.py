"""Guerilla's options: the rulebook's own (two Mercenaries, the ambush marker's maximum, several
rounds) and the other reading of each passage a table could read two ways. Every default is
the reading argued in RULES.md; the registration will pass `OPTIONS` to its GameInfo."""
from partisan.core.game import Option

OPTIONS = (
    Option("two_mercenaries", False, "two Mercenary markers with 4 or 6 players"),   # l.30
    Option("rounds", 1, "rounds to play, player scores summed", minimum=1, maximum=6),   # l.117
    Option("ambush_max", 3, "highest ambush marker a player may buy", choices=(3, 4)),   # l.78, l.80
    Option("policia_cost", 0, "actions a Policia attempt costs", choices=(0, 1)),   # l.136
    Option("air_assault_cost", "card", "Air Assault's action covers its attack, or the attack "
           "costs one more", choices=("card", "card_and_attack")),
    Option("leaderless_defenders", "several", "units the attacker names to defend a leaderless "
           "group", choices=("several", "one")),   # l.58
    Option("sideways_strength", False, "sideways units attacked under 'all units' add strength"),
    Option("draw_ends_turn", "any", "the turn ends after any draw, or only after a red card",
           choices=("any", "red")),   # l.95
    Option("informant_cancels_marker", False, "an Informant may cancel an ambush-marker ambush"),
    Option("atrocities", "double", "what the Atrocities use does; Press does the other",   # l.124
           choices=("double", "halve")),
    Option("assassin_points", "opposing", "an Assassin's kill scores for the faction opposed to "
           "the victim's, or for the player alone", choices=("opposing", "player")),
    Option("chance_arms_cache", True, "the attacker's Arms Cache counts for 'no chance of "
           "success', as his Ambush does"),
    Option("turn_limit", 300, "turns after which a round ends as if by sudden death (no rule "
           "forces a draw)", minimum=60, maximum=2000),
    Option("joint_ambush", "infantry", "in an Armor Column's joint attack the attacker's Ambush "
           "may serve the infantry, or only the defender plays Ambush",   # l.120
           choices=("infantry", "defender")),
    Option("ambush_single", "with_leader", "the single defender an attacker's Ambush selects "
           "keeps its leader's modifier, or defends alone",   # l.67, l.121, l.120
           choices=("with_leader", "alone")),
    Option("armor_repeat", "may", "after each attack of an Armor Column's series that eliminates "
           "a card it may attack again, or must", choices=("may", "must")),   # l.121
    Option("second_deck_revolution", "shuffled", "5-6 players: the Revolution in the second deck",
           choices=("shuffled", "removed")),   # l.101
)
