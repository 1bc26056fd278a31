import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { replyDueAt } from "~/lib/business-time";
import { call, describeEachBackend, loginAs } from "../../test/api";

const PASSWORD = "correct horse battery staple";

/**
 * Text a spreadsheet may read as the start of a formula (OWASP's CSV injection guidance): = + - @, a tab, a
 * carriage return, a line feed, a space, and the full-width ＝ ＋ － ＠.
 */
const HOSTILE = [
  '=HYPERLINK("https://evil.test","x")',
  "+1+1",
  "-2+3",
  "@SUM(A1)",
  "\t=1+1",
  "\r=1+1",
  "\n=1+1",
  " =1+1",
  "\uff1d1+1",
  "\uff0b1+1",
  "\uff0d1+1",
  "\uff20SUM(A1)",
];

/** The cells of a CSV download: every cell quoted, quotes doubled, line breaks inside quotes kept, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text.startsWith("\r\n", i)) {
      rows.push(row);
      row = [];
      i += 2;
      continue;
    }
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text[i] !== '"') {
      // The activity log's header row is not quoted.
      const end = text.slice(i).search(/,|\r\n/);
      row.push(text.slice(i, end < 0 ? undefined : i + end));
      i = end < 0 ? text.length : i + end;
      continue;
    }
    let cell = "";
    i++;
    for (;;) {
      const quote = text.indexOf('"', i);
      if (quote < 0) throw new Error("unterminated cell");
      cell += text.slice(i, quote);
      if (text[quote + 1] === '"') {
        cell += '"';
        i = quote + 2;
      } else {
        i = quote + 1;
        break;
      }
    }
    row.push(cell);
  }
  if (row.length) rows.push(row);
  return rows;
}

describeEachBackend("CSV downloads: a cell a spreadsheet could read as a formula is defused", (db) => {
  let admin = "";
  beforeAll(async () => {
    const username = `csv-${randomUUID().slice(0, 8)}`;
    await db.createStaff(username, PASSWORD);
    admin = await loginAs(username, PASSWORD);
  });

  /** Each hostile text must come back as one cell, prefixed with ' (so it stays text), and never bare. */
  const expectDefused = (cells: string[]) => {
    for (const value of HOSTILE) {
      expect(cells, JSON.stringify(value)).toContain(`'${value}`);
      expect(cells, JSON.stringify(value)).not.toContain(value);
    }
  };

  it("the leads report's CSV (weekly table: each lead's source)", async () => {
    for (const source of HOSTILE) {
      const at = new Date("2026-01-06T16:00:00Z");
      await db.query(
        `INSERT INTO contact_messages (first_name, email, project_type, message, created_at, reply_due_at, source)
         VALUES ('Seed', 'seed@example.com', 'general', 'Seeded', $1, $2, $3)`,
        [at, replyDueAt(at), source],
      );
    }
    const res = await call("GET", "/api/portal/reports/leads.csv?table=weekly&from=2026-01-01&to=2026-01-31", {
      token: admin,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(["week", "source", "leads"]);
    expect(rows).toHaveLength(HOSTILE.length + 1);
    expectDefused(rows.slice(1).map((r) => r[1]!));
  });

  it("the activity log's CSV (each entry's detail)", async () => {
    for (const detail of HOSTILE)
      await db.query("INSERT INTO audit_log (action, username, detail) VALUES ('account.update', 'clerk', $1)", [
        detail,
      ]);
    const res = await call("GET", "/api/portal/activity.csv?kind=account", { token: admin });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(await res.text());
    const detail = rows[0]!.indexOf("detail");
    expect(detail).toBeGreaterThan(0);
    expect(rows).toHaveLength(HOSTILE.length + 1);
    expectDefused(rows.slice(1).map((r) => r[detail]!));
  });
});
