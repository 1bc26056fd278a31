/**
 * The client's signing page (/bid) and /verify on the production build, with the API's answers stood in
 * for by page.route: every state the page explains, the three steps from link to signed, and axe at both
 * widths. The API itself is exercised by its own tests; these check what the client sees of it.
 */
import type { Page, Route } from "@playwright/test";
import type { BidView } from "../src/schemas/bids";
import { sampleBidView } from "../test/fixtures/bid-view";
import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { drawSignature, padHasInk } from "./helpers/bid-signing";
import { company } from "./helpers/site";

const SECRET = "A".repeat(21) + "_-" + "z9".repeat(10);
const view = sampleBidView();
const signed = { ...view.signer, signedAt: "2026-11-26T10:00:00.000Z" };

type Answer = { status?: number; json?: unknown; headers?: Record<string, string> };

/** Answers /api/bids/<action> with `answer(action, body)` and records what was asked. */
async function standIn(page: Page, answer: (action: string, body: Record<string, unknown>) => Answer) {
  const calls: { action: string; body: Record<string, unknown>; auth?: string }[] = [];
  await page.route("**/api/bids/*", async (route: Route) => {
    const request = route.request();
    const action = new URL(request.url()).pathname.split("/").pop()!;
    const body = request.postDataJSON() as Record<string, unknown>;
    calls.push({ action, body, auth: request.headers()["authorization"] });
    if (action === "pdf")
      return route.fulfill({
        body: "%PDF-1.7",
        headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="Garza.pdf"' },
      });
    const { status = 200, json = {}, headers } = answer(action, body);
    await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(json), headers });
  });
  return calls;
}

const openWith = async (page: Page, json: BidView | Answer) => {
  const calls = await standIn(page, () => ("status" in json && typeof json.status === "number" ? json : { json }));
  await page.goto(`/bid#${SECRET}`);
  return calls;
};

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

// The notices are short text: one is checked at 375 px, the rest at desktop width only.
test.describe("/bid states", () => {
  test("a link without a secret is not valid, and asks nothing of the API", async ({ page }) => {
    const calls = await standIn(page, () => ({ json: view }));
    await page.goto("/bid");
    await expect(heading(page)).toHaveText("This link is not valid");
    await expect(page.getByRole("link", { name: company.phone.display }).last()).toBeVisible();
    expect(calls).toEqual([]);
  });

  const notices: [string, BidView | Answer, RegExp | string][] = [
    ["unknown secret", { status: 404, json: { error: "Not found", code: "not_found" } }, "This link is not valid"],
    ["expired", { ...view, status: "expired" }, "This bid expired on December 20, 2026"],
    ["withdrawn", { ...view, status: "withdrawn" }, "This bid was withdrawn"],
    ["replaced", { ...view, status: "replaced" }, "This bid was replaced"],
    [
      "too many attempts",
      { status: 429, json: { error: "Slow down", code: "rate_limited" }, headers: { "Retry-After": "540" } },
      "Too many attempts",
    ],
  ];
  for (const [name, answer, text] of notices) {
    test(`${name}`, async ({ page }) => {
      await openWith(page, answer);
      await expect(heading(page)).toHaveText(text);
      await expect(heading(page)).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("429 says how long to wait", async ({ page }) => {
    await openWith(page, notices[4]![1]);
    await expect(page.getByText("Too many attempts, try again in 9 minutes.")).toBeVisible();
  });

  test("replaced points to the newest e-mail", async ({ page }) => {
    await openWith(page, { ...view, status: "replaced" });
    await expect(page.getByText("use the link in the newest e-mail")).toBeVisible();
  });

  test("expired: Ask for a new bid tells the sender", { tag: "@phone" }, async ({ page }) => {
    const calls = await openWith(page, { ...view, status: "expired" });
    await page.getByRole("button", { name: "Ask for a new bid" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We asked Marcus Reyes" })).toBeFocused();
    expect(calls.map((c) => c.action)).toEqual(["open", "renewal"]);
  });

  test("a staff session is refused and sees nothing else", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("portalToken", "staff-token"));
    const calls = await openWith(page, { status: 403, json: { error: "Staff", code: "staff_cannot_sign" } });
    await expect(page.getByText("You are signed in to the staff portal in this browser.")).toBeVisible();
    expect(calls[0]?.auth).toBe("Bearer staff-token");
    await expect(page.getByRole("button")).toHaveCount(0);
    await expect(page.locator("main a:visible")).toHaveCount(0);
  });
});

test.describe("/bid without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("says to turn it on", async ({ page }) => {
    await page.goto(`/bid#${SECRET}`);
    await expect(heading(page)).toHaveText("Turn on JavaScript to open your proposal");
  });
});

