#!/usr/bin/env python3
"""The Defuser's page (/bomb/play) in a real browser: Debian's chromium, headless, by Selenium.

- A full 14-module bomb is defused by real clicks and presses, in real time: the regular modules'
  moves and their moments come from the engine's own transcript (`proven bomb autoplay --log`),
  each made on the page when the page's clock reaches it (later when the browser is slow). What
  depends on when it is done is done as the Expert would say from the manual's tables (rule book
  JSON): the big button let go on its strip's digit, the vent answered, the dial turned to its
  lights' direction, the lever held once its meter passes 60% and let go when it is empty. The
  server verifies the run, the leaderboard shows it; tampered logs are refused and store nothing.
- An untouched bomb explodes from its needy module.
- The setup form deals the bomb it names.
Screenshots go to --out.

    defuse_in_browser.py --proven build/release/src/cli/proven --out build/release/screenshots
"""
import argparse
import json
import os
import sys
import tempfile
import time

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_support import browser, check, failures, run, start_server

RULE_SEED = 1
NEEDY = {"pressure-vent", "dial-alignment", "discharge-lever"}
TAP_MS = 400  # bomb.js: a shorter press of the big button is a tap
ACTION_MS = 250  # every action takes a quarter of a second
def autoplay_log(proven, tmp, bomb, *setup):
    path = os.path.join(tmp, f"autoplay-{bomb}.json")
    run(proven, "bomb", "autoplay", "--seed", str(RULE_SEED), "--bomb-seed", str(bomb), *setup, "--log", path)
    with open(path) as f:
        return json.load(f)


def pick_bomb(proven, tmp):
    """The first standard bomb with all three needy modules whose transcript holds the big button."""
    for bomb in range(1, 200):
        deal = json.loads(run(proven, "bomb", "deal", "--seed", str(RULE_SEED), "--bomb-seed", str(bomb), "--json"))
        ids = [m["id"] for m in deal["modules"]]
        if not {"pressure-vent", "dial-alignment", "discharge-lever", "big-button"} <= set(ids):
            continue
        log = autoplay_log(proven, tmp, bomb)
        if any(a["action"] == "hold" and ids[a["module"] - 1] == "big-button" for a in log["actions"]):
            return bomb, log, ids
    raise SystemExit("no bomb among 1..199 has the modules this test needs")


class BombPage:
    def __init__(self, driver, base):
        self.driver, self.base = driver, base

    def open(self, path):
        self.driver.get(self.base + path)
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def now(self):
        return self.js("return window.provenBomb.nowMs()")

    def wait_until_ms(self, at_ms):
        while True:
            left = at_ms - self.now()
            if left <= 0:
                return
            time.sleep(min(left, 200) / 1000.0)

    # Until the bomb clock shows `digit` with at least 300 ms before it changes (the release is
    # stamped when the pointer comes up, a few ms later).
    def wait_for_digit(self, digit):
        deadline = time.time() + 30
        while time.time() < deadline:
            shown = self.js("""const v = window.provenBomb.view(), c = v.clock, t = window.provenBomb.nowMs();
                const ms = c.timer_ms - Math.floor((t - c.since_ms) * (4 + c.strikes) / 4);
                return [Math.floor(Math.max(0, ms) / 1000), ms % 1000];""")
            seconds, fraction = shown
            text = f"{seconds // 60}:{seconds % 60:02d}"
            if digit in text and fraction > 300:
                return
            time.sleep(0.05)
        raise RuntimeError(f"the clock never showed a {digit}")

    def wait_idle(self):
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script("return window.provenBomb.idle()"))

    # The element that says `words` on module `module`, once the page has drawn it enabled.
    def target(self, module, words, press=None):
        selector = f'#module-{module} [data-press="{press}"]' if press else f'#module-{module} [data-words="{words}"]'

        def ready(d):
            found = d.find_elements(By.CSS_SELECTOR, selector)
            return found[0] if found and found[0].is_enabled() else False

        return WebDriverWait(self.driver, 10).until(ready)

    def click(self, module, words):
        for _ in range(5):
            try:
                self.target(module, words).click()
                return
            except StaleElementReferenceException:
                continue  # an answer redrew the module between finding and clicking
        raise RuntimeError(f"could not click {words} on module {module}")


