/**
 * The company's data as one ZIP of JSON and files (what an administrator downloads), read in batches.
 * Whole-database backups are the database's own (README).
 */
import { strToU8, Zip, ZipDeflate } from "fflate";
import type { Queryable } from "~/server/db";
import { signedBidFiles } from "~/server/bids/export";
import { imagesAfter } from "~/server/signatures/images";

/** Bumped when the files' shapes change, so a restore can tell which it reads. */
export const EXPORT_FORMAT = 1;

/** Rows read per query: a batch of the largest rows (templates with their versions, images) stays in memory. */
const BATCH = { templates: 20, images: 10, rows: 200 } as const;

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/**
 * The text `JSON.stringify(rows, null, 2)` gives for all the rows `batches` yields, written a row at a time: a
 * large list is never one string in memory.
 */
async function* jsonArray(batches: AsyncIterable<unknown[]>): AsyncGenerator<Uint8Array> {
  let first = true;
  for await (const rows of batches)
    for (const row of rows) {
      const text = JSON.stringify(row, null, 2).replace(/\n/g, "\n  ");
      yield strToU8(`${first ? "[\n" : ",\n"}  ${text}`);
      first = false;
    }
  yield strToU8(first ? "[]" : "\n]");
}

/**
 * Pages through `sql`, which orders by (created_at, id), takes the last row's as $1 and $2 and the page size as
 * $3, and selects created_at again as text in "cursorAt": exact to the microsecond (a Date is not), so no row
 * is read twice or skipped. The rows come without it.
 */
async function* pages<T extends { id: string }>(db: Queryable, sql: string, limit: number): AsyncGenerator<T[]> {
  let after: [string, string] = ["-infinity", "00000000-0000-0000-0000-000000000000"];
  for (;;) {
    const rows = await db.query<T & { cursorAt: string }>(sql, [...after, limit]);
    if (rows.length) yield rows.map(({ cursorAt: _cursorAt, ...row }) => row as unknown as T);
    if (rows.length < limit) return;
    const last = rows.at(-1)!;
    after = [last.cursorAt, last.id];
  }
}

const TEMPLATES_SQL = `SELECT t.id, t.title, t.description, t.template_content AS "templateContent", t.category, t.version,
    t.created_at AS "createdAt", t.updated_at AS "savedAt", u.username AS "savedBy", t.deleted_at AS "deletedAt", t.created_at::text AS "cursorAt"
  FROM proposal_templates t LEFT JOIN staff_users u ON u.id = COALESCE(t.updated_by, t.created_by)
  WHERE (t.created_at, t.id) > ($1::timestamptz, $2::uuid) ORDER BY t.created_at, t.id LIMIT $3`;

const VERSIONS_SQL = `SELECT v.template_id AS "templateId", v.version, v.title, v.description,
    v.template_content AS "templateContent", v.category, u.username AS "savedBy", v.saved_at AS "savedAt"
  FROM proposal_template_versions v LEFT JOIN staff_users u ON u.id = v.saved_by
  WHERE v.template_id = ANY($1::uuid[]) ORDER BY v.template_id, v.version DESC`;

const SIGNATURES_SQL = `SELECT s.id, u.username AS owner, s.is_company AS "isCompanyTemplate", s.name, s.description,
    s.form_data AS "formData", s.elements, s.global_settings AS "globalSettings", s.html_content AS "htmlContent",
    s.logo_url AS "logoUrl", s.created_at AS "createdAt", s.created_at::text AS "cursorAt"
  FROM signature_templates s LEFT JOIN staff_users u ON u.id = s.owner_id
  WHERE (s.created_at, s.id) > ($1::timestamptz, $2::uuid) ORDER BY s.created_at, s.id LIMIT $3`;

