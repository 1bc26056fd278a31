/**
 * /verify follows the browser's language: a Spanish browser lands on /verify/es, reads a sealed file's answer in
 * Spanish (dates in es-US), switches to English and stays there; axe finds nothing in either language.
 */
import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll } from "./helpers/page";
import type { BidVerification } from "../src/schemas/bids";
import { axeViolations } from "./helpers/axe";

test.use({ locale: "es-US" });

const verification: BidVerification = {
  sealed: true,
  documentId: "0b9f3c52-6a8e-4f57-9d38-1f2a3b4c5d6e",
  projectName: "Casa Muñoz Peña",
  amount: "$48,500.00",
  signers: [{ name: "María José Muñoz Peña", signedAt: "2026-11-21T10:00:00.000Z" }],
  sealedAt: "2026-11-21T10:00:02.000Z",
  events: [
    { kind: "sent", at: "2026-11-20T09:00:00.000Z", signer: null, ip: "203.0.113.9", userAgent: null },
    {
      kind: "signed",
      at: "2026-11-21T10:00:00.000Z",
      signer: "María José Muñoz Peña",
      ip: "198.51.100.7",
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)",
    },
    { kind: "sealed", at: "2026-11-21T10:00:02.000Z", signer: null, ip: null, userAgent: null },
  ],
};

const pdf = { name: "firmado.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n%%EOF\n") };

test("a Spanish browser gets /verify in Spanish, and the switch to English sticks @phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The lookup's answer stands in for a sealed file (bid-signing.spec.ts checks a real one): what is checked
  // here is the page's language.
  await page.route("**/api/verify/*", (route) => route.fulfill({ json: verification }));
  await page.goto("/verify");
  await expect(page).toHaveURL(/\/verify\/es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compruebe una propuesta firmada");

  await page.getByLabel("Propuesta firmada (PDF)").setInputFiles(pdf);
  const result = page.getByRole("status");
  await expect(result).toContainText("Este es un documento que sellamos, sin cambios.");
  await expect(result).toContainText("el 21 de noviembre de 2026, 10:00 UTC para María José Muñoz Peña.");
  const table = page.getByRole("table", { name: "Registro de eventos" });
  await expect(table.getByRole("columnheader")).toHaveText(["Hora (UTC)", "Evento", "Firmante", "Dirección IP"]);
  await expect(table.getByRole("row").nth(2)).toContainText("firmado (signed)");
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  // The switch back to English stays English, also on a later visit in this tab.
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/verify\?lang=en$/);
  // The page's script (a module: it runs before "load") records the choice for the tab.
  await page.waitForLoadState("load");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check a signed proposal");
  await page.goto("/verify");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check a signed proposal");
  await page.getByLabel("Signed proposal (PDF)").setInputFiles(pdf);
  await expect(page.getByRole("status")).toContainText("on November 21, 2026, 10:00 UTC for María José Muñoz Peña.");
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole("link", { name: "Español" })).toHaveAttribute("href", "/verify/es");
  expect(await axeViolations(page)).toEqual([]);
});
