/**
 * The Reports screen (docs/leads.md#calls) on the production build: leads seeded in February 2024 (a month no
 * other spec writes) with known answers, drawn as charts whose tables show the figures; the CSV download; axe at
 * 375 and 1280 px; a staff member who is not an admin gets the 403 screen.
 */
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { sampleBid } from "./helpers/bids";
import { settle } from "./helpers/page";
import { apiToken, withStoredToken } from "./helpers/portal";
import { seedWith } from "./helpers/seed";
import { withServerDb } from "./helpers/server";
import { colleagueToken } from "./helpers/staff";

// Seeding replaces the month's leads: one test at a time.
test.describe.configure({ mode: "serial" });

/**
 * Four leads in February 2024, Monday to Wednesday mornings in Chicago: two from google in the week of Feb 5
 * (first replies after 30 and 90 business minutes), one direct and one from bing.com in the week of Feb 12 (one
 * unanswered, one answered after 45). Proposals go to the first two; the first is accepted.
 */
const LEADS = [
  { at: "2024-02-05T15:00:00Z", source: "google", minutes: 30 },
  { at: "2024-02-06T15:00:00Z", source: "google", minutes: 90 },
  { at: "2024-02-13T15:00:00Z", source: "direct", minutes: null },
  { at: "2024-02-14T15:00:00Z", source: "bing.com", minutes: 45 },
] as const;

async function seedMonth(request: APIRequestContext, token: string): Promise<void> {
  const ids = await withServerDb(async (db) => {
    await db.query("DELETE FROM contact_messages WHERE created_at >= '2024-02-01' AND created_at < '2024-03-01'");
    const ids: string[] = [];
    for (const [i, lead] of LEADS.entries()) {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO contact_messages (first_name, last_name, email, project_type, message, created_at, source,
           status, first_reply_at, first_reply_business_minutes, reply_due_at)
         VALUES ($1, 'Report', $2, 'general', 'Seeded for the reports', $3, $4,
           CASE WHEN $5::int IS NULL THEN 'new' ELSE 'contacted' END,
           CASE WHEN $5::int IS NULL THEN NULL ELSE $3::timestamptz + interval '1 day' END, $5, $3::timestamptz + interval '1 hour')
         RETURNING id`,
        [`Seed${i}`, `seed${i}@example.com`, lead.at, lead.source, lead.minutes],
      );
      ids.push(row!.id);
    }
    return ids;
  });
  const seed = seedWith(request);
  const accepted = await seed.sendBid(token, { ...sampleBid("Report seed A", [signer(0)]), leadId: ids[0] });
  await seed.sendBid(token, { ...sampleBid("Report seed B", [signer(1)]), leadId: ids[1] });
  // Signing online is the bid specs' subject; here the acceptance is written directly, its sealing put off a
  // year so the every-minute job leaves it alone.
  await withServerDb((db) =>
    db.query(
      "UPDATE bid_versions SET accepted_at = now(), seal_attempt_at = now() + interval '1 year' WHERE bid_id = $1",
      [accepted],
    ),
  );
}

const signer = (i: number) => ({ name: `Seed Signer ${i}`, email: `seed-signer-${i}@example.com` });

/** Opens the Reports screen for February 2024. */
async function openFebruary(page: Page): Promise<void> {
  await page.goto("/portal/reports");
  await page.getByLabel("From", { exact: true }).fill("2024-02-01");
  await page.getByLabel("To", { exact: true }).fill("2024-02-29");
  await expect(page.getByText("4 leads in 2 weeks with leads, from 3 sources.")).toBeVisible();
}

const chart = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

test("the seeded month: leads per week by source, the funnel and the response clock, as charts and tables", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  await seedMonth(request, token);
  await withStoredToken(page, token);
  await openFebruary(page);

  const weekly = chart(page, "Leads per week by source");
  await expect(weekly.getByRole("img", { name: /Leads per week by source/ })).toBeVisible();
  await weekly.getByRole("button", { name: "Show table" }).click();
  const weeklyRows = weekly.getByRole("table").getByRole("row");
  await expect(weeklyRows.nth(0)).toHaveText(/Week of\s*google\s*bing\.com\s*direct\s*Total/);
  await expect(weeklyRows.nth(1)).toHaveText(/2024-02-05\s*2\s*0\s*0\s*2/);
  await expect(weeklyRows.nth(2)).toHaveText(/2024-02-12\s*0\s*1\s*1\s*2/);

  const funnel = chart(page, "From lead to accepted proposal");
  await expect(funnel).toContainText("4 leads, 2 proposals sent (50%), 1 accepted (50% of proposals).");
  await expect(funnel.getByRole("row", { name: /^2024-02/ })).toHaveText(/2024-02\s*4\s*2\s*1\s*50%\s*50%/);

  const replies = chart(page, "Time to first reply");
  // Answered after 30, 45 and 90 business minutes: the median is 45 (0.8 h); 2 of the 4 within the hour.
  await expect(replies.getByRole("row", { name: /^2024-02/ })).toHaveText(/2024-02\s*4\s*3\s*0\.8 h\s*50%/);

  const download = page.waitForEvent("download");
  await funnel.getByRole("button", { name: /Download CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("leads-funnel-2024-02-01-2024-02-29.csv");
});

test("axe finds nothing on the Reports screen at 375 and 1280 px, tables shown", async ({ page, request }) => {
  await withStoredToken(page, await apiToken(request));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openFebruary(page);
    // Each click renames its button "Hide table": the next one to show is always the first left.
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Show table" }).first().click();
    await expect(page.getByRole("button", { name: "Hide table" })).toHaveCount(3);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
  }
});

test("a staff member who is not an admin gets the 403 screen, and no Reports link", async ({ page, request }) => {
  await withStoredToken(page, await colleagueToken(request));
  await page.goto("/portal/reports");
  await expect(page.getByRole("heading", { name: "Only an admin can open this screen" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Reports" })).toHaveCount(0);
});
