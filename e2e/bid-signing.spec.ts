/**
 * A bid signed online from end to end on the production build, with the real API and real e-mails (docs/bids.md):
 * a bid sent through the API, each signer's link and code arrive at this spec's SMTP server, the client reads,
 * consents, confirms the code, draws and signs, and the sealed PDF reaches every signer and the sender and passes
 * pdfsig and /verify; then decline, withdrawal, replacement, expiry and a reminder, and what the page refuses.
 * The client is the test's `page`, at desktop width (the page at 375 px and signing by touch are
 * bid-client.spec.ts's); staff work in a desktop context of their own. Sending from the editor is
 * send-proposal.spec.ts's, the stubbed page states bid-client.spec.ts's, the portal's screens proposals.spec.ts's.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { company } from "../src/config/company";
import { DEFAULT_DOCUMENT_CONTENT } from "../src/features/bid-editor/constants";
import { E_SIGN_DISCLOSURE } from "../src/content/e-sign";
import { queueFollowUps, isQuiet } from "../src/server/bids/follow-ups";
import { pdfSignatures, pdfText } from "../test/pdf";
import { startSmtp, type TestSmtp } from "../test/smtp";
import { expect, test as base, unexpectedViolations, type APIRequestContext, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { editorBid, sampleBid, unique } from "./helpers/bids";
import {
  bidMail,
  bidMails,
  changeSentVersion,
  codeIn,
  drawSignature,
  linkPath,
  newestVersion,
  padHasInk,
  pdfAttachment,
  senderWithEmail,
} from "./helpers/bid-signing";
import { watchViolations } from "./helpers/csp";
import { apiToken, authHeaders, withStoredToken } from "./helpers/portal";
import { API, randomVisitor, seedWith } from "./helpers/seed";
import { withServerDb } from "./helpers/server";

const XSS = "<img src=x onerror=alert(1)>";
const AMOUNT = DEFAULT_DOCUMENT_CONTENT.baseBidAmount;
const SEALED = "This is a document we sealed, unchanged.";

/**
 * Every page fails the test if a dialog opens (markup a person typed must never run), and the client's page comes
 * from an address of its own, so its link attempts never share another test's limit.
 */
const test = base.extend<{ staff: Page; dialogGuard: void }>({
  dialogGuard: [
    async ({ page }, use) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.setExtraHTTPHeaders({ "x-forwarded-for": randomVisitor() });
      await use();
      expect(dialogs, "dialogs opened").toEqual([]);
    },
    { auto: true },
  ],
  // The staff member's own browser: another context (its token never reaches the client's page), at desktop width.
  staff: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await use(page);
    expect(unexpectedViolations(await violations().catch(() => [])), "CSP violations (staff)").toEqual([]);
    expect(dialogs, "dialogs opened (staff)").toEqual([]);
    await context.close();
  },
});

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp();
});
test.afterAll(() => smtp.close());

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const person = (first: string, last = "Ruiz") => ({
  name: `${first} ${last}`,
  email: `${first.toLowerCase()}-${unique()}@example.com`,
});

/** axe finds nothing on the page as it is now. */
async function axeClean(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
}

/** axe finds nothing at 1280 and at 375 px. */
async function axeBothWidths(page: Page, where: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await axeClean(page, `${where} at ${width} px`);
  }
}

/** A bid sent through the API to `signers`; its id and each signer's link path, read from the delivered e-mail. */
async function sentBid(request: APIRequestContext, token: string, signers: { name: string; email: string }[]) {
  const project = `Signing ${unique()}`;
  const bidId = await seedWith(request).sendBid(token, sampleBid(project, signers));
  const links = [];
  for (const s of signers) links.push(linkPath(await bidMail(smtp, bidId, s.email, "Proposal from")));
  return { project, bidId, links };
}

/** Opens a link as the e-mail's reader would: a fresh load of the page (a hash change alone reloads nothing). */
async function openLink(page: Page, path: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(path);
}

/** The client's calls, straight to the API from the client's address (for steps the UI is not the point of). */
function clientApi(request: APIRequestContext) {
  const headers = { "x-forwarded-for": randomVisitor() };
  const call = (action: string, data: object) => request.post(`/api/bids/${action}`, { data, headers });
  return {
    call,
    async consentHash(secret: string): Promise<string> {
      return ((await (await call("open", { secret })).json()) as { consent: { hash: string } }).consent.hash;
    },
  };
}

const secretOf = (path: string) => path.split("#")[1]!;

/**
 * Consent, the code from the e-mail, the name, a drawing, and the acceptance, on the page that shows the bid;
 * `axe` scans each step.
 */
