"""wgc serve played in a real browser: Debian's headless Chromium, driven by Selenium through
Debian's chromium-driver. Battle for Moscow's first moves from the lobby: the Replacement Phase
ended, an infantry corps refused in the Panzer Movement Phase (on screen, with its rule), a panzer
corps moved to a lit hex, taken back (undo) and moved again, an attack declared (its odds shown,
called off, declared again and sent) and its questions answered. A screenshot is kept
in docs/gallery/ (written there when WGC_UPDATE_GALLERY is set; else in the test's folder).

The test needs chromium and chromium-driver (.ci/run installs them); where they are missing it
is skipped, except in CI, where it fails.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.serve_process import free_port, served

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
GALLERY = ROOT / "docs" / "gallery" / "serve-battle-for-moscow.png"
WAIT = 60

if CHROMIUM is None or DRIVER is None:
    if os.environ.get("CI"):
        raise RuntimeError(
            "the browser test needs Debian's chromium and chromium-driver: .ci/run installs them"
        )
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None and DRIVER is not None
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'chromium'}",
        "--window-size=1400,1000",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    try:
        yield driver
    finally:
        driver.quit()  # ends the driver and the browser it started


def _bar(driver: Any) -> str:
    text: str = driver.find_element(By.ID, "bar").text
    return text


def _wait(driver: Any, test: Any, what: str) -> Any:
    passing = (StaleElementReferenceException, NoSuchElementException)  # the page is being redrawn
    return WebDriverWait(driver, WAIT, ignored_exceptions=passing).until(
        test, message=f"waited {WAIT} s for {what}"
    )


def _click_hex(driver: Any, space: str) -> None:
    """A click on the board at the centre of ``space`` (the page's own layout of the board)."""
    x, y, width, height = driver.execute_script(
        """const board = document.getElementById("board");
        const [x, y] = layout.spaces[arguments[0]];
        const p = new DOMPoint(x, y).matrixTransform(board.getScreenCTM());
        const box = board.getBoundingClientRect();
        return [p.x - box.left, p.y - box.top, box.width, box.height];""",
        space,
    )
    board = driver.find_element(By.ID, "board")
    ActionChains(driver).move_to_element_with_offset(
        board, int(x - width / 2), int(y - height / 2)
    ).click().perform()


def test_battle_for_moscow_first_moves_in_a_browser(tmp_path: Path, browser: Any) -> None:
    port = free_port()
    with served(tmp_path / "data", port):
        browser.get(f"http://127.0.0.1:{port}/")
        start = _wait(
            browser,
            lambda d: d.find_element(
                By.CSS_SELECTOR, 'button[data-scenario="operation-typhoon"][data-seats="hot-seat"]'
            ),
            "the lobby",
        )
        start.click()
        _wait(browser, lambda d: "German Replacement Phase" in _bar(d), "the game")
        browser.find_element(By.CSS_SELECTOR, "button[data-step='{\"end_phase\":true}']").click()
        _wait(browser, lambda d: "German Panzer Movement Phase" in _bar(d), "the Panzer Movement Phase")

        # an infantry corps may not move now: the server refuses, and the page says why
        browser.find_element(By.CSS_SELECTOR, 'image[data-unit="VI"]').click()
        _click_hex(browser, "0101")  # an empty hex
        message = _wait(
            browser, lambda d: d.find_element(By.CSS_SELECTOR, "#message.refused"), "the refusal on screen"
        )
        assert "How to Play" in message.text and "VI may not move" in message.text
        assert "step 1 " in _bar(browser) + " "

        # a panzer corps: its reachable hexes light up, and one is taken
        assert browser.find_element(By.ID, "undo").is_displayed()  # ending the phase rolled no die
        home = browser.find_element(By.CSS_SELECTOR, 'image[data-unit="LVI"]').get_attribute("data-space")
        target = _move(browser, "LVI", 2)

        # the move rolled no die: it is taken back (by the server), and made again
        browser.find_element(By.ID, "undo").click()
        _wait(browser, lambda d: "step 1 " in _bar(d) + " ", "the undo")
        back = browser.find_element(By.CSS_SELECTOR, 'image[data-unit="LVI"]')
        assert back.get_attribute("data-space") == home
        assert _move(browser, "LVI", 2) == target
        browser.save_screenshot(str(tmp_path / "moved.png"))

        # on to the combat phase (the other panzers stay), an attack, and whatever it asks
        browser.find_element(By.CSS_SELECTOR, "button[data-step='{\"end_phase\":true}']").click()
        _wait(browser, lambda d: "German Combat Phase" in _bar(d), "the Combat Phase")
        # an attack is declared first: the engine's odds and column show, and nothing is sent
        attack = browser.find_element(By.CSS_SELECTOR, 'button[data-step*="attack"]')
        words = attack.text
        attack.click()
        odds = _wait(browser, lambda d: d.find_element(By.ID, "odds"), "the declared attack")
        assert odds.text == words and " to " in odds.text  # the totals, as the engine words them
        browser.find_element(By.ID, "cancel").click()
        _wait(browser, lambda d: not d.find_elements(By.ID, "odds"), "the attack called off")
        assert "step 3 " in _bar(browser) + " "
        browser.find_element(By.CSS_SELECTOR, 'button[data-step*="attack"]').click()
        _wait(browser, lambda d: d.find_element(By.ID, "commit"), "the declared attack").click()
        _wait(
            browser,
            lambda d: "step 4 " in _bar(d) + " " or d.find_elements(By.CSS_SELECTOR, "button[data-answer]"),
            "the attack",
        )
        for _ in range(5):
            answers = browser.find_elements(By.CSS_SELECTOR, "button[data-answer]")
            if not answers:
                break
            answers[0].click()
            _wait(browser, lambda d, before=answers[0]: _stale(before), "the answer")
        _wait(browser, lambda d: "step 4 " in _bar(d) + " ", "the attack's result")
        assert not browser.find_element(By.ID, "undo").is_displayed()  # the attack rolled a die
        log = browser.find_element(By.ID, "log").text
        assert "attack" in log.lower() or "roll" in log.lower()
        shot = GALLERY if os.environ.get("WGC_UPDATE_GALLERY") else tmp_path / GALLERY.name
        browser.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000


def _move(browser: Any, unit: str, step: int) -> str:
    """Select ``unit``, take the first hex lit for it, and wait for the game's ``step``."""
    browser.find_element(By.CSS_SELECTOR, f'image[data-unit="{unit}"]').click()
    lit = _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "circle.reach"), "the reachable hexes")
    assert len(lit) >= 2
    target: str = lit[0].get_attribute("data-hex")
    _click_hex(browser, target)
    _wait(browser, lambda d: f"step {step} " in _bar(d) + " ", "the move")
    moved = browser.find_element(By.CSS_SELECTOR, f'image[data-unit="{unit}"]')
    assert moved.get_attribute("data-space") == target
    return target


def _stale(element: Any) -> bool:
    try:
        element.is_enabled()
    except Exception:
        return True
    return False
