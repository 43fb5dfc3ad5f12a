#!/usr/bin/env python3
"""Uses `tollgate studio`'s page in headless Chromium (Selenium with Debian's chromedriver) as a person does, and
checks what it shows against what the command line prints for the same files.

Given a running studio over a scratch project (the examples' Policies/, Templates/ and Prices/, publishing to
--store), it goes through the app list; the photocollage editor with a mistake typed, its finding at the line
`tollgate validate` prints, save, and a save refused because the file changed on disk; the previews of every
paywall in every locale with a storefront's prices as `tollgate render` prints them; the simulator against
`tollgate resolve`; the changes, a publish refused while the policy has an error and one recorded in
`tollgate history`; and a 390 px wide window without horizontal scrolling. Screenshots of the main views, 1280x800,
are written to --screenshots as studio-<view>.png.

Prints one JSON object: {"editor": "codemirror" | "textarea", "scenarios": [{"name", "ok", "detail", and what it
measured}], "screenshots": [paths]}. Exits 1 when a scenario failed, 2 when the browser could not start.

usage: studio-browser-check.py --url URL --project DIR --tollgate PATH --store STORE [--screenshots DIR]
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
APP = "photocollage"
POLICY = "Policies/photocollage.yaml"
EXPERIMENT = "onboarding-paywall"
CORRECT = "grants: [remove-ads]"
MISTAKE = "grants: [remove-ad]"
# The window the screenshots are taken in, and the phone the layout must fit.
WIDE = (1280, 800)
NARROW = (390, 844)
# How long the page may take to show what a scenario waits for.
TIMEOUT = 15.0


class Failure(Exception):
    """A scenario's check that did not hold; its message says what was expected and what was seen."""


# The editor: CodeMirror 5 when the studio serves Debian's libjs-codemirror, else a text area.
EDITOR_TEXT = """
const host = document.querySelector('[data-testid=editor]');
const cm = host && host.querySelector('.CodeMirror');
if (cm) return cm.CodeMirror.getValue();
const area = host && host.querySelector('textarea');
return area ? area.value : null;
"""
SET_EDITOR_TEXT = """
const host = document.querySelector('[data-testid=editor]');
const cm = host.querySelector('.CodeMirror');
if (cm) { cm.CodeMirror.setValue(arguments[0]); return; }
const area = host.querySelector('textarea');
area.value = arguments[0];
area.dispatchEvent(new Event('input', { bubbles: true }));
"""
# The elements wider than the window, for a message when the page scrolls sideways.
OVERFLOWING = """
const width = window.innerWidth;
return [...document.querySelectorAll('body *')]
  .filter((element) => element.getBoundingClientRect().right > width + 0.5)
  .slice(0, 8)
  .map((element) => element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ').join('.') : '')
    + ' (right ' + Math.round(element.getBoundingClientRect().right) + ')');
"""