async function signOnPage(
  page: Page,
  bidId: string,
  signer: { name: string; email: string },
  touch: boolean,
  axe = axeClean,
) {
  await page.getByRole("button", { name: "Accept and sign" }).click();
  await expect(heading(page)).toHaveText("Agree to sign electronically");
  await expect(page.getByText(E_SIGN_DISCLOSURE[1]!)).toBeVisible();
  await axe(page, "the disclosure");
  await page.getByLabel(/I have read the disclosure/).check();
  await page.getByRole("button", { name: "Email me a code" }).click();
  const codeField = page.getByRole("textbox", { name: "6-digit code" });
  await expect(codeField).toBeFocused();
  await axe(page, "the code step");
  const code = codeIn(await bidMail(smtp, bidId, signer.email, "Your code to sign"));
  await codeField.fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(heading(page)).toHaveText("Sign the proposal");
  await expect(page.getByText(`base bid ${AMOUNT}`)).toBeVisible();
  await page.getByLabel("Your full name").fill(signer.name);
  // Another width redraws the pad empty: scans at other widths come before the stroke, this width's after it.
  if (axe !== axeClean) await axe(page, "the signature step, not drawn yet");
  await drawSignature(page, touch);
  expect(await padHasInk(page), "the stroke left ink on the pad").toBe(true);
  await axeClean(page, "the signature step");
  const signed = page.waitForRequest((r) => r.url().endsWith("/api/bids/sign"));
  await page.getByRole("button", { name: "I accept this proposal and sign it" }).click();
  const sent = (await signed).postDataJSON() as { name: string; drawing: string | null; code: string };
  expect(sent).toMatchObject({ name: signer.name, code });
  expect(sent.drawing).toMatch(/^data:image\/png;base64,/);
}

