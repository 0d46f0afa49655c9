"""Each Hobbit player's own settings, stored per person (``Repository.player_settings``) and
set with ``/hobbit`` (``commands.py``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

AUTOPASS = "autopass"


class HobbitSettings(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    autopass: bool = False
    """H6.5: the bot passes a Smaug window for the player whenever he holds no Treasury card
    he could play in it (his passing that quickly tells the table so: the rules accept it)."""
