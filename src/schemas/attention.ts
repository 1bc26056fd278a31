/**
 * "Needs you now": what waits for the signed-in person (and, for an administrator, for the company), grouped by
 * kind, each item naming the record it opens. Answer of GET /api/portal/attention.
 */
import { z } from "./zod";

/** The kinds, in the order the dashboard lists them. */
export const ATTENTION_KINDS = [
  "overdue-lead",
  "unassigned-lead",
  "bid-update",
  "seal-failed",
  "bid-expiring",
  "held-message",
  "email-failed",
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** At most this many items of a kind are listed; `total` counts them all. */
export const ATTENTION_ITEMS_PER_KIND = 5;

/** Bid updates, failed e-mails: only what happened within this many days is news. */
export const ATTENTION_WINDOW_DAYS = 14;

/** A bid expiring within this many days of today (today included) needs a nudge or a re-issue. */
export const ATTENTION_EXPIRY_DAYS = 2;

/** One thing to do: the record it opens (a lead, a bid, or a held message) and what to say about it. */
export const attentionItemSchema = z.object({
  record: z.enum(["lead", "bid", "message"]),
  id: z.uuid(),
  /** The lead's sender, the bid's project, the e-mail's recipient. */
  title: z.string(),
  /**
   * What happened: a bid update's "viewed", "signed", "accepted" or "declined"; an expiring bid's day
   * (YYYY-MM-DD); a failed e-mail's kind; an unassigned lead's "overdue" when it is; otherwise "".
   */
  detail: z.string(),
  /** When it happened or falls due. */
  at: z.nullable(z.iso.datetime()),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

/** One kind with its first items and how many there are; kinds with nothing in them are left out. */
export const attentionGroupSchema = z.object({
  kind: z.enum(ATTENTION_KINDS),
  total: z.int().check(z.positive()),
  items: z.array(attentionItemSchema),
});
export type AttentionGroup = z.infer<typeof attentionGroupSchema>;

export const attentionSchema = z.object({ groups: z.array(attentionGroupSchema) });
export type Attention = z.infer<typeof attentionSchema>;
