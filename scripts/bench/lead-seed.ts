/**
 * The leads bench's data, written straight into the server's database with SQL (thousands of posts through the
 * form would hit its limits and take minutes): a year of leads with varied statuses, owners, sources and message
 * lengths up to the form's maximum, and proposals sent from some of them, each a complete bid (version, signer,
 * timeline) accepted, declined or still open.
 */
import pg from "pg";
import { CONTACT_LIMITS } from "../../src/schemas/contact-fields";

/** Writes `leads` leads and `bids` proposals linked to them (one per fifth lead, so bids ≤ leads / 5). */
export async function seedLeads(databaseUrl: string, leads: number, bids: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(`INSERT INTO staff_users (username, display_name)
      SELECT 'bench-owner-' || i, 'Owner ' || i FROM generate_series(1, 3) AS i`);
    // Lead i arrived i × (a year / leads) ago. Every fifth one up to the bids wanted has a proposal: by turns
    // accepted (won), declined (lost, or still waiting for its reason) and open; of the others, the newest and a
    // few old ones are still new (overdue), some lost without a proposal, the rest contacted.
    await client.query(
      `WITH owners AS (SELECT array_agg(id ORDER BY username) AS ids FROM staff_users),
       numbered AS (
         SELECT i, now() - make_interval(mins => i * (525600 / $1)) AS at,
           CASE WHEN i % 5 = 0 AND i / 5 <= $2 THEN (ARRAY['accepted', 'declined', 'sent'])[1 + (i / 5) % 3] END AS bid
         FROM generate_series(1, $1) AS i)
       INSERT INTO contact_messages (first_name, last_name, email, phone, project_type, message, created_at,
         reply_due_at, overdue_noticed_at, status, lost_reason, owner_id, first_reply_at, first_reply_business_minutes,
         source, utm_source, referrer, source_page)
       SELECT 'Lead', 'Bench ' || i, 'lead' || i || '@example.com', '(713) 555-' || lpad((i % 10000)::text, 4, '0'),
         (ARRAY['general', 'commercial remodel', 'multifamily repaint', 'roofing'])[1 + i % 4],
         left(repeat('Interior and exterior repaint of a 24-unit building in Katy, starting in March. ', 70),
           40 + (i * 7919) % ($3 - 40)),
         at, at + interval '1 hour', at + interval '1 hour', s.status,
         CASE WHEN s.status = 'lost' THEN 'Went with a cheaper bid' END,
         CASE WHEN i % 4 > 0 THEN owners.ids[1 + i % array_length(owners.ids, 1)] END,
         CASE WHEN s.status <> 'new' THEN at + make_interval(mins => i % 240) END,
         CASE WHEN s.status <> 'new' THEN i % 240 END,
         (ARRAY['google', 'direct', 'facebook', 'houzz.com', 'nextdoor'])[1 + i % 5],
         CASE WHEN i % 5 IN (0, 2) THEN (ARRAY['google', 'direct', 'facebook'])[1 + i % 3] END,
         CASE WHEN i % 5 = 3 THEN 'https://www.houzz.com/pro/anchored' END, '/contact'
       FROM numbered, owners, LATERAL (SELECT CASE
         WHEN bid = 'accepted' THEN 'won'
         WHEN bid = 'declined' THEN CASE WHEN i % 2 = 0 THEN 'lost' ELSE 'proposal-sent' END
         WHEN bid = 'sent' THEN 'proposal-sent'
         WHEN i <= 40 OR i % 97 = 0 THEN 'new'
         WHEN i % 11 = 0 THEN 'lost'
         ELSE 'contacted' END AS status) AS s`,
      [leads, bids, CONTACT_LIMITS.message],
    );
    // One complete bid per lead with a proposal: sent a day after the lead, then accepted (and sealed) or declined
    // by its signer, or open until a month from today, reminded already; its timeline says the same. Complete, so
    // the every-minute job finds nothing to seal, remind or notice and stays out of the timings.
    await client.query(
      `WITH picked AS (
         SELECT m.id AS lead_id, m.owner_id, m.created_at + interval '1 day' AS sent_at, m.email,
           (ARRAY['accepted', 'declined', 'sent'])[1 + (split_part(m.last_name, ' ', 2)::int / 5) % 3] AS outcome
         FROM contact_messages m WHERE m.first_name = 'Lead' AND m.last_name LIKE 'Bench %'
           AND split_part(m.last_name, ' ', 2)::int % 5 = 0 AND split_part(m.last_name, ' ', 2)::int / 5 <= $1),
       made AS (
         INSERT INTO bids (lead_id, created_by, created_at) SELECT lead_id, owner_id, sent_at FROM picked
         RETURNING id, lead_id),
       versions AS (
         INSERT INTO bid_versions (bid_id, version, document, project_name, amount, message, expires_on, sent_by,
           sent_by_name, sent_at, pdf, sha256, accepted_at, declined_at, sealed_pdf, sealed_sha256, sealed_at)
         SELECT made.id, 1, '{}', 'Repaint', '$' || (10000 + abs(hashtext(made.id::text)) % 90000) || '.00', '',
           CASE WHEN p.outcome = 'sent' THEN current_date + 30 ELSE (p.sent_at + interval '30 days')::date END,
           p.owner_id, 'Bench Estimator', p.sent_at, '\\x00', repeat('b', 64),
           CASE WHEN p.outcome = 'accepted' THEN p.sent_at + interval '2 days' END,
           CASE WHEN p.outcome = 'declined' THEN p.sent_at + interval '2 days' END,
           CASE WHEN p.outcome = 'accepted' THEN '\\x00'::bytea END,
           CASE WHEN p.outcome = 'accepted' THEN encode(sha256(made.id::text::bytea), 'hex') END,
           CASE WHEN p.outcome = 'accepted' THEN p.sent_at + interval '2 days' END
         FROM made JOIN picked p USING (lead_id)
         RETURNING id, accepted_at, declined_at, sent_at, bid_id),
       signers AS (
         INSERT INTO bid_signers (version_id, position, name, email, viewed_at, signed_at, signed_name,
           declined_at, decline_reason, reminded_3_at, reminded_7_at)
         SELECT v.id, 1, 'Bench Client', p.email, v.sent_at + interval '1 hour', v.accepted_at,
           CASE WHEN v.accepted_at IS NOT NULL THEN 'Bench Client' END, v.declined_at,
           CASE WHEN v.declined_at IS NOT NULL THEN 'Over budget' END,
           v.sent_at + interval '3 days', v.sent_at + interval '7 days'
         FROM versions v JOIN made ON made.id = v.bid_id JOIN picked p USING (lead_id)
         RETURNING id, version_id)
       INSERT INTO bid_events (version_id, signer_id, kind, at)
       SELECT v.id, NULL, 'sent', v.sent_at FROM versions v
       UNION ALL SELECT v.id, s.id, 'viewed', v.sent_at + interval '1 hour' FROM versions v JOIN signers s ON s.version_id = v.id
       UNION ALL SELECT v.id, s.id, 'signed', v.accepted_at FROM versions v JOIN signers s ON s.version_id = v.id
         WHERE v.accepted_at IS NOT NULL
       UNION ALL SELECT v.id, NULL, 'sealed', v.accepted_at FROM versions v WHERE v.accepted_at IS NOT NULL
       UNION ALL SELECT v.id, s.id, 'declined', v.declined_at FROM versions v JOIN signers s ON s.version_id = v.id
         WHERE v.declined_at IS NOT NULL`,
      [bids],
    );
    await client.query("COMMIT");
    await client.query("ANALYZE");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}