class Studio:
    """The page in one browser, the studio's API and the command line over the same project."""

    def __init__(self, driver, url, project, tollgate, store, screenshots):
        self.driver = driver
        self.url = url.rstrip("/")
        self.project = project
        self.tollgate = tollgate
        self.store = store
        self.screenshots = screenshots
        self.taken = []
        self.original = self.read(POLICY)

    # --- the page ---------------------------------------------------------------------------------

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def wait(self, what, condition, timeout=TIMEOUT):
        """Polls `condition` until it answers something true, which it returns; fails naming `what`."""
        deadline = time.monotonic() + timeout
        last_error = None
        while True:
            try:
                value = condition()
                if value:
                    return value
            except WebDriverException as error:
                last_error = error
            if time.monotonic() > deadline:
                suffix = f" (last error: {last_error.msg})" if last_error else ""
                raise Failure(f"{what} did not happen within {timeout:.0f} s{suffix}")
            time.sleep(0.03)

    def find(self, css):
        elements = self.driver.find_elements(By.CSS_SELECTOR, css)
        return elements[0] if elements else None

    def text_of(self, css):
        element = self.find(css)
        return element.text if element else ""

    def click(self, element):
        """Clicks `element` as a person would, once it is scrolled to the middle of the window (clear of the
        sticky header)."""
        self.js("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
        element.click()

    def viewport(self, size):
        width, height = size
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1,
                                     "mobile": width < 600})

    def open_app(self):
        """Loads the app's page and waits until the policy is in the editor."""
        self.driver.get(f"{self.url}/apps/{APP}")
        self.wait_for_editor()

    def wait_for_editor(self):
        on_disk = self.read(POLICY)
        self.wait("the policy in the editor", lambda: self.js(EDITOR_TEXT) == on_disk)
        return self.find("[data-testid=editor]").get_attribute("data-editor-kind")

    def type_text(self, text):
        self.js(SET_EDITOR_TEXT, text)

    def save(self, outcome):
        """Presses save and waits for `outcome` (`saved` or `conflict`)."""
        self.wait("the save button enabled", lambda: self.find("[data-testid=save]").is_enabled())
        self.click(self.find("[data-testid=save]"))
        return self.wait(f"'{outcome}' after save", lambda: self.find(f"[data-testid={outcome}]"))

    def scroll_to(self, section):
        # Below the sticky header, and instantly: the page scrolls smoothly unless motion is reduced.
        self.js("const s = document.getElementById(arguments[0]);"
                " const header = document.querySelector('.site-header')?.offsetHeight ?? 0;"
                " window.scrollTo({top: s.getBoundingClientRect().top + window.scrollY - header - 8, behavior: 'instant'});",
                section)

    def screenshot(self, view, section=None):
        if section:
            self.scroll_to(section)
        else:
            self.js("window.scrollTo({top: 0, behavior: 'instant'})")
        path = os.path.join(self.screenshots, f"studio-{view}.png")
        if not self.driver.save_screenshot(path):
            raise Failure(f"no screenshot written to {path}")
        self.taken.append(path)

    def publish(self, message, author):
        """Fills the publish form and submits it; answers the text of its outcome."""
        form = self.find("[data-testid=publish]")
        for name, value in [("message", message), ("author", author)]:
            control = form.find_element(By.NAME, name)
            control.clear()
            control.send_keys(value)
        self.js("arguments[0].textContent = ''", form.find_element(By.CSS_SELECTOR, ".publish-result"))
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        return self.wait("the publish's outcome", lambda: (lambda text: text if text and text != "Publishing…"
                                                            else None)(self.text_of("[data-testid=publish] .publish-result")))

    # --- the project, the API and the command line ------------------------------------------------

    def read(self, relative):
        with open(os.path.join(self.project, relative), encoding="utf-8") as file:
            return file.read()

    def write(self, relative, text):
        with open(os.path.join(self.project, relative), "w", encoding="utf-8") as file:
            file.write(text)

    def api(self, path):
        with urllib.request.urlopen(f"{self.url}/studio/api{path}", timeout=30) as answer:
            return json.load(answer)

    def cli(self, *arguments, stdin=None):
        return subprocess.run([self.tollgate, *arguments], cwd=self.project, input=stdin, capture_output=True,
                              text=True, timeout=120)

    def history(self):
        run = self.cli("history", "--app", APP, "--store", self.store)
        return run.stdout + run.stderr

    # --- the scenarios ----------------------------------------------------------------------------

    def app_list(self):
        self.viewport(WIDE)
        self.driver.get(self.url + "/")
        links = self.wait("the app list with both apps", lambda: (lambda found: found if len(found) == 2 else None)(
            self.driver.find_elements(By.CSS_SELECTOR,
                                      "[data-testid=app-list] [data-testid=app-photocollage], "
                                      "[data-testid=app-list] [data-testid=app-lingualeap]")))
        names = [link.get_attribute("data-testid") for link in links]
        self.screenshot("apps")
        self.click(next(link for link in links if link.get_attribute("data-testid") == f"app-{APP}"))
        self.wait("the photocollage page", lambda: self.driver.current_url.endswith(f"/apps/{APP}"))
        kind = self.wait_for_editor()
        return {"apps": names, "editor": kind}

    def finding(self):
        mistaken = self.original.replace(CORRECT, MISTAKE, 1)
        if mistaken == self.original:
            raise Failure(f"{POLICY} has no '{CORRECT}' to break")
        started = time.monotonic()
        self.type_text(mistaken)
        finding = self.wait("an unknown-tier finding", lambda: self.find("[data-testid=finding][data-rule=unknown-tier]"))
        shown_ms = (time.monotonic() - started) * 1000
        line = int(finding.get_attribute("data-line"))
        self.js("document.querySelector('[data-testid=editor] .CodeMirror')?.CodeMirror.setCursor({line: arguments[0] - 1, ch: 0})",
                line)
        self.screenshot("editor", "editor-section")
        self.save("saved")
        validate = self.cli("validate", POLICY)
        printed = re.findall(r"^%s:(\d+):(\d+): error: .*\[unknown-tier\]$" % re.escape(POLICY), validate.stdout
                             + validate.stderr, re.MULTILINE)
        if not printed:
            raise Failure(f"tollgate validate printed no unknown-tier error: {validate.stdout}{validate.stderr}")
        validate_line = int(printed[0][0])
        if line != validate_line:
            raise Failure(f"the page shows the finding at line {line}, tollgate validate at {validate_line}")
        return {"line": line, "validate_line": validate_line, "shown_ms": round(shown_ms),
                "debounce_ms": 300}

    def fix_and_save(self):
        self.type_text(self.original)
        self.wait("the unknown-tier finding gone", lambda: self.find("[data-testid=finding][data-rule=unknown-tier]") is None)
        self.save("saved")
        editor, on_disk = self.js(EDITOR_TEXT), self.read(POLICY)
        if on_disk != editor:
            raise Failure("after save the file on disk differs from the editor's text")
        if on_disk != self.original:
            raise Failure("the saved file is not the fixed text")
        return {"bytes": len(on_disk.encode("utf-8"))}

    def conflict(self):
        theirs = self.original + "# changed by another writer\n"
        self.write(POLICY, theirs)
        self.type_text(self.original + "# my edit\n")
        conflict = self.save("conflict")
        on_disk = self.read(POLICY)
        if on_disk != theirs:
            raise Failure("the refused save changed the file on disk")
        message = conflict.text.split("\n")[0]
        self.click(conflict.find_element(By.TAG_NAME, "button"))
        self.wait("the other writer's file in the editor after reload", lambda: self.js(EDITOR_TEXT) == theirs)
        self.write(POLICY, self.original)
        self.open_app()
        return {"message": message}

    def previews(self):
        info = next(app for app in self.api("/apps")["apps"] if app["app"] == APP)
        self.scroll_to("previews-section")
        expected = [f"preview-{paywall}-{locale}" for paywall in info["paywalls"] for locale in info["locales"]]
        self.wait("a preview of every paywall in every locale",
                  lambda: all(self.find(f"[data-testid={testid}]") for testid in expected))
        sheets = info["storefronts"]
        if "JPN" not in sheets:
            raise Failure(f"no JPN sheet among {sheets}")
        picker = Select(self.find("#previews-section select"))
        status = "#previews-section .message"
        for storefront in [sheet for sheet in sheets if sheet != "JPN"][:1] + ["JPN"]:
            picker.select_by_value(storefront)
            self.wait(f"the previews with {storefront}'s prices", lambda: f"{storefront}'s prices" in self.text_of(status))
        prices = {}
        for locale in info["locales"]:
            render = self.cli("render", "--app", APP, "--paywall", "main", "--locale", locale,
                              "--prices", f"Prices/{APP}/JPN.yaml")
            if render.returncode != 0:
                raise Failure(f"tollgate render failed: {render.stderr}")
            shown = price_lines(render.stdout)
            if not shown:
                raise Failure(f"no price in tollgate render's text: {render.stdout}")
            frame = f"[data-testid=preview-main-{locale}] iframe"
            self.wait(f"preview-main-{locale} showing {shown}",
                      lambda: all(price in (self.js("return arguments[0].contentDocument.body.innerText",
                                                    self.find(frame)) or "") for price in shown))
            prices[locale] = shown
        self.screenshot("previews", "previews-section")
        return {"previews": expected, "prices": prices}

    def simulator(self):
        install = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
        context = {"user_id": "u-7", "storefront": "JPN", "locale": "ja-JP", "platform": "ios",
                   "app_version": "2.4.1", "install_date": install}
        form = self.find("[data-testid=simulate]")
        Select(form.find_element(By.NAME, "placement")).select_by_value("onboarding")
        for name, value in context.items():
            control = form.find_element(By.NAME, name)
            control.clear()
            control.send_keys(value)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        shown = json.loads(self.wait("the decision", lambda: self.text_of("[data-testid=decision] pre.json")))
        resolve = self.cli("resolve", "--app", APP, "--placement", "onboarding", "--input", "-",
                           stdin=json.dumps(context))
        if resolve.returncode != 0:
            raise Failure(f"tollgate resolve failed: {resolve.stderr}")
        printed = json.loads(resolve.stdout)
        keys = ["variant", "paywall", "reason", "audience"]
        differing = [key for key in keys if shown.get(key) != printed.get(key)]
        if differing:
            raise Failure(f"the page's decision differs from tollgate resolve's in {differing}: "
                          f"{ {key: shown.get(key) for key in keys} } against { {key: printed.get(key) for key in keys} }")
        self.screenshot("simulator", "simulator-section")
        return {"decision": {key: shown.get(key) for key in keys}}

    def changes_and_publish(self):
        self.scroll_to("changes-section")
        summary = self.wait("the changes against the empty store",
                            lambda: (lambda text: text if "everything is new" in text else None)(
                                self.text_of("[data-testid=changes] > p")))
        diff = self.text_of("[data-testid=changes] pre")
        if not diff.strip():
            raise Failure("the changes show no diff although nothing is published")
        self.screenshot("changes", "changes-section")

        self.type_text(self.original.replace(CORRECT, MISTAKE, 1))
        self.save("saved")
        refused = self.publish("with a mistake", "Ann Example")
        if not refused.startswith("Refused"):
            raise Failure(f"publishing a policy with an error answered '{refused}'")
        if "with a mistake" in self.history():
            raise Failure("a refused publish shows in tollgate history")

        self.type_text(self.original)
        self.save("saved")
        published = self.publish("From the studio's browser test", "Ann Example")
        if not published.startswith("Published version") or "undefined" in published:
            raise Failure(f"publish answered '{published}'")
        history = self.history()
        if "Ann Example" not in history or "From the studio's browser test" not in history:
            raise Failure(f"tollgate history shows neither the author nor the message: {history}")
        after = self.wait("the changes after publish",
                          lambda: (lambda text: text if "No changes from version" in text else None)(
                              self.text_of("[data-testid=changes] > p")))
        return {"before": summary, "diff_lines": len(diff.splitlines()), "refused": refused, "published": published,
                "after": after}

    def results(self):
        self.scroll_to("results-section")
        section = self.find("[data-testid=results]")
        self.click(section.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        table = self.wait("the results table", lambda: self.find("[data-testid=results] table"))
        run = self.cli("experiment", "results", "--app", APP, "--experiment", EXPERIMENT, "--store", self.store,
                       "--format", "json")
        if run.returncode != 0:
            raise Failure(f"tollgate experiment results failed: {run.stderr}")
        report = json.loads(run.stdout)
        shown = table.text
        missing = [variant["variant"] for variant in report["variants"] if variant["variant"] not in shown]
        if missing:
            raise Failure(f"the results table lacks the variants {missing}: {shown}")
        frame = self.wait("the report's charts", lambda: self.find("[data-testid=results] iframe"))
        self.driver.switch_to.frame(frame)
        try:
            charts = self.wait("an SVG chart in the report", lambda: self.driver.find_elements(By.TAG_NAME, "svg"))
        finally:
            self.driver.switch_to.default_content()
        self.screenshot("results", "results-section")
        return {"variants": [variant["variant"] for variant in report["variants"]], "charts": len(charts)}

    def narrow(self):
        self.viewport(NARROW)
        widths = {}
        for page in ["/", f"/apps/{APP}"]:
            self.driver.get(self.url + page)
            if page == "/":
                self.wait("the app list", lambda: self.find("[data-testid=app-list] a"))
            else:
                self.wait_for_editor()
                self.wait("the previews", lambda: self.find("[data-testid^=preview-] iframe"))
                self.wait("the changes", lambda: "published" in self.text_of("[data-testid=changes] > p")
                          or "version" in self.text_of("[data-testid=changes] > p"))
            scroll, inner = self.js("return [document.documentElement.scrollWidth, window.innerWidth]")
            widths[page] = {"scroll_width": scroll, "inner_width": inner}
            if scroll > inner:
                raise Failure(f"{page} at {NARROW[0]} px scrolls sideways: scrollWidth {scroll} > innerWidth {inner};"
                              f" wider: {self.js(OVERFLOWING)}")
        self.viewport(WIDE)
        return {"widths": widths}


def price_lines(text):
    """The prices in `tollgate render`'s text output: the parts of its lines with a digit and a currency sign or
    code, such as '¥4,800'."""
    prices = []
    for match in re.finditer(r"[¥￥$€£₩]\s?\d[\d,.\s]*\d|\d[\d,.\s]*\d\s?(?:円|JPY|USD|¥)", text):
        price = match.group(0).strip()
        if price not in prices:
            prices.append(price)
    return prices


def start_browser(profile):
    # Selenium Manager is told where the driver and browser are, so it downloads nothing.
    os.environ["SE_OFFLINE"] = "true"
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                     f"--user-data-dir={profile}", f"--window-size={WIDE[0]},{WIDE[1]}", "--lang=en-US"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the studio's address, as its 'open' line prints it")
    parser.add_argument("--project", required=True, help="the folder the studio serves")
    parser.add_argument("--tollgate", required=True, help="the tollgate executable the studio runs")
    parser.add_argument("--store", required=True, help="the store the studio publishes to")
    parser.add_argument("--screenshots", default=None, help="where studio-<view>.png go (default: a scratch folder)")
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="tollgate-studio-chromium-") as scratch:
        screenshots = arguments.screenshots or scratch
        os.makedirs(screenshots, exist_ok=True)
        try:
            driver = start_browser(os.path.join(scratch, "profile"))
        except WebDriverException as error:
            print(f"studio-browser-check: cannot start Chromium through {CHROMEDRIVER}: {error.msg}", file=sys.stderr)
            return 2
        try:
            studio = Studio(driver, arguments.url, arguments.project, arguments.tollgate, arguments.store, screenshots)
            scenarios = []
            editor = None
            for name, run in [("app-list", studio.app_list), ("finding", studio.finding),
                              ("save", studio.fix_and_save), ("conflict", studio.conflict),
                              ("previews", studio.previews), ("simulator", studio.simulator),
                              ("changes-and-publish", studio.changes_and_publish), ("results", studio.results),
                              ("narrow", studio.narrow)]:
                started = time.monotonic()
                result = {"name": name, "ok": True, "detail": ""}
                try:
                    result.update(run())
                except Failure as failure:
                    result.update(ok=False, detail=str(failure))
                except Exception as error:  # a broken page or driver: report it and carry on with the next view
                    message = getattr(error, "msg", None) or str(error)
                    frames = [f"line {frame.lineno} in {frame.name}" for frame in traceback.extract_tb(error.__traceback__)
                              if frame.filename == __file__]
                    result.update(ok=False, detail=f"{type(error).__name__} at {', '.join(frames[1:])}: {message}")
                result["seconds"] = round(time.monotonic() - started, 2)
                editor = editor or result.get("editor")
                scenarios.append(result)
                if not result["ok"]:
                    print(f"studio-browser-check: {name}: {result['detail']}", file=sys.stderr)
                    # The next scenario starts from a page showing the saved policy.
                    try:
                        studio.write(POLICY, studio.original)
                        studio.viewport(WIDE)
                        studio.open_app()
                    except Exception as error:
                        print(f"studio-browser-check: cannot reopen the page: {error}", file=sys.stderr)
            print(json.dumps({"editor": editor, "scenarios": scenarios, "screenshots": studio.taken}, indent=1))
            return 0 if all(result["ok"] for result in scenarios) else 1
        finally:
            driver.quit()


if __name__ == "__main__":
    sys.exit(main())
