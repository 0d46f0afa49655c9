"""What a request to the web table names: a route's parameters and the query string, each as
strict as it may be (aiohttp hands them as text), and the language a page speaks.

Every number in an address is ASCII digits: ``int`` and a regular expression's digit class
would read any Unicode digit (``١``), which signing and comparing cannot take.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.i18n import FALLBACK, language_of

MAX_ID = 2**63 - 1
PICTURE = r"[A-Za-z0-9_.-]{1,64}\.png"
QUALITY = re.compile(r"[01](\.[0-9]{0,3})?")
"""An Accept-Language weight: ``float`` would read any Unicode digit, and ``nan``."""


class PathParams(BaseModel):
    """A route's parameters, each as strict as the route allows."""

    model_config = ConfigDict(extra="forbid")
    game: int = Field(ge=1, le=MAX_ID)
    seat: int | None = Field(None, ge=0, le=31)
    version: int | None = Field(None, ge=0, le=10**9)
    move: int | None = Field(None, ge=0, le=10**6)
    name: str | None = Field(None, pattern=f"^{PICTURE}$")


class Query(BaseModel):
    """The query string: ``lang`` and the replay's ``move``; anything else is ignored."""

    model_config = ConfigDict(extra="ignore")
    lang: str | None = Field(None, pattern=r"^[A-Za-z]{2}(-[A-Za-z0-9]{1,8})?$")
    move: int | None = Field(None, ge=0, le=10**6)

    @field_validator("move", mode="before")
    @classmethod
    def _ascii(cls, value: Any) -> Any:
        if isinstance(value, str) and not re.fullmatch(r"[0-9]{1,7}", value):
            raise ValueError("not a number")
        return value


def choose_lang(query: Query, accept: str) -> str:
    """``?lang=`` when we have it, else the best of Accept-Language we have, else English."""
    if query.lang is not None and (found := language_of(query.lang)) is not None:
        return found
    ranked: list[tuple[float, int, str]] = []
    for n, part in enumerate(accept.split(",")[:20]):
        code, _, weight = part.strip().partition(";q=")
        if weight and not QUALITY.fullmatch(weight):
            continue
        q = float(weight) if weight else 1.0
        found = language_of(code.strip()) if code.strip() else None
        if found is not None and q > 0:
            ranked.append((-q, n, found))
    return min(ranked)[2] if ranked else FALLBACK
