"""Headless Chromium (Debian's ``chromium`` with its ``chromium-driver``) driven by Selenium,
for the web table's browser tests. A missing browser fails the tests: nothing is skipped.

Selenium's calls block, and the bot under SimCord shares the test's event loop (the web table
asks storage through it), so every call runs on a thread (``run``) while the loop serves."""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import Callable
from typing import Any, TypeVar

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

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


async def until(check: Callable[[], T], *, timeout: float = 10.0, what: str = "") -> T:
    """``check()`` (run on a thread) once it returns something true; fails after ``timeout``."""
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
