/** Bids for the Proposals specs: one sent through the API, and the link a signer was mailed. */
import { DEFAULT_DOCUMENT_CONTENT, DEFAULT_DOCUMENT_SETTINGS } from "../../src/features/bid-editor/constants";
import { expiryChoice } from "../../src/lib/bid-days";
import { defaultSentDocument } from "../../test/fixtures/bid-document";
import type { BidInput } from "../../test/seed";
import { withServerDb } from "./server";

/** A name no other test or run uses, for projects and signers' addresses. */
export const unique = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A send of a small proposal for `projectName` to `signers`, open for the default 30 days. */
export function sampleBid(projectName: string, signers: { name: string; email: string }[]): BidInput {
  const { logoFile: _source, ...settings } = DEFAULT_DOCUMENT_SETTINGS;
  return {
    document: {
      settings: { ...settings, logo: null },
      content: { ...DEFAULT_DOCUMENT_CONTENT, projectName, currentDate: "Thursday, November 26, 2026" },
      body: [
        { tag: "h2", children: ["Scope of Work"] },
        { tag: "p", children: ["Two coats on every wall, ", { tag: "strong", children: ["primer included"] }, "."] },
      ],
    },
    signers,
    message: "Thank you for the walk-through.",
    expiresOn: expiryChoice(new Date()).value,
  };
}

/**
 * `sampleBid` with the document the editor's Send to client posts by default (its logo inline, its sample body,
 * its amounts), for specs that read that document on the client's page or in the sealed PDF.
 */
export function editorBid(projectName: string, signers: { name: string; email: string }[]): BidInput {
  const document = defaultSentDocument();
  return {
    ...sampleBid(projectName, signers),
    document: { ...document, content: { ...document.content, projectName } },
  };
}

/** The link secret last mailed to `email` (the `#` part of its link), read from the server's outbox. */
export async function mailedSecret(email: string): Promise<string> {
  const [row] = await withServerDb((db) =>
    db.query<{ secret: string | null }>(
      "SELECT facts->>'secret' AS secret FROM notification_outbox WHERE kind = 'bid-link' AND recipient = $1 ORDER BY id DESC LIMIT 1",
      [email],
    ),
  );
  const secret = row?.secret;
  if (!secret) throw new Error(`No bid link was mailed to ${email}`);
  return secret;
}
