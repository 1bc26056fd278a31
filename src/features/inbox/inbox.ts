/** The staff inbox: pure helpers for showing contact messages and paging them. */
import { INBOX_PAGE } from "~/schemas/limits";
import type { ContactRecord } from "~/schemas/contact-record";

/**
 * Which messages the inbox lists; unhandled first, since those need someone. "held" are those that arrived
 * past the daily ceiling (also in the other views), "spam" those flagged as likely spam (only there).
 */
export type InboxFilter = "unhandled" | "all" | "held" | "spam";

/** Messages fetched per page ("Load more" fetches the next ones). */
export const INBOX_PAGE_SIZE = INBOX_PAGE.defaultLimit;

/** The list call's query for one page: newest first, older than `before` when given. */
export function inboxQuery(
  filter: InboxFilter,
  before?: string,
): { limit: string; handled?: "false"; folder?: "held" | "spam"; before?: string } {
  return {
    limit: String(INBOX_PAGE_SIZE),
    ...(filter === "unhandled" ? { handled: "false" as const } : {}),
    ...(filter === "held" || filter === "spam" ? { folder: filter } : {}),
    ...(before ? { before } : {}),
  };
}

/** The sender's full name as they typed it. */
export function senderName(message: Pick<ContactRecord, "firstName" | "lastName">): string {
  return [message.firstName, message.lastName].filter(Boolean).join(" ");
}

/** A `tel:` link for a typed phone number: digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? "+" + digits.slice(1).replace(/\+/g, "") : digits.replace(/\+/g, "")}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** When a message arrived, relative to `now`: "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function formatReceived(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return "";
  if (Math.abs(seconds) < 60) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** The exact arrival time, e.g. "Sunday, November 22, 2026 at 4:54 PM". */
export function formatExact(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString("en-US", { dateStyle: "full", timeStyle: "short" });
}

/** The list with one message's notification no longer failed (its Retry was queued). */
export function withNotificationRetried(list: readonly ContactRecord[], id: string): ContactRecord[] {
  return list.map((m) => (m.id === id ? { ...m, notificationFailed: false } : m));
}

/** The list with one message's handled flag set. */
export function withHandled(list: readonly ContactRecord[], id: string, handled: boolean): ContactRecord[] {
  return list.map((m) => (m.id === id ? { ...m, handled } : m));
}
