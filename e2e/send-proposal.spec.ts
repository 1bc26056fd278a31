/**
 * Send to client from the proposal editor (docs/bids.md): the dialog, what the POST carries, and a send that replaces.
 * What the client does with a sent bid is bid-signing.spec.ts's, which sends through the API the document this
 * spec checks the editor posts (`editorBid`).
 */
import { expect, test, type Locator } from "./fixtures";
import { expiryChoice } from "../src/lib/bid-days";
import type { BidInput } from "../test/seed";
import { axeViolations } from "./helpers/axe";
import { editorBid, unique } from "./helpers/bids";
import { expectToast, field, openEditor } from "./helpers/proposal-editor";
import { API } from "./helpers/seed";

const isSend = (url: string, method: string) => new URL(url).pathname === API.bids && method === "POST";

async function fillSigner(group: Locator, signer: { name: string; email: string }) {
  await group.getByLabel("Full name").fill(signer.name);
  await group.getByLabel("E-mail").fill(signer.email);
}

test("Send to client: the edited document, two signers, a message and the default expiry; a second send replaces the first", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const id = unique();
  const ana = { name: "Ana Ruiz", email: `ana-${id}@example.com` };
  const luis = { name: "Luis Ruiz", email: `luis-${id}@example.com` };
  const project = `Garza Kitchen ${id}`;
  await openEditor(page, request);
  await field(page, "Project name").fill(project);

  await page.getByRole("button", { name: "Send to client" }).click();
  const dialog = page.getByRole("dialog", { name: "Send to client" });
  const send = dialog.getByRole("button", { name: "Send", exact: true });
  await expect(dialog.getByLabel("Open until")).toHaveValue(expiryChoice(new Date()).value);

  // The form checks itself before anything is sent.
  let sent = 0;
  page.on("request", (r) => void (isSend(r.url(), r.method()) && (sent += 1)));
  await send.click();
  await expect(dialog.getByText("Signer name is required")).toBeVisible();
  await expect(dialog.getByText("Enter a valid e-mail address")).toBeVisible();
  expect(sent).toBe(0);

  await dialog.getByRole("button", { name: "Add a second signer" }).click();
  await expect(dialog.getByRole("button", { name: "Add a second signer" })).toHaveCount(0);
  await fillSigner(dialog.getByRole("group", { name: "Signer 1" }), ana);
  await fillSigner(dialog.getByRole("group", { name: "Signer 2" }), luis);
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel("Message").fill("Both of you sign, as the homestead rule asks.");

  const posted = page.waitForRequest((r) => isSend(r.url(), r.method()));
  const answered = page.waitForResponse((r) => isSend(r.url(), r.request().method()));
  await send.click();
  const body = (await posted).postDataJSON() as BidInput;
  expect(body).not.toHaveProperty("bidId");
  // Each signer reads English unless staff choose Spanish for them.
  expect(body.signers).toEqual([
    { ...ana, language: "en" },
    { ...luis, language: "en" },
  ]);
  expect(body.message).toBe("Both of you sign, as the homestead rule asks.");
  expect(body.expiresOn).toBe(expiryChoice(new Date()).value);
  // The document as the contract freezes it: the default logo drawn inline, the body as a tree, the typed project
  // name; the rest is the default proposal that the other specs send through the API (`editorBid`).
  const { document: seeded } = editorBid(project, [ana, luis]);
  expect(body.document.settings).not.toHaveProperty("logoFile");
  expect(body.document.settings).toEqual({
    ...seeded.settings,
    logo: expect.stringMatching(/^data:image\/(?:png|jpeg);base64,/),
  });
  expect(body.document.content).toEqual({ ...seeded.content, currentDate: expect.any(String) });
  expect(body.document.body).toEqual(seeded.body);
  expect(body.document.body[0]).toEqual({ tag: "h2", children: ["Scope of Work"] });
  expect(JSON.stringify(body.document.body)).not.toContain("<");
  const response = await answered;
  expect(response.ok()).toBe(true);
  const { bidId } = (await response.json()) as { bidId: string };
  await expectToast(page, "Proposal sent to Ana Ruiz and Luis Ruiz");
  await expect(dialog).toBeHidden();

  // Sending again from the same editor replaces that bid: the request names it.
  await page.getByRole("button", { name: "Send to client" }).click();
  await expect(dialog).toContainText("the link sent before stops working");
  await expect(dialog.getByLabel("Full name")).toHaveValue("");
  await fillSigner(dialog.getByRole("group", { name: "Signer" }), ana);
  const again = page.waitForRequest((r) => isSend(r.url(), r.method()));
  const replaced = page.waitForResponse((r) => isSend(r.url(), r.request().method()));
  await send.click();
  expect(((await again).postDataJSON() as BidInput).bidId).toBe(bidId);
  // The same bid answers, as its second version.
  const replacement = await replaced;
  expect(replacement.status()).toBe(201);
  expect(await replacement.json()).toMatchObject({ bidId, version: 2 });
  await expectToast(page, "Proposal sent to Ana Ruiz");
  await expect(dialog).toBeHidden();

  // The pipeline shows the newest version, to the one signer it went to.
  await page.goto(`/portal/proposals#${bidId}`);
  const detail = page.getByRole("article", { name: project });
  await expect(detail).toContainText("version 2");
  await expect(detail.getByRole("region", { name: "Signers" })).toContainText(ana.email);
  await expect(detail.getByRole("region", { name: "Signers" })).not.toContainText(luis.email);
});

test("a signer's address the API refuses shows on its field", async ({ page, request }) => {
  await openEditor(page, request);
  // The API's own check answers for the field, as it would for an address the browser let through.
  await page.route(
    (url) => url.pathname === API.bids,
    (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: "Invalid request body",
          code: "invalid_request",
          issues: [{ path: ["signers", "0", "email"], message: "This address cannot receive e-mail", code: "custom" }],
        },
      }),
  );
  await page.getByRole("button", { name: "Send to client" }).click();
  const dialog = page.getByRole("dialog", { name: "Send to client" });
  await fillSigner(dialog.getByRole("group", { name: "Signer" }), { name: "Ana Ruiz", email: "ana@example.com" });
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(dialog.getByLabel("E-mail")).toHaveAccessibleDescription("This address cannot receive e-mail");
  await expect(dialog).toBeVisible();
});
