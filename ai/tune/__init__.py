"""Calibrating the difficulty presets of one game by measured win rates (`partisan tune`).

How and why it works so is told in docs/bots.md ("How `partisan tune` calibrates a game" and
"Lab notes on the calibration"). One job a module:

- model: the targets, the records of matches and rungs, the grid of budgets;
- measure: playing matches with the arena runner (selection, confirmation, rollout depths);
- curve: the strength curve fitted to every match, and the rungs placed on it;
- survey: the calibration proper, from the survey to the confirmed ladder;
- run: one game's whole calibration, and storing its presets;
- report: the Markdown report and the strength curve's picture (drawn by partisan.ai.plots);
- redraw: that picture drawn again from a report already written.
"""
from partisan.ai.tune.curve import STEP_ELO, place, shaped_fit, strength_curve
from partisan.ai.tune.measure import ArenaMeasure, choose_rollout_depth, iterations_per_second, settle_depth
from partisan.ai.tune.model import (DEPTH_CANDIDATES, DEPTH_ITERATIONS, EARLY_STOP_LEVEL, EARLY_STOP_MIN_GAMES,
                                    MIN_ITERATIONS, NOVICE_VS_RANDOM, SELECTION_MARGIN, STEP_BAND, TARGET,
                                    TARGET_MID, Calibration, CurvePoint, DepthChoice, DepthTrial, Ladder, Match,
                                    Measure, Measurement, Rung, base_ladder, bot_spec, check_cap, check_knowledge,
                                    iteration_grid)
from partisan.ai.presets import GAMES_MARKER
from partisan.ai.tune.report import command_line, presets_on_curve, report, write_curve_svg, write_report
from partisan.ai.tune.run import run, write_presets
from partisan.ai.tune.survey import BLUNDER_RATES, calibrate
