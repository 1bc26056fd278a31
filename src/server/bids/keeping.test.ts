import { beforeEach, expect, it } from "vitest";
import { describeEachBackend } from "../../../test/api";

/**
 * The database keeps what was sent and signed, whoever asks (these statements run as the superuser, whom
 * triggers bind too): a sent version never changes, and a signature, its version and its timeline stay
 * unchanged for 7 years after signing.
 */
describeEachBackend("bids: what the database keeps", (db) => {
  let version = "";
  let signer = "";

  /** A sent version with one signer who signed `signedAgo` ago (accepted), or who has not signed. */
  async function makeVersion(signedAgo: string | null) {
    const [bid] = await db.query<{ id: string }>("INSERT INTO bids DEFAULT VALUES RETURNING id");
    const [v] = await db.query<{ id: string }>(
      `INSERT INTO bid_versions (bid_id, version, document, project_name, amount, message, expires_on, sent_by_name,
         pdf, sha256, accepted_at)
       VALUES ($1, 1, '{}', 'P', '$1.00', '', current_date + 30, 'Sam', '\\x25504446', repeat('a', 64),
         now() - $2::interval)
       RETURNING id`,
      [bid!.id, signedAgo],
    );
    const [s] = await db.query<{ id: string }>(
      `INSERT INTO bid_signers (version_id, position, name, email, signed_at, signed_name)
       VALUES ($1, 0, 'Jo', 'jo@example.com', now() - $2::interval, CASE WHEN $2::interval IS NOT NULL THEN 'Jo Client' END)
       RETURNING id`,
      [v!.id, signedAgo],
    );
    await db.query("INSERT INTO bid_events (version_id, signer_id, kind) VALUES ($1, $2, 'signed')", [v!.id, s!.id]);
    return { version: v!.id, signer: s!.id };
  }

  beforeEach(async () => {
    ({ version, signer } = await makeVersion("1 day"));
  });

  const refused = (statement: string, params: unknown[] = []) =>
    expect(db.query(statement, params)).rejects.toThrow(/never changes|kept|never edited/);

  it.each([
    ["the document", "UPDATE bid_versions SET document = '{\"x\":1}' WHERE id = $1"],
    ["the PDF", "UPDATE bid_versions SET pdf = '\\x00' WHERE id = $1"],
    ["the SHA-256", "UPDATE bid_versions SET sha256 = repeat('b', 64) WHERE id = $1"],
  ])("a sent version's %s never changes, signed or not", async (_, statement) => {
    await refused(statement, [version]);
    const open = await makeVersion(null);
    await refused(statement, [open.version]);
  });

  it.each([
    ["the typed name", "UPDATE bid_signers SET signed_name = 'Someone Else' WHERE id = $1", "signer"],
    ["the signing time", "UPDATE bid_signers SET signed_at = now() WHERE id = $1", "signer"],
    ["the e-mail", "UPDATE bid_signers SET email = 'x@example.com' WHERE id = $1", "signer"],
    ["a signer", "DELETE FROM bid_signers WHERE id = $1", "signer"],
    ["the acceptance", "UPDATE bid_versions SET accepted_at = NULL WHERE id = $1", "version"],
    ["a withdrawal after it", "UPDATE bid_versions SET withdrawn_at = now() WHERE id = $1", "version"],
    ["the version", "DELETE FROM bid_versions WHERE id = $1", "version"],
    ["its timeline entries", "DELETE FROM bid_events WHERE version_id = $1", "version"],
    ["an event's text", "UPDATE bid_events SET detail = 'edited' WHERE version_id = $1", "version"],
  ])("a signed version's %s cannot be changed or deleted", async (_, statement, target) => {
    await refused(statement, [target === "signer" ? signer : version]);
  });

  it("the bid itself cannot be deleted, nor the tables emptied", async () => {
    await refused("DELETE FROM bids WHERE id = (SELECT bid_id FROM bid_versions WHERE id = $1)", [version]);
    await refused("TRUNCATE bid_events, bid_signers, bid_versions, bids CASCADE");
  });

  it("the seal is set once and then kept", async () => {
    await db.query(
      "UPDATE bid_versions SET sealed_pdf = '\\x01', sealed_sha256 = repeat('c', 64), sealed_at = now() WHERE id = $1",
      [version],
    );
    await refused("UPDATE bid_versions SET sealed_pdf = '\\x02' WHERE id = $1", [version]);
  });

  it("an unsigned version may be deleted; a signed one may go 7 years after signing", async () => {
    const open = await makeVersion(null);
    await db.query("DELETE FROM bid_events WHERE version_id = $1", [open.version]);
    await db.query("DELETE FROM bid_versions WHERE id = $1", [open.version]);
    const old = await makeVersion("7 years 1 day");
    await db.query("DELETE FROM bid_versions WHERE id = $1", [old.version]);
    expect(await db.query("SELECT 1 FROM bid_signers WHERE id = $1", [old.signer])).toHaveLength(0);
  });
});
