"""The parts an action is made of, bounded: what a player sends is read by ``Game.parse_action``
into the game's action types, and every number, text and list in them carries a bound taken
from the game's data in its annotation (``Field(ge=…, le=…)``, ``max_length``). Input outside
the bounds is refused there with ``BadAction``, before a rule converts it to text, counts to it
or indexes with it: a number of 5,000 digits cannot even be written in a message.

The contract tests read each game's action schema and require a bound on every number, text,
list and mapping in it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BeforeValidator


def _whole(value: Any) -> Any:
    """``true`` and ``false`` are not numbers a player gives, though Python counts them as 1 and 0."""
    if isinstance(value, bool):
        raise ValueError("a number is needed, not true or false")
    return value


WHOLE = BeforeValidator(_whole)
"""Put in every integer field of an action, after its bounds so that its schema shows them
(``Annotated[int, Field(ge=…, le=…), WHOLE]``): a boolean is refused rather than read as 1 or
0. Text of digits is still read (``"4"``), as typed forms give it."""