// The flow runs at 1280 px: its screens' layout at 375 px, and signing there by touch, are the client page's own
// (bid-client.spec.ts, at both widths); here axe scans the client's steps and the staff screens at both widths.
test.describe("signing for real", () => {
  test(
    "two signers, each from their own link: viewed, signed by both, sealed, e-mailed and verified",
    { annotation: { type: "width", description: "1280 px: the client page at 375 px is bid-client.spec.ts's" } },
    async ({ page, staff, request, hasTouch }) => {
      test.setTimeout(150_000);
      const sender = await senderWithEmail(request);
      const ana = person("Ana");
      const luis = person("Luis");
      const project = `Garza Kitchen ${unique()}`;
      // The proposal the editor's Send to client posts (send-proposal.spec.ts checks that it does), sent by the API.
      const bid = { ...editorBid(project, [ana, luis]), message: "Both of you sign, please." };
      const bidId = await seedWith(request).sendBid(sender.token, bid);
      await withStoredToken(staff, sender.token);

      // Each signer's own link arrives by e-mail.
      const anaLink = linkPath(await bidMail(smtp, bidId, ana.email, "Proposal from"));
      const luisLink = linkPath(await bidMail(smtp, bidId, luis.email, "Proposal from"));
      expect(anaLink).not.toBe(luisLink);

      // The client opens it, without any portal session.
      await page.goto(anaLink);
      await expect(heading(page)).toHaveText(`Proposal for ${project}`);
      const proposal = page.getByRole("article", { name: "Proposal document" });
      await expect(proposal.getByText(AMOUNT)).toBeVisible();
      await expect(page.getByText(bid.message)).toBeVisible();
      await axeBothWidths(page, "the proposal");

      // Staff see the view on the Proposals screen.
      await staff.goto("/portal/proposals");
      const row = staff.getByRole("row").filter({ hasText: project });
      await expect(row.locator("[data-status]")).toHaveText(/Viewed/);
      await axeBothWidths(staff, "the Proposals screen");
      await staff.goto(`/portal/proposals#${bidId}`);
      const detail = staff.getByRole("article", { name: project });
      await expect(detail.getByRole("region", { name: "Signers" })).toContainText("Opened");
      await axeBothWidths(staff, "a bid's detail");

      // Ana signs: the bid waits for Luis.
      await signOnPage(page, bidId, ana, hasTouch, axeBothWidths);
      await expect(heading(page)).toHaveText("You signed");
      await expect(page.getByText("The bid is complete when Luis Ruiz also signs")).toBeVisible();
      await axeBothWidths(page, "the signed screen, one signer to go");

      // Luis signs from his own link: every signer has signed.
      await openLink(page, luisLink);
      await expect(heading(page)).toHaveText(`Proposal for ${project}`);
      await signOnPage(page, bidId, luis, hasTouch);
      await expect(heading(page)).toHaveText("Signed");
      const downloadSigned = page.getByRole("button", { name: "Download the signed PDF" });
      // The done screen checks for the seal 2, 6, 14, 30 and 60 s after the last signature; how long sealing takes
      // is bench:bids's to measure, and on a loaded machine it can miss the 14 s check.
      await expect(downloadSigned).toBeVisible({ timeout: 45_000 });
      await axeBothWidths(page, "the signed screen");

      // The sealed PDF reaches both signers and the sender: the same file.
      const files = [];
      for (const to of [ana.email, luis.email, sender.email])
        files.push(pdfAttachment(await bidMail(smtp, bidId, to, `Signed proposal: ${project}`)));
      const sealed = files[0]!;
      expect(files[1]!.equals(sealed) && files[2]!.equals(sealed)).toBe(true);
      const text = (await pdfText(sealed)).replace(/\s+/g, " ");
      for (const expected of [project, AMOUNT, "Ana Ruiz", "Luis Ruiz", ana.email, luis.email])
        expect(text).toContain(expected);
      const signature = await pdfSignatures(sealed);
      expect(signature.validation).toEqual(["Signature is Valid."]);
      expect(signature.out).toContain("Total document signed");

      // One byte changed inside the signed range: pdfsig no longer finds it valid.
      const changed = Buffer.from(sealed);
      const range = /\/ByteRange\s*\[\s*0\s+(\d+)/.exec(sealed.toString("latin1"));
      const at = Math.floor(Number(range?.[1]) / 2);
      expect(at).toBeGreaterThan(1000);
      changed[at] ^= 0x01;
      const tampered = await pdfSignatures(changed);
      expect(tampered.validation).toHaveLength(1);
      expect(tampered.validation[0]).not.toBe("Signature is Valid.");

      // The client's Download PDF gives the sealed file too.
      const download = page.waitForEvent("download");
      await downloadSigned.click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/-signed\.pdf$/);
      expect((await readFile((await file.path())!)).equals(sealed)).toBe(true);

      // /verify knows the sealed file, and not the changed one.
      await page.goto("/verify");
      const input = page.getByLabel("Signed proposal (PDF)");
      const result = page.locator("#verify-result");
      await input.setInputFiles({ name: "signed.pdf", mimeType: "application/pdf", buffer: sealed });
      await expect(result).toContainText(SEALED);
      await expect(result).toContainText("Ana Ruiz");
      await axeClean(page, "/verify, sealed");
      await input.setInputFiles({ name: "changed.pdf", mimeType: "application/pdf", buffer: changed });
      await expect(result).toContainText("Not a sealed document");
      await expect(result).not.toContainText(SEALED);
      await axeClean(page, "/verify, not sealed");

      // Staff see it accepted with its signed PDF (a new load: the screen shows what it read when it opened).
      await staff.reload();
      await expect(detail.locator("header [data-status]")).toHaveText(/Accepted/);
      await expect(detail.getByText("Signed PDF ready")).toBeVisible();
      await expect(detail.getByRole("region", { name: "Signers" })).not.toContainText("not signed yet");
      // The timeline tells the e-mails apart: two links, then the signed PDF to both signers and the sender.
      const mailed = detail
        .getByRole("region", { name: "Timeline" })
        .getByRole("listitem")
        .filter({ hasText: "E-mail sent" });
      await expect(mailed.filter({ hasText: "link to" })).toHaveCount(2);
      await expect(mailed.filter({ hasText: "signed PDF to" })).toHaveCount(3);
    },
  );

  test("a decline with a reason: the client sees it, staff see it and the reason, markup stays text", async ({
    page,
    staff,
    request,
  }) => {
    const token = await apiToken(request);
    const maria = person("Maria", "Lopez");
    const { project, bidId, links } = await sentBid(request, token, [maria]);
    await page.goto(links[0]!);
    await page.getByRole("button", { name: "Decline", exact: true }).click();
    const reason = `Over budget ${XSS}`;
    await page.getByLabel("Reason for declining (optional)").fill(reason);
    await axeClean(page, "the decline form");
    // A forwarded link alone cannot decline: the e-mailed code comes first.
    await page.getByRole("button", { name: "E-mail me a code to decline" }).click();
    const codeField = page.getByRole("textbox", { name: "6-digit code" });
    await expect(codeField).toBeFocused();
    await codeField.fill(codeIn(await bidMail(smtp, bidId, maria.email, "Your code to sign")));
    await page.getByRole("button", { name: "Decline this bid" }).click();
    await expect(heading(page)).toHaveText("You declined this bid");
    await axeClean(page, "the declined notice");

    await withStoredToken(staff, token);
    await staff.goto(`/portal/proposals#${bidId}`);
    const detail = staff.getByRole("article", { name: project });
    await expect(detail.locator("header [data-status]")).toHaveText(/Declined/);
    await expect(detail.getByRole("region", { name: "Signers" })).toContainText(`“${reason}”`);
    await expect(staff.locator('img[src="x"]')).toHaveCount(0);
  });

  test("names and a message with markup are text on the client page, the staff screen and in the sealed PDF", async ({
    page,
    staff,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await apiToken(request);
    const eve = { name: `Eve ${XSS}`, email: `eve-${unique()}@example.com` };
    const project = `Markup ${unique()}`;
    const bid = { ...sampleBid(project, [eve]), message: `See you soon ${XSS}<script>alert(2)</script>` };
    const bidId = await seedWith(request).sendBid(token, bid);
    const link = linkPath(await bidMail(smtp, bidId, eve.email, "Proposal from"));

    await page.goto(link);
    await expect(page.getByText(bid.message)).toBeVisible();
    await expect(page.getByRole("list").getByText(eve.name)).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    // Signing through the API (the UI's steps are the first test's), with a typed name that is markup too.
    const client = clientApi(request);
    const secret = secretOf(link);
    const consentHash = await client.consentHash(secret);
    expect((await client.call("code", { secret, consent: true, consentHash })).status()).toBe(200);
    const code = codeIn(await bidMail(smtp, bidId, eve.email, "Your code to sign"));
    const typed = `Eve ${XSS} Adams`;
    const signed = await client.call("sign", { secret, code, name: typed, drawing: null, consentHash, accept: true });
    expect(signed.status()).toBe(200);
    const sealed = pdfAttachment(await bidMail(smtp, bidId, eve.email, "Signed proposal"));
    const text = (await pdfText(sealed)).replace(/\s+/g, " ");
    expect(text).toContain(eve.name);
    expect(text).toContain(typed);

    await page.reload();
    await expect(heading(page)).toHaveText("Signed");
    await expect(page.getByText(eve.name)).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    await withStoredToken(staff, token);
    await staff.goto(`/portal/proposals#${bidId}`);
    const detail = staff.getByRole("article", { name: project });
    await expect(detail.getByRole("region", { name: "Signers" })).toContainText(eve.name);
    await expect(detail.getByRole("region", { name: "What was sent" })).toContainText(bid.message);
    await expect(detail.getByRole("region", { name: "Timeline" })).toContainText(typed);
    await expect(staff.locator('img[src="x"]')).toHaveCount(0);
  });

  test("a wrong link is not valid", async ({ page }) => {
    await page.goto(`/bid#${randomBytes(32).toString("base64url")}`);
    await expect(heading(page)).toHaveText("This link is not valid");
    await axeClean(page, "the invalid link notice");
  });

  test("after five wrong codes the sixth try is refused, even with the right code", async ({ page, request }) => {
    const token = await apiToken(request);
    const omar = person("Omar", "Haddad");
    const { bidId, links } = await sentBid(request, token, [omar]);
    await page.goto(links[0]!);
    await page.getByRole("button", { name: "Accept and sign" }).click();
    await page.getByLabel(/I have read the disclosure/).check();
    await page.getByRole("button", { name: "Email me a code" }).click();
    const code = codeIn(await bidMail(smtp, bidId, omar.email, "Your code to sign"));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    // Five wrong tries straight to the API, from another address: the limit is the code's, not the address's.
    const client = clientApi(request);
    const secret = secretOf(links[0]!);
    const consentHash = await client.consentHash(secret);
    for (let i = 0; i < 5; i++) {
      const answer = await client.call("sign", {
        secret,
        code: wrong,
        name: "Omar",
        drawing: null,
        consentHash,
        accept: true,
      });
      expect(answer.status()).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "invalid_code", error: "That is not the code we sent" });
    }

    // The sixth, on the page, with the right code: refused on the code screen, the signing screen never opened.
    await page.getByRole("textbox", { name: "6-digit code" }).fill(code);
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/bids/check-code"));
    await page.getByRole("button", { name: "Continue" }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ confirmed: false, reason: "spent", triesLeft: 0 });
    await expect(page.getByText("Too many tries with this code: ask for a new code.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "6-digit code" })).toBeFocused();
    await expect(page.getByLabel("Your full name")).toBeHidden();
    await axeClean(page, "the refused code");
  });

  test("a staff session on the client's page is refused and records no view", async ({ page, request }) => {
    const token = await apiToken(request);
    const nina = person("Nina", "Park");
    const { project, bidId, links } = await sentBid(request, token, [nina]);
    await withStoredToken(page, token);
    await page.goto(links[0]!);
    await expect(heading(page)).toHaveText("Staff cannot sign as the client");
    await expect(page.getByText("You are signed in to the staff portal in this browser.")).toBeVisible();
    await axeClean(page, "the staff refusal");

    const detail = (await (await request.get(`${API.bids}/${bidId}`, { headers: authHeaders(token) })).json()) as {
      status: string;
      signers: { viewedAt: string | null }[];
      events: { kind: string }[];
    };
    expect(detail.status).toBe("sent");
    expect(detail.signers[0]!.viewedAt).toBeNull();
    expect(detail.events.map((e) => e.kind)).not.toContain("viewed");
    await page.goto(`/portal/proposals#${bidId}`);
    const article = page.getByRole("article", { name: project });
    await expect(article.getByRole("region", { name: "Signers" })).toContainText("Not opened yet");
    await expect(article.locator("header [data-status]")).toHaveText(/Sent/);
  });
});