/** Each message with what staff made of it as a lead: its status, owner, source, private notes and replies. */
const MESSAGES_SQL = `SELECT m.id, m.first_name AS "firstName", m.last_name AS "lastName", m.email, m.phone,
    m.project_type AS "projectType", m.message, m.handled, m.spam_reason AS "spamReason", m.held,
    m.created_at AS "createdAt", m.status, u.username AS owner, m.follow_up_on::text AS "followUpOn",
    m.lost_reason AS "lostReason", m.first_reply_at AS "firstReplyAt",
    m.first_reply_business_minutes AS "firstReplyMinutes", m.source, m.source_page AS "sourcePage", m.referrer,
    m.landing_page AS "landingPage",
    (SELECT COALESCE(json_agg(json_build_object('author', n.author, 'body', n.body, 'createdAt', n.created_at)
       ORDER BY n.created_at), '[]') FROM lead_notes n WHERE n.lead_id = m.id) AS notes,
    (SELECT COALESCE(json_agg(json_build_object('author', r.author, 'replyTo', r.reply_to, 'body', r.body,
       'createdAt', r.created_at) ORDER BY r.created_at), '[]') FROM lead_replies r WHERE r.lead_id = m.id) AS replies,
    m.created_at::text AS "cursorAt"
  FROM contact_messages m LEFT JOIN staff_users u ON u.id = m.owner_id
  WHERE (m.created_at, m.id) > ($1::timestamptz, $2::uuid) ORDER BY m.created_at, m.id LIMIT $3`;

/**
 * Writes the company's data as one ZIP, in pieces to `write` (awaited before the next is made), so an export of
 * any size is never whole in memory: every proposal template (the Trash included) with its kept versions, every
 * signature template, every stored image and every contact message, as `proposal-templates/<id>.json`,
 * `signature-templates.json`, `images/<sha256>.<png|jpg|webp|gif>` (exported cards and template and proposal
 * logos), `contact-messages.json`, each signed bid's sealed PDF and event log (`bids/<bidId>/v<n>-signed.pdf`,
 * `bids/<bidId>/v<n>-events.json`) and, last, `manifest.json` with the counts of what was written.
 */
export async function writeExport(
  db: Queryable,
  exportedBy: string,
  now: Date,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<void> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => (error ? (failure = error) : ready.push(chunk)));
  const flush = async () => {
    if (failure) throw failure;
    while (ready.length) await write(ready.shift()!);
  };
  const addFile = async (name: string, content: Uint8Array | AsyncIterable<Uint8Array>) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    if (content instanceof Uint8Array) file.push(content, true);
    else {
      for await (const piece of content) {
        file.push(piece);
        await flush();
      }
      file.push(new Uint8Array(0), true);
    }
    await flush();
  };

  const counts = { proposalTemplates: 0, signatureTemplates: 0, images: 0, contactMessages: 0, signedBids: 0 };
  for await (const templates of pages<{ id: string }>(db, TEMPLATES_SQL, BATCH.templates)) {
    const versions = await db.query<{ templateId: string }>(VERSIONS_SQL, [templates.map((t) => t.id)]);
    for (const template of templates) {
      const file = { format: EXPORT_FORMAT, template, versions: versions.filter((v) => v.templateId === template.id) };
      await addFile(`proposal-templates/${template.id}.json`, json(file));
    }
    counts.proposalTemplates += templates.length;
  }
  const counted = async function* (key: keyof typeof counts, batches: AsyncIterable<unknown[]>) {
    for await (const rows of batches) {
      counts[key] += rows.length;
      yield rows;
    }
  };
  await addFile(
    "signature-templates.json",
    jsonArray(counted("signatureTemplates", pages(db, SIGNATURES_SQL, BATCH.rows))),
  );
  await addFile("contact-messages.json", jsonArray(counted("contactMessages", pages(db, MESSAGES_SQL, BATCH.rows))));
  for (let after = "", batch = await imagesAfter(db, after, BATCH.images); batch.length;) {
    for (const image of batch) await addFile(`images/${image.file}`, new Uint8Array(image.bytes));
    counts.images += batch.length;
    after = batch.at(-1)!.sha256;
    batch = batch.length < BATCH.images ? [] : await imagesAfter(db, after, BATCH.images);
  }
  for await (const file of signedBidFiles(db)) {
    await addFile(file.name, file.content);
    if (file.name.endsWith("-signed.pdf")) counts.signedBids++;
  }
  await addFile("manifest.json", json({ format: EXPORT_FORMAT, exportedAt: now.toISOString(), exportedBy, counts }));
  zip.end();
  await flush();
}

/** The whole export as one ZIP in memory (for tests, and small exports). */
export async function exportEverything(db: Queryable, exportedBy: string, now = new Date()): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await writeExport(db, exportedBy, now, async (chunk) => void chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}