class Expert:
    """What the Expert reads out of the manual for the parts of the bomb that depend on time: the
    Big Button's release digits and the needy modules' tables (rule book JSON, as the manual
    prints it). The Defuser's moves for everything else come from the engine's transcript."""

    def __init__(self, proven):
        book = json.loads(run(proven, "bomb", "manual", "--seed", str(RULE_SEED), "--format", "json"))
        rules = {m["id"]: m["rules"] for m in book.get("body", book)["modules"]}
        self.release_digits = rules["big-button"]["release_digit_by_strip"]
        self.vent = {p["prompt"]: p["answer"] for p in rules["pressure-vent"]["prompts"]}
        self.dial = {tuple(p["lights"]): p["direction"] for p in rules["dial-alignment"]["patterns"]}

    # Attends to every needy module that needs it now; True if it did something.
    def serve_needy(self, page):
        page.wait_idle()
        view = page.js("return window.provenBomb.view()")
        if view["end"] != "ticking":
            return False
        for m in view["modules"]:
            state = m["state"]
            if m["id"] == "pressure-vent" and not state["asleep"]:
                page.click(m["module"], "answer " + self.vent[state["prompt"]])
                return True
            if m["id"] == "dial-alignment" and not state["asleep"]:
                lights = tuple("".join("o" if on else "." for on in row) for row in state["lights"])
                if state["dial"] != self.dial[lights]:
                    page.click(m["module"], "turn dial")
                    return True
            if m["id"] == "discharge-lever" and m["live"]["meter_percent"] >= 60:
                ActionChains(page.driver).click_and_hold(page.target(m["module"], "hold", "lever")).perform()
                WebDriverWait(page.driver, 20).until(lambda d: d.execute_script(
                    """const v = window.provenBomb.view(), m = v.modules[arguments[0] - 1];
                    return m.state.held && m.live.charge_ms - m.live.drain_rate * (window.provenBomb.nowMs() - v.now_ms) <= 0;""",
                    m["module"]))
                time.sleep(0.1)
                ActionChains(page.driver).release().perform()
                return True
        return False


