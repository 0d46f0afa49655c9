"""Headless Chromium (Debian's ``chromium`` with its ``chromium-driver``) driven by Selenium,
for the web table's browser tests. A missing browser fails the tests: nothing is skipped.

Selenium's calls block, and the bot under SimCord shares the test's event loop (the web table
asks storage through it), so every call runs on a thread (``run``) while the loop serves."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from collections.abc import Callable
from typing import Any, TypeVar

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

T = TypeVar("T")

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = "chromedriver"


def start_browser(width: int = 1000, height: int = 900) -> webdriver.Chrome:
    binary = next((found for name in CHROMIUM if (found := shutil.which(name))), None)
    driver = shutil.which(DRIVER) or "/usr/lib/chromium/chromedriver"
    if binary is None:
        raise RuntimeError("the browser tests need Chromium: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={width},{height}",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--lang=en-US",
    ):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(executable_path=driver))


async def run(call: Callable[..., T], *args: Any) -> T:
    return await asyncio.to_thread(call, *args)


async def until(check: Callable[[], T], *, timeout: float = 30.0, what: str = "") -> T:
    """``check()`` (run on a thread) once it returns something true; fails after ``timeout``,
    which is long because a computer's move and a page's answer can take seconds on a machine
    busy with other work; a check that holds returns at once."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        try:
            last = await run(check)
        except Exception as error:  # the page is still loading: an element not there yet
            last = error
        if last and not isinstance(last, Exception):
            return last
        await asyncio.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what or check}: last {last!r}")


def text_of(driver: webdriver.Chrome, element_id: str) -> str:
    return str(driver.execute_script(f"return document.getElementById({element_id!r})?.innerText ?? ''"))


# -- playing from a page ------------------------------------------------------------------------
def page_version(driver: webdriver.Chrome) -> int:
    """The version of the game the page shows (``-1`` before its first board)."""
    return int(driver.execute_script("return Number(document.body.dataset.version ?? -1)"))


def controls(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """The actions of every move control on the board, in page order."""
    found = driver.execute_script(
        "return Array.from(document.querySelectorAll('#board [data-action]'), e => e.dataset.action)"
    )
    return [json.loads(text) for text in found]


def ready(driver: webdriver.Chrome) -> bool:
    """Whether the page is idle: no move on its way."""
    return not driver.execute_script("return document.body.dataset.sending === '1'")


def notice_text(driver: webdriver.Chrome) -> str:
    return text_of(driver, "notice")


async def play_control(driver: webdriver.Chrome, action: dict[str, Any], *, keyboard: bool = False) -> None:
    """Make the move of the control for ``action``: clicked, or (``keyboard``) focused and
    Enter pressed; waits until the page has its answer."""
    shown = await run(controls, driver)
    if action not in shown:
        raise AssertionError(f"no control for {action} on the page: {shown}")
    elements = await run(driver.find_elements, By.CSS_SELECTOR, "#board [data-action]")
    found = elements[shown.index(action)]
    if keyboard:
        await run(driver.execute_script, "arguments[0].focus()", found)
        await run(found.send_keys, Keys.ENTER)
    else:
        await run(found.click)
    await until(lambda: ready(driver), what="the move's answer")
