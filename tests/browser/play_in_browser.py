#!/usr/bin/env python3
"""`proven serve` in a real browser: Debian's chromium, headless, driven by Selenium.

Starts the server on a free loopback port, then for each game opens its page and plays as a
person would, by clicks and key presses: the stored solution wins, a move the engine refuses
shows its reason, a reload restores the position. Screenshots of every page go to --out.

    play_in_browser.py --proven build/release/src/cli/proven --data data --out build/release/screenshots
"""
import argparse
import os
import re
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import browser, check, failures, run, start_server

KEYS = {"U": Keys.ARROW_UP, "D": Keys.ARROW_DOWN, "L": Keys.ARROW_LEFT, "R": Keys.ARROW_RIGHT}


class Page:
    def __init__(self, driver, base, out):
        self.driver, self.base, self.out = driver, base, out

    def open(self, path):
        self.driver.get(self.base + path)
        self.wait(lambda d: d.execute_script("return document.readyState") == "complete")

    def wait(self, condition, seconds=10):
        return WebDriverWait(self.driver, seconds).until(condition)

    def status(self):
        return self.driver.find_element(By.ID, "status").text

    def feedback(self):
        return self.driver.find_element(By.ID, "feedback").text

    def moves_made(self):
        return self.driver.execute_script(
            "return (new URLSearchParams(location.search).get('moves') || '').split(';').filter(m => m).length")

    # Sends one move the way a player would, and waits until the page has drawn the answer.
    def act(self, do):
        do()
        try:
            self.wait(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-pending") == "0")
        except TimeoutException:
            check(False, "no answer to a move at " + self.driver.current_url)

    def click_move(self, move):
        element = self.driver.find_element(By.CSS_SELECTOR, '[data-move="%s"]' % move)
        self.act(lambda: webdriver.ActionChains(self.driver).move_to_element(element).click().perform())

    def press(self, key):
        self.act(lambda: webdriver.ActionChains(self.driver).send_keys(key).perform())

    def phase(self):
        return self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-phase")

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(self.out, name + ".png"))


def play_prism(page, proven, data):
    level = 30
    shown = run(proven, "prism", "show", os.path.join(data, "prism", "campaign.json"), "--item", str(level))
    taps = re.search(r"^solution: (.*)$", shown, re.M).group(1).split("; ")
    page.open("/prism/campaign/%d" % level)
    page.shot("prism-level")
    page.click_move(taps[0])
    check("taps 1" in page.status(), "prism: a tap is counted: " + page.status())
    page.driver.refresh()  # the URL keeps the moves: the position comes back
    page.wait(lambda d: page.status() != "")
    check("taps 1" in page.status(), "prism: a reload restores the taps: " + page.status())
    for tap in taps[1:]:
        page.click_move(tap)
    check(page.phase() == "won" and "Perfect" in page.status(), "prism: the solution wins: " + page.status())
    result = page.driver.find_element(By.ID, "result")
    check(result.is_displayed() and page.driver.find_element(By.ID, "result-title").text == "Perfect!",
          "prism: a win in par says Perfect! on its result panel: " + result.text)
    check(page.driver.find_element(By.ID, "result-next").is_displayed(), "prism: the result offers the next level")
    page.shot("prism-won")
    # A solved level takes no more taps: the engine's reason is shown.
    page.driver.execute_script("document.querySelector('#buttons').innerHTML = "
                               "'<button data-move=\"%s\">again</button>'" % taps[0])
    page.click_move(taps[0])
    check("already solved" in page.feedback(), "prism: a refused tap shows the engine's reason: " + page.feedback())
    # The win is kept in this browser: the level list marks it, offers to continue at the first
    # unsolved level, and forgets it all with one button.
    page.open("/prism/campaign")
    solved = page.driver.find_elements(By.CSS_SELECTOR, "a.level.solved")
    check([e.get_attribute("data-item") for e in solved] == [str(level)], "prism: the list marks the solved level")
    check("solved in %d, in par" % len(taps) in page.driver.find_element(By.CSS_SELECTOR, "a.level.solved").text,
          "prism: the list shows the best against par")
    cont = page.driver.find_element(By.ID, "continue")
    check(cont.text == "Continue: level 1" and cont.get_attribute("href").endswith("/prism/campaign/1"),
          "prism: continue goes to the first unsolved level: " + cont.text)
    page.driver.refresh()
    page.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "a.level.solved"))
    check(len(page.driver.find_elements(By.CSS_SELECTOR, "a.level.solved")) == 1, "prism: progress survives a reload")
    page.shot("prism-progress")
    page.driver.find_element(By.ID, "forget").click()
    page.driver.switch_to.alert.accept()
    check(not page.driver.find_elements(By.CSS_SELECTOR, "a.level.solved"), "prism: clearing forgets the progress")
    check(not page.driver.find_element(By.ID, "progress").is_displayed(), "prism: nothing solved, no progress line")


