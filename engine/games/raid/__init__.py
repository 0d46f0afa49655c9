"""Raid: a two-player hidden-map duel on a 10 × 10 city (``docs/rules/raid.md``)."""

from engine.core.registry import register
from engine.games.raid.actions import Guess, LeaveKit, Move, Place, PlaceRandom, TerroristSpot, UseKit
from engine.games.raid.rules import RAID, Raid
from engine.games.raid.scenarios import SCENARIOS, Scenario
from engine.games.raid.state import (
    Encounter,
    Fight,
    Hazard,
    Kit,
    PlaceObjects,
    RaidOptions,
    RaidState,
    Scout,
    Walk,
)
from engine.games.raid.view import RaidView

register(RAID)

__all__ = [
    "RAID",
    "SCENARIOS",
    "Encounter",
    "Fight",
    "Guess",
    "Hazard",
    "Kit",
    "LeaveKit",
    "Move",
    "Place",
    "PlaceObjects",
    "PlaceRandom",
    "Raid",
    "RaidOptions",
    "RaidState",
    "RaidView",
    "Scenario",
    "Scout",
    "TerroristSpot",
    "UseKit",
    "Walk",
]
