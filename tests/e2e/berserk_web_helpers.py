"""Playing Berserk from a seat's web page in headless Chromium, as a person would: reading what
the page offers (its buttons, the highlighted cells of the field, the budget left) and
clicking it — a deck, the cards of a squad, the cells of a placement, then a creature on the
field and where it moves or whom it strikes. Nothing here asks the engine what is legal."""

from __future__ import annotations

import json
import random
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement

from tests.e2e.browser import ready, run, until

READ = """
const board = document.getElementById('board');
const q = (s) => Array.from(board.querySelectorAll(s));
const composer = board.querySelector('[data-composer]');
return {
  version: Number(document.body.dataset.version ?? -1),
  over: document.body.dataset.over === '1',
  key: board.querySelector('.bz-controls')?.dataset.key ?? null,
  composer: composer ? composer.dataset.composer : null,
  decks: q('.bz-deck [data-action]').map((e) => e.dataset.action),
  buttons: q('.bz-controls > .buttons [data-action]').map((e) => e.dataset.action),
  choices: q('[data-choice]').map((e) => e.textContent.trim()),
  options: q('.bz-options button').map((e) => ({
    label: e.textContent, action: e.dataset.action ?? null, step: e.dataset.step ?? null,
    back: e.hasAttribute('data-back'), kind: e.dataset.kind ?? ''
  })),
  targets: q('.bz-cell.bz-target').map((e) => ({cell: e.dataset.cell, mark: e.dataset.mark})),
};
"""


def read(driver: webdriver.Chrome) -> dict[str, Any]:
    """What the page offers now."""
    found: dict[str, Any] = driver.execute_script(READ)
    return found


def cell(driver: webdriver.Chrome, name: str) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, f'#board .bz-cell[data-cell="{name}"]')


def button(driver: webdriver.Chrome, selector: str) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, f"#board {selector}")


def click(driver: webdriver.Chrome, element: WebElement) -> None:
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


async def press_cell_by_keys(driver: webdriver.Chrome, start: str, goal: str) -> None:
    """Focus the cell ``start``, walk to ``goal`` with the arrow keys and press Enter."""
    first = await run(cell, driver, start)
    await run(driver.execute_script, "arguments[0].focus()", first)
    where = await run(
        lambda: (int(first.get_attribute("data-row") or 0), int(first.get_attribute("data-col") or 0))
    )
    target = await run(cell, driver, goal)
    to = await run(
        lambda: (int(target.get_attribute("data-row") or 0), int(target.get_attribute("data-col") or 0))
    )
    keys = [Keys.ARROW_DOWN if to[0] > where[0] else Keys.ARROW_UP] * abs(to[0] - where[0])
    keys += [Keys.ARROW_RIGHT if to[1] > where[1] else Keys.ARROW_LEFT] * abs(to[1] - where[1])
    active = await run(lambda: driver.switch_to.active_element)
    for key in keys:
        await run(active.send_keys, key)
        active = await run(lambda: driver.switch_to.active_element)
    assert await run(active.get_attribute, "data-cell") == goal
    await run(active.send_keys, Keys.ENTER)


async def sent(driver: webdriver.Chrome) -> None:
    await until(lambda: ready(driver), what="the move's answer")


# -- the set-up -----------------------------------------------------------------------------
def picks(driver: webdriver.Chrome) -> list[str]:
    """The copies of the deck's cards the recruitment offers (``C01.1`` …)."""
    found: list[str] = driver.execute_script(
        "return Array.from(document.querySelectorAll('#board [data-pick]'), (e) => e.dataset.pick)"
    )
    return found


def pick(driver: webdriver.Chrome, value: str) -> None:
    """Click a card of the recruitment (found afresh: the board may have been drawn again)."""
    click(driver, button(driver, f'[data-pick="{value}"]'))


def picked(driver: webdriver.Chrome, value: str) -> bool:
    return button(driver, f'[data-pick="{value}"]').get_attribute("aria-pressed") == "true"


async def recruit_within_budget(driver: webdriver.Chrome, chooser: random.Random) -> list[str]:
    """Click the deck's cards in a random order, taking back any that overspends the budget,
    then Recruit; the cards picked, in order."""
    values = await run(picks, driver)
    chooser.shuffle(values)

    def left() -> tuple[int, int]:
        gold = button(driver, '[data-left="gold"]').text
        silver = button(driver, '[data-left="silver"]').text
        return int(gold), int(silver)

    for value in values:
        if await run(picked, driver, value):
            continue  # picked before (and kept across a redraw)
        await run(pick, driver, value)
        if min(await run(left)) < 0:
            await run(pick, driver, value)  # too dear now: taken back
    chosen: list[str] = await run(
        driver.execute_script,
        "return Array.from(document.querySelectorAll('#board [data-pick][aria-pressed=true]'))"
        ".sort((a, b) => a.dataset.order - b.dataset.order).map((e) => e.dataset.card)",
    )
    await run(click, driver, await run(button, driver, '[data-send="recruit"]'))
    await sent(driver)
    return chosen


