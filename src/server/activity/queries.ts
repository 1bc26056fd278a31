/**
 * The activity log as admins read it: a page of entries with their filters, and the CSV download. Reads only;
 * the entries are written by ./audit.ts beside the change they record.
 */
import type { Queryable } from "~/server/db";
import { ACTIVITY_PAGE_SIZE, type ActivityEntry, type ActivityPage, type ActivityQuery } from "~/schemas/activity";
import { kindOf, subjectsOf } from "./audit";
import { csvCell } from "~/server/csv";

/** The most rows one CSV download holds (the log keeps 90 days; a small company stays far below). */
export const ACTIVITY_CSV_MAX_ROWS = 50_000;

/** WHERE clause and parameters of a query's filters; a person matches entries by them and about them. */
function filters(query: Pick<ActivityQuery, "person" | "kind">): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  if (query.person) {
    params.push(query.person);
    clauses.push(`(a.user_id = $${params.length} OR a.target_id = $${params.length})`);
  }
  if (query.kind) {
    // The same subject as subjectOf: the part before the first dot (the whole action when it has none).
    params.push(subjectsOf(query.kind));
    clauses.push(`split_part(a.action, '.', 1) = ANY($${params.length}::text[])`);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

const ENTRY_COLUMNS = `a.id::text AS id, a.created_at AS at, a.action, a.user_id AS "userId", a.username,
  actor.display_name AS "displayName", a.target_id::text AS "targetId", target.username AS "targetName",
  a.ip, a.user_agent AS "userAgent", a.detail, a.count
  FROM audit_log a
  LEFT JOIN staff_users actor ON actor.id = a.user_id
  LEFT JOIN staff_users target ON target.id = a.target_id`;

const toEntry = (row: Omit<ActivityEntry, "kind"> & { at: Date | string }): ActivityEntry => ({
  ...row,
  at: new Date(row.at).toISOString(),
  kind: kindOf(row.action),
});

/** One page of entries, newest first. */
export async function activityPage(db: Queryable, query: ActivityQuery): Promise<ActivityPage> {
  const { where, params } = filters(query);
  const offset = (query.page - 1) * ACTIVITY_PAGE_SIZE;
  const rows = await db.query<Omit<ActivityEntry, "kind"> & { at: Date | string }>(
    `SELECT ${ENTRY_COLUMNS} ${where} ORDER BY a.created_at DESC, a.id DESC
     LIMIT ${ACTIVITY_PAGE_SIZE} OFFSET ${offset}`,
    params,
  );
  const [{ total }] = (await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM audit_log a ${where}`,
    params,
  )) as [{ total: number }];
  return { entries: rows.map(toEntry), page: query.page, pageSize: ACTIVITY_PAGE_SIZE, total };
}

const CSV_COLUMNS: (keyof ActivityEntry)[] = [
  "at",
  "kind",
  "action",
  "username",
  "displayName",
  "targetName",
  "ip",
  "userAgent",
  "detail",
  "count",
];

/** Every entry matching the filters as CSV (header row first), newest first. */
export async function activityCsv(db: Queryable, query: Pick<ActivityQuery, "person" | "kind">): Promise<string> {
  const { where, params } = filters(query);
  const rows = await db.query<Omit<ActivityEntry, "kind"> & { at: Date | string }>(
    `SELECT ${ENTRY_COLUMNS} ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${ACTIVITY_CSV_MAX_ROWS}`,
    params,
  );
  const lines = [
    CSV_COLUMNS.join(","),
    ...rows.map(toEntry).map((e) => CSV_COLUMNS.map((c) => csvCell(e[c])).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