test.describe("a bid that can no longer be signed", () => {
  test("withdrawn: the link says so", async ({ page, request }) => {
    const token = await apiToken(request);
    const { bidId, links } = await sentBid(request, token, [person("Rosa", "Diaz")]);
    const withdrawn = await request.post(`${API.bids}/${bidId}/withdraw`, { headers: authHeaders(token) });
    expect(withdrawn.status()).toBe(200);
    await page.goto(links[0]!);
    await expect(heading(page)).toHaveText("This bid was withdrawn");
    await expect(page.getByRole("button", { name: "Accept and sign" })).toBeHidden();
    await axeClean(page, "the withdrawn notice");
  });

  test("sent again: the old link says replaced, the new one opens", async ({ page, request }) => {
    const token = await apiToken(request);
    const seed = seedWith(request);
    const lena = person("Lena", "Park");
    const project = `Replaced ${unique()}`;
    const bid = sampleBid(project, [lena]);
    const bidId = await seed.sendBid(token, bid);
    const first = linkPath(await bidMail(smtp, bidId, lena.email, "Proposal from"));
    // A send that names the bid replaces it, as Send to client does from the same editor draft.
    expect(await seed.sendBid(token, { ...bid, bidId })).toBe(bidId);
    const [, second] = (await bidMails(smtp, bidId, lena.email, "Proposal from", { count: 2 })).map(linkPath);
    expect(second).not.toBe(first);

    await page.goto(first);
    await expect(heading(page)).toHaveText("This bid was replaced");
    await axeClean(page, "the replaced notice");
    await openLink(page, second!);
    await expect(heading(page)).toHaveText(`Proposal for ${project}`);
    await expect(page.getByRole("button", { name: "Accept and sign" })).toBeVisible();
  });

  test("expired: the link offers Ask for a new bid, and the sender is told", async ({ page, request }) => {
    const sender = await senderWithEmail(request);
    const pablo = person("Pablo", "Vega");
    const { bidId, links } = await sentBid(request, sender.token, [pablo]);
    // The day before the sending day in company time: expiry is counted in the company's calendar, not UTC's.
    await changeSentVersion(
      await newestVersion(bidId),
      `expires_on = (sent_at AT TIME ZONE '${company.timeZone}')::date - 1`,
    );
    await page.goto(links[0]!);
    await expect(heading(page)).toHaveText(/^This bid expired on /);
    await axeClean(page, "the expired notice");
    await page.getByRole("button", { name: "Ask for a new bid" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `We asked ${sender.username} for a new bid` }),
    ).toBeFocused();
    const update = await bidMail(smtp, bidId, sender.email, "Bid update");
    expect(update.text).toContain("Pablo Vega asked for a new proposal: this one expired before they signed.");
  });

  test("a signer who has not acted 3 days after the send gets a reminder (in Chicago's daytime)", async ({
    request,
  }) => {
    const token = await apiToken(request);
    const ivan = person("Ivan", "Petrov");
    const { project, bidId } = await sentBid(request, token, [ivan]);
    // Time passes for this bid alone: its send moves 4 days back; the job runs at the next daytime hour.
    await changeSentVersion(await newestVersion(bidId), "sent_at = sent_at - interval '4 days'");
    let now = new Date();
    while (isQuiet(now)) now = new Date(now.getTime() + 3_600_000);
    expect(await withServerDb((db) => queueFollowUps(db, now))).toBeGreaterThanOrEqual(1);
    const reminder = await bidMail(smtp, bidId, ivan.email, "Reminder: proposal for", now);
    expect(reminder.subject).toBe(`Reminder: proposal for ${project}`);
    expect(reminder.text).toContain("waits for you");
  });
});
