// Drives Firefox ESR for the engine smoke tests (tests/browser/engines/drivers.py), since
// Playwright's BiDi mode and geckodriver do not work here: puppeteer-core over WebDriver BiDi.
// One JSON request per stdin line ({"op": "goto"|"reload"|"evaluate", ...}), one JSON reply
// per stdout line ({"ok": value} or {"error": message}); the browser closes when stdin ends.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, width, height] = process.argv.slice(2);

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  defaultViewport: { width: Number(width), height: Number(height) },
});
const page = await browser.newPage();
// Uncaught errors and console errors (CSP violations included), as the Chromium suite's
// PageErrors collects them; WebKitWebDriver gives no such access.
const errors = [];
page.on("pageerror", (error) => errors.push("pageerror: " + (error.message || error)));
page.on("console", (message) => {
  if (message.type() === "error") errors.push("console: " + message.text());
});

const OPERATIONS = {
  // Navigation returns at "load"; the tests then wait on the page's own ready flags.
  goto: ({ url, timeout }) => page.goto(url, { waitUntil: "load", timeout }).then(() => null),
  reload: ({ timeout }) => page.reload({ waitUntil: "load", timeout }).then(() => null),
  evaluate: ({ expression }) => page.evaluate(expression),
  screenshot: ({ path }) => page.screenshot({ path }).then(() => null),
  errors: async () => errors.splice(0),
};

function reply(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

reply({ ok: await browser.version() });
for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  try {
    reply({ ok: (await OPERATIONS[request.op](request)) ?? null });
  } catch (error) {
    reply({ error: String(error && error.message ? error.message : error) });
  }
}
await browser.close();