def play_tilt(page, proven, data):
    level = 5
    shown = run(proven, "tilt", "show", os.path.join(data, "tilt", "campaign.json"), "--item", str(level))
    tilts = re.search(r"solution ([UDLR]+)", shown).group(1)
    page.open("/tilt/campaign/%d" % level)
    page.shot("tilt-level")
    for tilt in tilts:
        page.press(KEYS[tilt])
    check(page.phase() == "won", "tilt: the solution wins by arrow keys: " + page.status())
    title = page.driver.find_element(By.ID, "result-title")
    check(title.is_displayed() and title.text in ("Perfect!", "Solved!"), "tilt: a win is said: " + title.text)
    page.shot("tilt-won")
    page.press(Keys.ARROW_UP)
    check("already cleared" in page.feedback(), "tilt: a tilt after the win is refused: " + page.feedback())
    page.driver.find_element(By.ID, "undo").click()
    page.wait(lambda d: page.phase() == "playing")
    check(page.phase() == "playing", "tilt: undo takes the winning tilt back")


def play_whodunnit(page, proven):
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "case.json")
        run(proven, "whodunnit", "generate", "--seed", "11", "--cast", "5", "--out", path)
        answer = re.search(r"Answer: suspect (\d+)", run(proven, "whodunnit", "solve", path)).group(1)
    page.open("/whodunnit?seed=11&cast=5")
    check("Accounts" in page.driver.find_element(By.ID, "rules").text, "whodunnit: the case text is on the page")
    page.act(lambda: page.driver.find_element(By.ID, "hint").click())
    check(page.feedback().startswith("Hint: "), "whodunnit: the hint button answers: " + page.feedback())
    page.click_move("mark 1 forename Basil yes")
    check("marked yes" in page.feedback(), "whodunnit: a notebook mark is the engine's: " + page.feedback())
    page.shot("whodunnit-case")
    page.click_move("accuse %s" % answer)
    check(page.phase() == "won", "whodunnit: accusing the murderer wins: " + page.status())
    page.shot("whodunnit-solved")
    # The designer grid, from the play page's link: switching a clue off and on again is the
    # solver's verdict changing and coming back.
    page.open("/whodunnit?seed=11&cast=5")
    page.driver.find_element(By.CSS_SELECTOR, "a.designer").click()
    page.wait(lambda d: d.find_elements(By.ID, "verdict"))
    verdict = lambda: page.driver.find_element(By.ID, "verdict").text
    check("determined, exactly one solution" in verdict(), "whodunnit grid: every clue on determines: " + verdict())
    check(len(page.driver.find_elements(By.CSS_SELECTOR, ".grid svg text")) > 50, "whodunnit grid: the cells are drawn")
    clues = len(page.driver.find_elements(By.CSS_SELECTOR, "li.switch"))
    page.driver.find_element(By.CSS_SELECTOR, '[data-switch="1"] a').click()
    page.wait(lambda d: verdict().startswith("%d of %d clues on" % (clues - 1, clues)))
    check(page.driver.find_element(By.CSS_SELECTOR, '[data-switch="1"]').get_attribute("class") == "switch off",
          "whodunnit grid: clue 1 is switched off")
    page.shot("whodunnit-grid")
    page.driver.find_element(By.CSS_SELECTOR, '[data-switch="1"] a').click()
    page.wait(lambda d: "determined, exactly one solution" in verdict())


def read_manual(page):
    page.open("/bomb/manual/4242")
    sections = page.driver.find_elements(By.CSS_SELECTOR, "section.page")
    modules = [s for s in sections if s.get_attribute("id") not in ("opening", "edgework", "glossary")]
    check(len(modules) == 14, "bomb: the manual shows 14 module sections, not %d" % len(modules))
    page.shot("bomb-manual")


def look_at_studio(page):
    page.open("/studio/tilt")
    points = page.driver.find_elements(By.CSS_SELECTOR, '[data-plot="par"] .point')
    check(len(points) == 130, "studio: the par plot has a point per level, not %d" % len(points))
    bits = page.driver.find_elements(By.CSS_SELECTOR, '[data-plot="bits"] .point')
    check(len(bits) == 130, "studio: the bits plot has a point per level, not %d" % len(bits))
    bars = page.driver.find_elements(By.CSS_SELECTOR, '[data-plot="tally"] rect')
    check(len(bars) > 13, "studio: the tally has bars for the 13 chapters")
    page.shot("studio-tilt")
    page.open("/studio/prism")
    page.shot("studio-prism")
    check(len(page.driver.find_elements(By.CSS_SELECTOR, '[data-plot="par"] .point')) == 240,
          "studio: prism's par plot has 240 points")
    page.open("/studio/whodunnit?seeds=1..4&cast=4")
    check(len(page.driver.find_elements(By.CSS_SELECTOR, '[data-plot="fact-3"] .point')) == 4,
          "studio: the whodunnit sample plots a dot per seed")
    page.shot("studio-whodunnit")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--proven", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    server, base = start_server(args.proven)
    driver = None
    try:
        driver = browser()
        page = Page(driver, base, args.out)
        page.open("/")
        page.shot("index")
        page.open("/prism/campaign")
        page.shot("prism-campaign")
        for name, play in (("prism", lambda: play_prism(page, args.proven, args.data)),
                           ("tilt", lambda: play_tilt(page, args.proven, args.data)),
                           ("whodunnit", lambda: play_whodunnit(page, args.proven)), ("bomb", lambda: read_manual(page)),
                           ("studio", lambda: look_at_studio(page))):
            started = time.time()
            try:
                play()
            except Exception as error:  # a broken page must not hide the other games' results
                check(False, "%s: %s: %s" % (name, type(error).__name__, str(error).splitlines()[0] if str(error) else ""))
            print("%s: %.1f s" % (name, time.time() - started), flush=True)
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)
    print("%d failure(s); screenshots in %s" % (len(failures), args.out))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
