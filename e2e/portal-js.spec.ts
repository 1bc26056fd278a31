/**
 * The staff portal's JavaScript as a visit really fetches it from the production-like server: every
 * script response until the network is idle, before the person does anything, at its compressed size
 * (gzip, asked for explicitly: the server prefers brotli), against the portal's budgets. size-limit
 * (.size-limit.mjs) checks the build's files; this also catches code a screen fetches by itself once
 * it runs. Each screen's figures are printed and attached to the report. The proposal editor's editing
 * engine must only arrive with the first edit, and editing must then work from that first press.
 */
import { expect, test, type Page, type Response } from "./fixtures";
import { login, withStoredToken } from "./helpers/portal";
import { API } from "./helpers/seed";

const KIB = 1024;
/** Screens and their budgets: what a staff member downloads before doing anything on them. */
const SCREENS = [
  { path: "/portal/login", signedIn: false, limit: 90 * KIB },
  { path: "/portal/dashboard", signedIn: true, limit: 130 * KIB },
  { path: "/portal/messages", signedIn: true, limit: 130 * KIB },
  // The e-mails' address of the Leads screen: a redirect to /portal/messages, the screen's one shell.
  { path: "/portal/leads", lands: "/portal/messages", signedIn: true, limit: 130 * KIB },
  { path: "/portal/reports", signedIn: true, limit: 130 * KIB },
  { path: "/portal/proposals", signedIn: true, limit: 130 * KIB },
  { path: "/portal/signature", signedIn: true, limit: 130 * KIB },
  { path: "/portal/proposal-editor", signedIn: true, limit: 130 * KIB },
  { path: "/portal/staff", signedIn: true, limit: 130 * KIB },
  { path: "/portal/account", signedIn: true, limit: 130 * KIB },
  { path: "/portal/activity", signedIn: true, limit: 130 * KIB },
  { path: "/portal/invitation", signedIn: false, limit: 130 * KIB },
  { path: "/portal/confirm-address", signedIn: false, limit: 130 * KIB },
] as const;
/** The editing engine's chunk, named after the module the editor imports on demand. */
const ENGINE = /\/_astro\/body-editor\.[\w-]+\.js$/;

test.use({ extraHTTPHeaders: { "accept-encoding": "gzip" } });
test.describe.configure({ mode: "serial" });

let token: string | undefined;

/** Every script response of the page from now on, with its body size as sent. */
function recordScripts(page: Page): () => Promise<{ url: string; bytes: number; encoding?: string }[]> {
  const responses: Response[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") responses.push(response);
  });
  return () =>
    Promise.all(
      responses.map(async (response) => ({
        url: new URL(response.url()).pathname,
        bytes: (await response.request().sizes()).responseBodySize,
        encoding: response.headers()["content-encoding"],
      })),
    );
}

/**
 * Opens a staff screen signed in. The editor's signature lists are served empty: with a company
 * signature to apply, the editor fetches what draws it half a second later (on demand, not counted).
 */
async function openScreen(
  page: Page,
  path: string,
  signedIn: boolean,
  request: Parameters<typeof login>[0],
  lands = path,
) {
  if (signedIn) await withStoredToken(page, (token ??= await login(request)));
  await page.route(new RegExp(`(${API.companySignatureTemplates}|${API.signatureTemplates})(\\?.*)?$`), (route) =>
    route.fulfill({ json: [] }),
  );
  const scripts = recordScripts(page);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(new RegExp(`${lands}$`));
  return scripts;
}

for (const screen of SCREENS) {
  const { path, signedIn, limit } = screen;
  test(`${path}: at most ${limit / KIB} KiB of JavaScript (gzip) before anything is done`, async ({
    page,
    request,
  }) => {
    const lands = "lands" in screen ? screen.lands : path;
    const scripts = await (await openScreen(page, path, signedIn, request, lands))();
    expect(scripts.length).toBeGreaterThan(0);
    // The server, like a CDN, leaves files under 1 KiB as they are (compression does not pay there).
    for (const script of scripts) if (script.bytes >= 1024) expect(script.encoding, script.url).toBe("gzip");
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const figure = `${path}: ${(total / KIB).toFixed(1)} KiB of JavaScript in ${scripts.length} files (limit ${limit / KIB} KiB)`;
    console.log(figure);
    test.info().annotations.push({ type: "portal JavaScript", description: figure });
    if (path === "/portal/proposal-editor")
      expect(
        scripts.map((s) => s.url).filter((url) => ENGINE.test(url)),
        "editing engine up front",
      ).toEqual([]);
    expect(total, figure).toBeLessThanOrEqual(limit);
  });
}

