import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import type { LeadReport } from "~/schemas/leads";
import { ReportBody } from "./ReportBody";

const period = { from: "2001-01-01", to: "2001-12-31" };
const empty: LeadReport = { ...period, weekly: [], funnel: [], replies: [] };
const oneLead: LeadReport = {
  ...period,
  weekly: [{ week: "2001-03-05", source: "google", leads: 1 }],
  funnel: [{ month: "2001-03", leads: 1, proposals: 0, accepted: 0, proposalRate: 0, acceptRate: null }],
  replies: [{ month: "2001-03", leads: 1, answered: 0, medianMinutes: null, withinHourShare: 0 }],
};

test("a period without leads is said in words, with no chart drawn", () => {
  const html = renderToStaticMarkup(<ReportBody report={empty} />);
  expect(html).toContain("No leads in this period");
  expect(html).toContain("from 2001-01-01 to 2001-12-31");
  expect(html).not.toContain("<svg");
  expect(html).not.toContain(`role="img"`);
});

test("a period with a lead draws the three charts instead of the words", () => {
  const html = renderToStaticMarkup(<ReportBody report={oneLead} />);
  expect(html).not.toContain("No leads in this period");
  expect(html.match(/<svg role="img"/g)).toHaveLength(3);
});