def defuse_by_the_transcript(page, bomb, log, ids, expert, out):
    page.open(f"/bomb/play?seed={RULE_SEED}&bomb={bomb}")
    check(not page.driver.find_elements(By.CSS_SELECTOR, 'a[href*="/bomb/manual"]'),
          "the Defuser's page links the manual")
    casing = page.driver.find_element(By.ID, "casing").text
    check(log["fingerprint"] in casing and f"manual {RULE_SEED}" in casing, f"the casing names manual and fingerprint: {casing}")
    check("12:00" in casing or ":" in casing, "the casing shows the timer")
    page.driver.find_element(By.ID, "start").click()
    # The regular modules' moves in the transcript's order, each when the page's clock reaches its
    # moment (later when the browser is slow); the needy modules attended whenever they need it.
    regular = [a for a in log["actions"] if ids[a["module"] - 1] not in NEEDY]
    released = set()
    screenshot_taken = False
    for i, a in enumerate(regular):
        while expert.serve_needy(page):
            pass
        page.wait_until_ms(a["at_ms"])
        while expert.serve_needy(page):
            pass
        if a["action"] == "release" and a["module"] in released:
            continue  # let go already, on the strip's digit
        if a["action"] == "hold":
            ActionChains(page.driver).click_and_hold(page.target(a["module"], "hold", "button")).perform()
            held_at = page.now()
            # As the Expert would say: the strip's colour gives the digit to let go on.
            strip = WebDriverWait(page.driver, 5).until(
                lambda d: d.execute_script("return window.provenBomb.view().modules[arguments[0] - 1].state.strip",
                                           a["module"]))
            if not screenshot_taken:
                page.driver.save_screenshot(os.path.join(out, "bomb-play-holding.png"))
                screenshot_taken = True
            page.wait_until_ms(held_at + TAP_MS + 50)  # a hold, not a tap
            page.wait_for_digit(str(expert.release_digits[strip]))
            ActionChains(page.driver).release().perform()
            released.add(a["module"])
            continue
        try:
            page.click(a["module"], a["action"])
        except (TimeoutException, RuntimeError):
            page.driver.save_screenshot(os.path.join(out, "bomb-play-stuck.png"))
            check(False, f"move {i + 1} ({a['action']} on module {a['module']}) cannot be made on the page: "
                  + page.driver.find_element(By.ID, "feedback").text)
            return None
    try:
        WebDriverWait(page.driver, 10).until(lambda d: d.find_element(By.ID, "result").is_displayed())
    except TimeoutException:
        check(False, "no result after the last move")
        return None
    page.driver.save_screenshot(os.path.join(out, "bomb-play-defused.png"))
    result = page.driver.find_element(By.ID, "result").text
    check("DEFUSED" in result and "0 strike(s)" in result, f"the bomb is defused without a strike: {result}")
    needy_done = page.js("""const ids = window.provenBomb.view().modules.map(m => m.id);
        return window.provenBomb.log().actions.filter(a => arguments[0].includes(ids[a.module - 1])).map(a => a.action);""",
                         sorted(NEEDY))
    print(f"needy actions on the page: {needy_done}", flush=True)
    played = page.js("return window.provenBomb.log().actions.length")
    check(played >= len(regular), f"the page logged {played} actions for the transcript's {len(regular)} regular ones")
    return page.js("""const v = window.provenBomb.view();
        return Object.assign({}, window.provenBomb.log(), {end: v.end, ended_at_ms: v.ended_at_ms, strikes: v.strikes});""")


def post(page, path, body):
    return page.driver.execute_async_script(
        """const done = arguments[arguments.length - 1];
        fetch(arguments[0], {method: 'POST', headers: {'Content-Type': 'application/json'}, body: arguments[1]})
          .then(async r => done([r.status, await r.text()]));""", path, json.dumps(body))


def submit_and_rank(page, claim, out):
    page.driver.find_element(By.ID, "player").send_keys("Selenium Defuser")
    page.driver.find_element(By.ID, "submit-run").click()
    WebDriverWait(page.driver, 10).until(lambda d: d.find_element(By.ID, "submitted").text)
    answer = page.driver.find_element(By.ID, "submitted").text
    check("verified and stored" in answer, f"the server verifies the page's run: {answer}")
    # Tampered logs are refused and store nothing.
    faster = dict(claim, ended_at_ms=claim["ended_at_ms"] - 1000)
    status, text = post(page, "/bomb/runs", faster)
    check(status == 422 and "refused" in text, f"a faster claim is refused: {status} {text}")
    early = json.loads(json.dumps(claim))
    early["actions"][5]["at_ms"] = early["actions"][4]["at_ms"]  # two actions in the same moment
    status, text = post(page, "/bomb/runs", early)
    check(status == 422 and "time runs backwards" in text, f"an action before the last one ended is refused: {status} {text}")
    status, text = post(page, "/bomb/runs", claim)
    check(status == 409, f"the same run twice is refused: {status} {text}")
    status, text = post(page, "/api/bomb/run", dict(early, now_ms=1000))
    check(status == 422, f"the live API refuses a tampered log too: {status} {text}")
    page.open(f"/bomb/leaderboard/{RULE_SEED}")
    board = page.driver.find_element(By.TAG_NAME, "main").text
    check("Selenium Defuser" in board and "14 modules, 3 strikes" in board, f"the leaderboard shows the run: {board}")
    check(board.count("Selenium Defuser") == 1, "the leaderboard shows the run once")
    page.driver.save_screenshot(os.path.join(out, "bomb-leaderboard.png"))


