/**
 * The proposal document as data: today's date, the money in the bid box, the templateContent
 * JSON a save sends, the browser draft and how a saved template's category looks. Pure and tested;
 * reading a stored document back is in stored-document.ts, HTML sanitising (it needs a DOM) in lib/sanitize.ts.
 */
import type { IconName } from "~/components/ui/icon-set";
import { BID_BREAKDOWN, DEFAULT_DOCUMENT_CONTENT, DEFAULT_DOCUMENT_SETTINGS } from "./constants";
import { CATEGORY_LOOK } from "~/features/templates/templates";
import { TEMPLATE_CATEGORIES, type TemplateCategory } from "~/schemas/proposal-fields";
import type { DocumentContent, ProposalDocument } from "~/schemas/proposal-document";
import { SAMPLE_BODY_HTML } from "./sample-body";

/** The header date in en-US long form, e.g. "Sunday, November 22, 2026". */
export function formatProposalDate(date: Date): string {
  return date.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });
}

/** The document a new editor starts with: the defaults, dated `today`, with the sample sections. */
export function initialDocument(today: Date): ProposalDocument {
  return {
    documentSettings: { ...DEFAULT_DOCUMENT_SETTINGS },
    documentContent: { ...DEFAULT_DOCUMENT_CONTENT, currentDate: formatProposalDate(today) },
    editorHTML: SAMPLE_BODY_HTML,
  };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** An amount as US dollars, e.g. "$1,234.50". */
export function formatMoney(amount: number): string {
  return usd.format(amount);
}

/** The number in a typed or stored amount ("$1,234.50", "1234.5", "-$20"); null when there is none. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100) / 100;
}

/** The breakdown's sum in cents-exact dollars; unreadable amounts count as 0. */
export function breakdownTotal(content: DocumentContent): number {
  const cents = BID_BREAKDOWN.reduce((sum, { field }) => sum + Math.round((parseMoney(content[field]) ?? 0) * 100), 0);
  return cents / 100;
}

/** True when the base bid is not the breakdown's sum: the user typed an override. */
export function isBidOverridden(content: DocumentContent): boolean {
  return parseMoney(content.baseBidAmount) !== breakdownTotal(content);
}

export type AmountField = "baseBidAmount" | (typeof BID_BREAKDOWN)[number]["field"];

/**
 * The content after typing `amount` into one money field, formatted as dollars. Changing a line of
 * the breakdown moves the base bid with it unless the base bid was overridden; typing the base bid
 * itself is an override unless it equals the sum. `null` clears the base bid back to the sum.
 */
export function withAmount(content: DocumentContent, field: AmountField, amount: number | null): DocumentContent {
  if (field === "baseBidAmount") {
    return { ...content, baseBidAmount: formatMoney(amount ?? breakdownTotal(content)) };
  }
  const overridden = isBidOverridden(content);
  const next = { ...content, [field]: formatMoney(amount ?? 0) };
  return overridden ? next : { ...next, baseBidAmount: formatMoney(breakdownTotal(next)) };
}

/** The templateContent text of a save: exactly `{ documentSettings, documentContent, editorHTML }` as JSON. */
export function buildTemplateContent({ documentSettings, documentContent, editorHTML }: ProposalDocument): string {
  return JSON.stringify({ documentSettings, documentContent, editorHTML });
}

/**
 * True for a logo source an <img> may load: a data URL of a raster image, http(s), or a same-site
 * path. Anything else (javascript:, SVG data, file:, garbage) is refused.
 */
export function isSafeImageUrl(url: string): boolean {
  const value = url.trim();
  return (
    /^data:image\/(png|jpeg|gif|webp|avif|bmp)[;,]/i.test(value) ||
    /^https?:\/\//i.test(value) ||
    /^\/(?!\/)/.test(value)
  );
}

/** What the Save Template dialog holds while open. */
export interface SaveDraft {
  name: string;
  description: string;
}

/**
 * The working document kept in the browser between visits, with when it was kept and, once it was sent to a
 * client, the bid it was sent as (a later send replaces that bid's link instead of starting another).
 */
export interface BrowserDraft {
  savedAt: string;
  document: ProposalDocument;
  bidId?: string;
}

/** The draft as stored text. */
export function serializeDraft(document: ProposalDocument, now: Date, bidId?: string | null): string {
  return JSON.stringify({
    savedAt: now.toISOString(),
    templateContent: buildTemplateContent(document),
    ...(bidId ? { bidId } : {}),
  });
}

/** Icon, label and colour of a template's category; any value outside the three is "Other". */
export function categoryLook(category: string): { label: string; icon: IconName; className: string } {
  return (TEMPLATE_CATEGORIES as readonly string[]).includes(category)
    ? CATEGORY_LOOK[category as TemplateCategory]
    : { label: "Other", icon: "file-text", className: "bg-stone-100 text-navy-700" };
}

/** A colour the native colour input accepts (#rrggbb) for any hex the schema allows (#rgb to #rrggbbaa). */
export function toColorInputValue(hex: string): string {
  const digits = hex.replace(/^#/, "");
  if (digits.length === 3 || digits.length === 4)
    return `#${[...digits.slice(0, 3)].map((d) => d + d).join("")}`.toLowerCase();
  if (digits.length >= 6) return `#${digits.slice(0, 6)}`.toLowerCase();
  return DEFAULT_DOCUMENT_SETTINGS.accentColor;
}

/**
 * The size an uploaded logo is scaled to: at most `maxWidth` wide, proportions kept, never enlarged.
 */
export function fitLogo(width: number, height: number, maxWidth: number): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}