async def place_squad(driver: webdriver.Chrome, chooser: random.Random) -> None:
    """Put each card of the squad, in card order, on a cell of one's half picked at random
    (the last one in the reserve when the squad is large), then Place."""
    members = await run(driver.find_elements, By.CSS_SELECTOR, "#board .bz-member")
    cells = [t["cell"] for t in read(driver)["targets"] if t["mark"] == "place"]
    spots = chooser.sample(cells, len(members))
    for number, spot in enumerate(spots, 1):
        if number == len(members) and number > 3:
            await run(click, driver, await run(button, driver, "[data-place-reserve]"))
        else:
            await run(click, driver, await run(cell, driver, spot))
    await run(click, driver, await run(button, driver, '[data-send="place"]'))
    await sent(driver)


# -- play ---------------------------------------------------------------------------------------
async def act_in_play(driver: webdriver.Chrome, chooser: random.Random, *, keyboard: bool = False) -> str:
    """One move of the play phase as a person makes it: on the main phase one of his creatures
    clicked on the field, then an enemy to strike if one is marked, else often a cell to move
    to (with ``keyboard``, walked to with the arrow keys and picked with Enter), else another
    creature; End turn when none is worth it. In an answer window Pass; a defender, a card to
    bring or the triggers to queue by their steps, or the one button there is. Returns the
    kind of move made."""
    shown = await run(read, driver)
    kinds = [json.loads(a)["kind"] for a in shown["buttons"]]
    if shown["composer"] != "path":
        (only,) = kinds  # nothing to bring, nothing to queue
        await _button(driver, only)
        return only
    units = [o["step"] for o in shown["options"] if o["kind"] == "unit"]
    if "end_turn" in kinds:
        chooser.shuffle(units)
        for start in units:
            await run(click, driver, await run(cell, driver, start))
            now = await run(read, driver)
            strikes = [t["cell"] for t in now["targets"] if t["mark"] == "strike"]
            moves = [t["cell"] for t in now["targets"] if t["mark"] == "move"]
            goal = chooser.choice(strikes) if strikes else chooser.choice(moves) if moves else None
            if goal is not None and (strikes or chooser.random() < 0.6):
                if keyboard:
                    await press_cell_by_keys(driver, start, goal)
                else:
                    await run(click, driver, await run(cell, driver, goal))
                await sent(driver)
                return ("strike" if strikes else "move") + (" by keys" if keyboard else "")
            await run(click, driver, await run(button, driver, ".bz-options [data-back]"))
        await _button(driver, "end_turn")
        return "end_turn"
    if "pass" in kinds:
        await _button(driver, "pass")
        return "pass"
    for _ in range(8):  # each step's first option, until one sends the move
        now = await run(read, driver)
        option = now["options"][0]
        await run(
            click, driver, (await run(driver.find_elements, By.CSS_SELECTOR, "#board .bz-options button"))[0]
        )
        if option["action"] is not None:
            await sent(driver)
            return str(json.loads(option["action"])["kind"])
    raise AssertionError(f"no move was made on the page: {shown}")


async def _button(driver: webdriver.Chrome, kind: str) -> None:
    """Click the page's button of the move of that kind."""
    found = await run(driver.find_elements, By.CSS_SELECTOR, "#board .bz-controls > .buttons [data-action]")
    for element in found:
        if json.loads(await run(element.get_attribute, "data-action"))["kind"] == kind:
            await run(click, driver, element)
            await sent(driver)
            return
    raise AssertionError(f"no button for {kind}")


async def play_from_page(driver: webdriver.Chrome, chooser: random.Random, *, keyboard: bool = False) -> str:
    """The seat's next move, whatever its decision, made on the page; what was done."""
    shown = await run(read, driver)
    assert shown["key"] is not None, f"no controls on the page: {shown}"
    if shown["decks"]:
        deck = await run(button, driver, ".bz-deck [data-action]")
        if keyboard:
            await run(driver.execute_script, "arguments[0].focus()", deck)
            await run(deck.send_keys, Keys.ENTER)
        else:
            await run(click, driver, deck)
        await sent(driver)
        return "deck"
    if shown["composer"] == "recruit":
        return "recruit " + " ".join(await recruit_within_budget(driver, chooser))
    if shown["composer"] == "place":
        await place_squad(driver, chooser)
        return "place"
    if any('"choose_seat"' in b for b in shown["buttons"]):
        await run(click, driver, await run(button, driver, ".bz-controls [data-action]"))
        await sent(driver)
        return "seat"
    return await act_in_play(driver, chooser, keyboard=keyboard)