def untouched_bomb_explodes(page, proven, out):
    """A small bomb of one needy module (the discharge lever, its meter dealt at 30% or more, so
    it is full within about 32 s) and one strike: left alone, the meter fills and the strike
    explodes it."""
    for bomb in range(1, 500):
        deal = json.loads(run(proven, "bomb", "deal", "--seed", str(RULE_SEED), "--bomb-seed", str(bomb), "--modules",
                              "2", "--needy", "1", "--strikes", "1", "--json"))
        lever = [m for m in deal["modules"] if m["id"] == "discharge-lever"]
        if lever and lever[0]["state"]["meter_percent"] >= 30:
            break
    else:
        raise SystemExit("no 2-module bomb with a lever at 30% or more among 1..499")
    page.open(f"/bomb/play?seed={RULE_SEED}&bomb={bomb}&modules=2&needy=1&strikes=1")
    page.driver.find_element(By.ID, "start").click()
    try:
        WebDriverWait(page.driver, 45).until(lambda d: d.find_element(By.ID, "result").is_displayed())
    except TimeoutException:
        check(False, "the untouched bomb did not explode within 45 s")
        return
    result = page.driver.find_element(By.ID, "result").text
    check("EXPLODED" in result and "strike limit" in result, f"the untouched bomb explodes by its strike: {result}")
    page.driver.save_screenshot(os.path.join(out, "bomb-play-exploded.png"))


def setup_form_deals_what_it_names(page):
    page.open("/bomb/play")
    form = page.driver.find_element(By.CSS_SELECTOR, "form.bomb-setup")
    form.find_element(By.NAME, "bomb").clear()
    form.find_element(By.NAME, "bomb").send_keys("42")
    Select(form.find_element(By.NAME, "modules")).select_by_visible_text("5")
    Select(form.find_element(By.NAME, "needy")).select_by_visible_text("0")
    form.find_element(By.NAME, "time").send_keys("3:00")
    form.find_element(By.TAG_NAME, "button").click()
    WebDriverWait(page.driver, 10).until(lambda d: "bomb=42" in d.current_url)
    facts = page.driver.find_element(By.CSS_SELECTOR, ".facts").text
    check("5 modules, 0 needy, 3:00, 3 strikes" in facts, f"the page names the setup asked for: {facts}")
    page.driver.find_element(By.ID, "start").click()
    WebDriverWait(page.driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".module")) == 5)
    check(not page.driver.find_elements(By.CSS_SELECTOR, ".module.needy"), "no needy module when 0 are asked for")
    page.open("/bomb/play?seed=1&bomb=42&needy=9")
    check("needy" in page.driver.find_element(By.TAG_NAME, "main").text, "a bad option is named on the error page")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--proven", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        bomb, log, ids = pick_bomb(args.proven, tmp)
        print(f"bomb {bomb}: {len(log['actions'])} actions over {log['ended_at_ms'] / 1000:.2f} s", flush=True)
        server, base = start_server(args.proven, "--runs", os.path.join(tmp, "runs.sqlite"))
        driver = browser("1300,1400")
        try:
            page = BombPage(driver, base)
            claim = defuse_by_the_transcript(page, bomb, log, ids, Expert(args.proven), args.out)
            if claim:
                submit_and_rank(page, claim, args.out)
            untouched_bomb_explodes(page, args.proven, args.out)
            setup_form_deals_what_it_names(page)
        finally:
            driver.quit()
            server.terminate()
            server.wait()
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    print("the bomb page defuses, verifies, ranks and explodes as it should")
    return 0


if __name__ == "__main__":
    sys.exit(main())
