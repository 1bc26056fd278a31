/**
 * Which e-mail each outbox row's `kind` stands for: the domains that queue e-mails (bids, leads, notifications)
 * register a renderer for each of their kinds when their e-mails module loads, so the outbox sends any kind
 * without knowing the domain behind it. `src/server/mail-kinds.ts` loads every domain's e-mails module; each
 * entry point that drains the outbox imports it (through the app or the jobs).
 */
import type { SendMailOptions } from "nodemailer";
import type { Queryable } from "~/server/db";
import type { EmailContext } from "./email";
import type { NoticeFacts, SecurityNotice } from "./security-texts";

/** An outbox row as a worker claimed it: what a renderer reads to compose its e-mail. */
export interface OutboxRow {
  id: string;
  kind: string;
  bidVersionId: string | null;
  bidSignerId: string | null;
  contactId: string | null;
  leadReplyId: string | null;
  recipient: string;
  digestDay: string | null;
  messageId: string;
  attempts: number;
  createdAt: Date;
  notice: SecurityNotice | null;
  facts: NoticeFacts | Record<string, unknown> | string | null;
}

/** Composes a row's e-mail; null when what it announced is gone (deleted meanwhile) and nothing is sent. */
export type MailRenderer = (db: Queryable, row: OutboxRow, context: EmailContext) => Promise<SendMailOptions | null>;

/** What the outbox needs to know about one kind of e-mail. */
export interface MailKind {
  render: MailRenderer;
  /** The row's facts hold a secret (a link, a code): they are wiped once it is sent or has failed for good. */
  secretFacts?: boolean;
  /** The line a bid's timeline notes when this e-mail is sent (the documents it carries), if any. */
  timelineNote?: (row: OutboxRow) => string | null;
}

const kinds = new Map<string, MailKind>();

/** Registers the e-mails of one domain (a module loaded again, as the dev server reloads it, replaces its own). */
export function registerMailKinds(entries: Record<string, MailKind>): void {
  for (const [kind, entry] of Object.entries(entries)) kinds.set(kind, entry);
}

/** The registered kind; throws when none is, so the row is retried and then failed rather than sent empty. */
export function mailKind(kind: string): MailKind {
  const entry = kinds.get(kind);
  if (!entry) throw new Error(`no renderer for e-mail kind ${kind}`);
  return entry;
}

/** Every registered kind. */
export const registeredMailKinds = (): string[] => [...kinds.keys()];

/** The kinds whose facts are wiped once sent or failed. */
export const secretFactKinds = (): string[] => [...kinds].filter(([, k]) => k.secretFacts).map(([kind]) => kind);
