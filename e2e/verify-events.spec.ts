/** /verify shows the event log of a sealed file it recognises, readable at 375 px and clean for axe. */
import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll } from "./helpers/page";
import type { BidVerification } from "../src/schemas/bids";
import { axeViolations } from "./helpers/axe";

const verification: BidVerification = {
  sealed: true,
  documentId: "0b9f3c52-6a8e-4f57-9d38-1f2a3b4c5d6e",
  projectName: "Chung cư Sông Sài Gòn",
  amount: "$48,500.00",
  signers: [{ name: "Nguyễn Thị Minh Khai", signedAt: "2026-11-21T10:00:00.000Z" }],
  sealedAt: "2026-11-21T10:00:02.000Z",
  events: [
    { kind: "sent", at: "2026-11-20T09:00:00.000Z", signer: null, ip: "203.0.113.9", userAgent: null },
    {
      kind: "signed",
      at: "2026-11-21T10:00:00.000Z",
      signer: "Nguyễn Thị Minh Khai",
      ip: "198.51.100.7",
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)",
    },
    { kind: "sealed", at: "2026-11-21T10:00:02.000Z", signer: null, ip: null, userAgent: null },
  ],
};

test("/verify lists a sealed file's events, oldest first, in a table that fits a phone @phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The lookup's answer stands in for a sealed file: what is checked here is how the page shows the events.
  await page.route("**/api/verify/*", (route) => route.fulfill({ json: verification }));
  await page.goto("/verify");
  await page.getByLabel("Signed proposal (PDF)").setInputFiles({
    name: "signed.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n%%EOF\n"),
  });
  const table = page.getByRole("table", { name: "Event log" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Time (UTC)", "Event", "Signer", "Address"]);
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText("sent");
  await expect(rows.nth(2)).toContainText("Nguyễn Thị Minh Khai");
  await expect(rows.nth(3)).toContainText("sealed");
  // The page itself does not scroll sideways; a wide table scrolls inside its box.
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
});