test.describe("/bid from link to signed", () => {
  test(
    "reads the proposal, drops the secret from the address, keeps markup as text",
    { tag: "@phone" },
    async ({ page }) => {
      const calls = await openWith(page, view);
      await expect(heading(page)).toHaveText("Proposal for Garza Residence Repaint");
      expect(new URL(page.url()).hash).toBe("");
      expect(calls[0]).toMatchObject({ action: "open", body: { secret: SECRET } });
      const proposal = page.getByRole("article", { name: "Proposal document" });
      await expect(proposal.getByText("$48,500.00")).toBeVisible();
      await expect(proposal.getByText("Valid until December 20, 2026")).toBeVisible();
      await expect(proposal.getByText("<script>alert('x')</script>")).toBeVisible();
      // The tab keeps the secret: a reload opens the bid again although the address no longer names it.
      await page.reload();
      await expect(heading(page)).toHaveText("Proposal for Garza Residence Repaint");
      expect(await axeViolations(page)).toEqual([]);
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download PDF" }).click();
      expect((await download).suggestedFilename()).toBe("Garza.pdf");
    },
  );

  test("declines with a reason and the e-mailed code", async ({ page }) => {
    const calls = await standIn(page, (action) =>
      action === "decline"
        ? { json: { ...view, status: "declined", signer: { ...view.signer, declinedAt: signed.signedAt } } }
        : action === "check-code"
          ? { json: { confirmed: true, reason: null, triesLeft: 4 } }
          : { json: view },
    );
    await page.goto(`/bid#${SECRET}`);
    await page.getByRole("button", { name: "Decline", exact: true }).click();
    await page.getByLabel("Reason for declining (optional)").fill("Over our budget");
    await page.getByRole("button", { name: "E-mail me a code to decline" }).click();
    expect(calls.at(-1)).toMatchObject({ action: "decline-code", body: { secret: SECRET } });
    await page.getByRole("textbox", { name: "6-digit code" }).fill("123456");
    await page.getByRole("button", { name: "Decline this bid" }).click();
    await expect(heading(page)).toHaveText("You declined this bid");
    expect(calls.at(-1)).toMatchObject({
      action: "decline",
      body: { secret: SECRET, reason: "Over our budget", code: "123456" },
    });
  });

  test(
    "consent, code (a wrong one refused on the code screen), signature, then the sealed copy",
    { tag: "@phone" },
    async ({ page }) => {
      let opens = 0;
      let checks = 0;
      const accepted = {
        ...view,
        status: "accepted" as const,
        signer: signed,
        signers: view.signers.map((s) => ({ ...s, signed: true })),
      };
      const calls = await standIn(page, (action) => {
        if (action === "check-code" && checks++ === 0)
          return { json: { confirmed: false, reason: "wrong", triesLeft: 4 } };
        if (action === "check-code") return { json: { confirmed: true, reason: null, triesLeft: 3 } };
        if (action === "sign") return { json: accepted };
        if (action === "open" && opens++ > 0) return { json: { ...accepted, sealed: true } };
        return { json: view };
      });
      await page.goto(`/bid#${SECRET}`);
      await page.getByRole("button", { name: "Accept and sign" }).click();
      await expect(heading(page)).toHaveText("Agree to sign electronically");
      await page.getByRole("button", { name: "Email me a code" }).click();
      await expect(page.getByText("Tick the box to agree")).toBeVisible();
      await page.getByLabel(/I have read the disclosure/).check();
      await page.getByRole("button", { name: "Email me a code" }).click();
      const code = page.getByRole("textbox", { name: "6-digit code" });
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      expect(calls.at(-1)).toMatchObject({ action: "code", body: { consent: true, consentHash: view.consent.hash } });
      await code.fill("111111");
      await page.getByRole("button", { name: "Continue" }).click();
      // Refused on the code screen, with the tries left: the signing screen never opened.
      await expect(page.getByText("That is not the code we sent. 4 tries left.")).toBeVisible();
      await expect(code).toBeFocused();
      await expect(page.getByLabel("Your full name")).toBeHidden();
      expect(calls.filter((c) => c.action === "sign")).toEqual([]);
      await code.fill("123 456");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByLabel("Your full name")).toHaveValue("Maria Garza");
      expect(calls.filter((c) => c.action === "check-code").at(-1)!.body).toMatchObject({ code: "123456" });
      await page.getByLabel("Your full name").fill("Maria E. Garza");
      // With the finger on the phone project (touch events), with the mouse on the desktop one.
      await drawSignature(page, test.info().project.use.hasTouch === true);
      expect(await padHasInk(page), "the stroke left ink on the pad").toBe(true);
      const drawn = await page.locator("#bid-pad").evaluate((c: HTMLCanvasElement) => c.toDataURL());
      // Back to the proposal and on again: the confirmed code goes straight to the signing screen, name and drawing kept.
      await page.getByRole("button", { name: "Back to the proposal" }).last().click();
      await expect(heading(page)).toHaveText("Proposal for Garza Residence Repaint");
      await page.getByRole("button", { name: "Accept and sign" }).click();
      await expect(heading(page)).toHaveText("Sign the proposal");
      await expect(page.getByLabel("Your full name")).toHaveValue("Maria E. Garza");
      expect(await page.locator("#bid-pad").evaluate((c: HTMLCanvasElement) => c.toDataURL())).toBe(drawn);
      await page.getByRole("button", { name: "I accept this proposal and sign it" }).click();
      await expect(heading(page)).toHaveText("Signed");
      const sign = calls.filter((c) => c.action === "sign").at(-1)!;
      expect(sign.body).toMatchObject({ code: "123456", name: "Maria E. Garza", accept: true });
      expect(String(sign.body.drawing)).toMatch(/^data:image\/png;base64,/);
      await expect(page.getByRole("button", { name: "Download the signed PDF" })).toBeVisible({ timeout: 10_000 });
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});

test.describe("/verify", { tag: "@phone" }, () => {
  test("hashes the file in the browser and reports what the API says", async ({ page }) => {
    const asked: string[] = [];
    await page.route("**/api/verify/*", (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return route.fulfill({
        status: 404,
        contentType: "application/json",
        body: '{"error":"Not found","code":"not_found"}',
      });
    });
    await page.goto("/verify");
    await page
      .getByLabel("Signed proposal (PDF)")
      .setInputFiles({ name: "x.pdf", mimeType: "application/pdf", buffer: Buffer.from("abc") });
    await expect(
      page.getByText("This file is not a document we sealed, or it was changed after sealing."),
    ).toBeVisible();
    // SHA-256("abc"): the fingerprint, never the file.
    expect(asked).toEqual(["/api/verify/ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"]);
    expect(await axeViolations(page)).toEqual([]);
  });
});
