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


def _click(driver: Any, by: str, what: str) -> None:
    """Click what ``by`` finds, once the page has stopped redrawing it (an element found an
    instant before a redraw is stale by the time it is clicked)."""
    _wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, by).click() or True, what)


def _attribute(driver: Any, by: str, name: str, what: str) -> str:
    """An attribute of what ``by`` finds, read again if the page redrew it meanwhile."""
    value: str = _wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, by).get_attribute(name), what)
    return value


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
        _click(browser, "button[data-step='{\"end_phase\":true}']", "the end of the phase")
        _wait(browser, lambda d: "German Panzer Movement Phase" in _bar(d), "the Panzer Movement Phase")

        # an infantry corps may not move now: the server refuses, and the page says why
        _click(browser, 'image[data-unit="VI"]', "VI")
        _click_hex(browser, "0101")  # an empty hex
        message = _wait(
            browser, lambda d: d.find_element(By.CSS_SELECTOR, "#message.refused"), "the refusal on screen"
        )
        assert "How to Play" in message.text and "VI may not move" in message.text
        assert "step 1 " in _bar(browser) + " "

        # a panzer corps: its reachable hexes light up, and one is taken
        assert _wait(browser, lambda d: d.find_element(By.ID, "undo").is_displayed(), "undo")  # no die rolled
        home = _attribute(browser, 'image[data-unit="LVI"]', "data-space", "LVI's hex")
        target = _move(browser, "LVI", 2)

        # the move rolled no die: it is taken back (by the server), and made again
        _click(browser, "#undo", "undo")
        _wait(browser, lambda d: "step 1 " in _bar(d) + " ", "the undo")
        assert _attribute(browser, 'image[data-unit="LVI"]', "data-space", "LVI's hex") == home
        assert _move(browser, "LVI", 2) == target
        browser.save_screenshot(str(tmp_path / "moved.png"))

        # on to the combat phase (the other panzers stay), an attack, and whatever it asks
        _click(browser, "button[data-step='{\"end_phase\":true}']", "the end of the phase")
        _wait(browser, lambda d: "German Combat Phase" in _bar(d), "the Combat Phase")
        # an attack is declared first: the engine's odds and column show, and nothing is sent
        words = _wait(
            browser, lambda d: d.find_element(By.CSS_SELECTOR, 'button[data-step*="attack"]').text, "attack"
        )
        _click(browser, 'button[data-step*="attack"]', "the attack")
        odds = _wait(browser, lambda d: d.find_element(By.ID, "odds"), "the declared attack")
        assert odds.text == words and " to " in odds.text  # the totals, as the engine words them
        _click(browser, "#cancel", "cancel")
        _wait(browser, lambda d: not d.find_elements(By.ID, "odds"), "the attack called off")
        assert "step 3 " in _bar(browser) + " "
        _click(browser, 'button[data-step*="attack"]', "the attack")
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
        shown = _wait(browser, lambda d: [d.find_element(By.ID, "undo").is_displayed()], "undo")
        assert shown == [False]  # the attack rolled a die
        log = _wait(browser, lambda d: [d.find_element(By.ID, "log").text], "the log")[0]
        assert "attack" in log.lower() or "roll" in log.lower()
        shot = GALLERY if os.environ.get("WGC_UPDATE_GALLERY") else tmp_path / GALLERY.name
        browser.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000


def _move(browser: Any, unit: str, step: int) -> str:
    """Select ``unit``, take the first hex lit for it, and wait for the game's ``step``."""
    _click(browser, f'image[data-unit="{unit}"]', unit)
    lit = _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "circle.reach"), "the reachable hexes")
    assert len(lit) >= 2
    target = _attribute(browser, "circle.reach", "data-hex", "the first reachable hex")
    _click_hex(browser, target)
    _wait(browser, lambda d: f"step {step} " in _bar(d) + " ", "the move")
    assert _attribute(browser, f'image[data-unit="{unit}"]', "data-space", unit) == target
    return target


def _stale(element: Any) -> bool:
    try:
        element.is_enabled()
    except Exception:
        return True
    return False