test.describe("the proposal editor's editing engine", () => {
  const body = (page: Page) => page.getByRole("textbox", { name: "Proposal body" });

  /**
   * Opens the editor signed in, checks the engine has not come with the page, and starts listening for its
   * fetch at once: whatever the test does next (a selection that focuses the body, a paste) may already send
   * for it, and its answer must not come before anyone listens. Waits as long as a person would for the first
   * edit to take, no longer.
   */
  async function openEditorWithoutEngine(page: Page, request: Parameters<typeof login>[0]) {
    const scripts = await openScreen(page, "/portal/proposal-editor", true, request);
    expect(
      (await scripts()).filter((s) => ENGINE.test(s.url)),
      "editing engine with the page",
    ).toEqual([]);
    // In an object: an async function returning the promise itself would wait for it.
    return { fetched: page.waitForResponse((response) => ENGINE.test(response.url()), { timeout: 5_000 }) };
  }

  test("arrives with the first press in the body; the caret is where it was pressed and nothing typed is lost", async ({
    page,
    request,
  }) => {
    const { fetched } = await openEditorWithoutEngine(page, request);
    // The first letter of the Scope of Work paragraph, pressed on its left half: the caret goes before it.
    const first = await body(page)
      .locator("h2 + p")
      .evaluate((p) => {
        const range = document.createRange();
        range.setStart(p.firstChild!, 0);
        range.setEnd(p.firstChild!, 1);
        const { left, top, width, height } = range.getBoundingClientRect();
        return { x: left + width / 4, y: top + height / 2, text: p.textContent! };
      });
    await page.mouse.click(first.x, first.y);
    await page.keyboard.type("Revised: ");
    await fetched;
    await expect(body(page).locator("h2 + p")).toHaveText(`Revised: ${first.text}`);
    await expect(page.locator("[data-static-body]")).toHaveCount(0);
    // Typing goes on at the caret, now in the editor.
    await page.keyboard.type("Phase two. ");
    await expect(body(page).locator("h2 + p")).toHaveText(`Revised: Phase two. ${first.text}`);
  });

  test("arrives when the body takes keyboard focus; what is typed next goes in at the start", async ({
    page,
    request,
  }) => {
    const { fetched } = await openEditorWithoutEngine(page, request);
    // As Tab brings it: focus with no press, no key and no selection made by hand.
    await body(page).focus();
    await fetched;
    await expect(page.locator("[data-static-body]")).toHaveCount(0);
    await expect(body(page)).toBeFocused();
    await page.keyboard.type("Phase one. ");
    await expect(body(page).locator("h2").first()).toHaveText(/^Phase one\. /);
  });

  test("arrives by the time a toolbar button is pressed, which then applies to what was selected in the static body", async ({
    page,
    request,
  }) => {
    const { fetched } = await openEditorWithoutEngine(page, request);
    await body(page)
      .getByRole("heading", { name: "Interior Paint" })
      .evaluate((heading) => {
        const range = document.createRange();
        range.setStart(heading.firstChild!, 0);
        range.setEnd(heading.firstChild!, "Interior".length);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
      });
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Italic" }).click();
    await fetched;
    await expect(body(page).locator("h2 em")).toHaveText("Interior");
  });

  test("arrives with a paste, which goes in sanitised", async ({ page, request }) => {
    const { fetched } = await openEditorWithoutEngine(page, request);
    await body(page).evaluate((region) => {
      const data = new DataTransfer();
      data.setData("text/html", '<p>Pasted <b>note</b><img src=x onerror="window.__pwned=1"></p>');
      region.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await fetched;
    await expect(body(page)).toContainText("Pasted note");
    expect(await body(page).innerHTML()).not.toMatch(/<img|onerror/);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });
});
