"""What the browser scripts share: `proven serve` on a free loopback port, headless chromium
(Debian's, driven by Selenium), running the CLI, and the list of failed checks."""
import re
import subprocess

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message, flush=True)


def run(proven, *args):
    return subprocess.run([proven, *args], check=True, capture_output=True, text=True).stdout


def start_server(proven, *options):
    """The server and its base URL, once it says where it listens."""
    server = subprocess.Popen([proven, "serve", "--port", "0", "--quiet", *options], stdout=subprocess.PIPE,
                              text=True)
    for line in server.stdout:
        found = re.search(r"(http://[0-9.:]+)/", line)
        if found:
            return server, found.group(1)
    raise SystemExit("the server did not say where it listens")


def browser(window="1200,1000"):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={window}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
