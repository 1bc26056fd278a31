/**
 * The signature as HTML for mail clients. Pure.
 * - `signatureHtml`: the positioned card (Copy HTML With Logo / No Background, Download), lines
 *   EXPORT_SHIFT_X right of the preview, background by absolute URL.
 * - `emailClientHtml`: what Gmail and classic Outlook keep: a table holding the card as one image,
 *   with live mailto: and tel: links under it; inline styles only, no class names, no web fonts.
 */
import { EXPORT_SHIFT_X, GMAIL_SIGNATURE_LIMIT } from "./constants";
import { SIGNATURE_CANVAS } from "~/schemas/signature";
import type { SignatureElement, SignatureFormData, SignatureGlobalSettings } from "~/schemas/signature";
import { lineCss } from "./SignatureCard";
import { lineContent, lineText, placeLine } from "./signature";

/** The card's `leading-tight`, so a line's vertical middle lands where it does in the preview. */
const LINE_HEIGHT = 1.25;

/** What the positioned export is built from. */
export interface SignatureHtmlInput {
  elements: readonly SignatureElement[];
  globalSettings: SignatureGlobalSettings;
  /** Absolute URL of the background image, or null for the transparent "No Background" copy. */
  backgroundUrl: string | null;
  /** Sanitised style text of an uploaded HTML logo; empty for none. */
  customLogoStyle?: string;
}

/** Escapes text for HTML content and quoted attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Rounds away floating-point noise (1.1 * 0.95) so the markup stays short. */
const tidy = (n: number) => Math.round(n * 1000) / 1000;

/** React-style properties as a CSS declaration list: `WebkitBackgroundClip` -> `-webkit-background-clip`. */
function cssText(style: Record<string, string | number | undefined>): string {
  return Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
    .join(";");
}

/** One visible line, absolutely placed like the preview but EXPORT_SHIFT_X further right. */
function lineHtml(element: SignatureElement, globalSettings: SignatureGlobalSettings): string {
  const { left, top, scale } = placeLine(element, globalSettings, EXPORT_SHIFT_X);
  const transform = `translateY(-50%) scale(${tidy(scale)})`;
  const style = cssText({
    position: "absolute",
    left: `${tidy(left)}px`,
    top: `${tidy(top)}px`,
    whiteSpace: "nowrap",
    lineHeight: LINE_HEIGHT,
    transform,
    transformOrigin: "left center",
    // Gold lines carry a solid gold `color` first, so clients that drop the clipped gradient still show gold.
    ...(lineCss(element.id) as Record<string, string | number | undefined>),
  });
  return `<div style="${escapeHtml(style)}">${escapeHtml(lineText(element))}</div>`;
}

/** The positioned card: a one-cell table (mail clients keep table backgrounds best) holding the lines. */
export function signatureHtml({
  elements,
  globalSettings,
  backgroundUrl,
  customLogoStyle = "",
}: SignatureHtmlInput): string {
  const { width, height } = SIGNATURE_CANVAS;
  const size = `width:${width}px;height:${height}px`;
  const background = backgroundUrl
    ? `;background-image:url('${escapeHtml(backgroundUrl)}');background-size:cover;background-repeat:no-repeat`
    : "";
  const logo = customLogoStyle ? `<div style="${escapeHtml(customLogoStyle)}"></div>` : "";
  const lines = elements.filter((e) => e.visible && lineText(e)).map((e) => lineHtml(e, globalSettings));
  return [
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="${width}" style="border-collapse:collapse;width:${width}px">`,
    `<tr><td width="${width}" height="${height}" valign="top" style="padding:0;${size}${background}">`,
    `<div style="position:relative;${size};overflow:hidden">`,
    ...[logo, ...lines].filter(Boolean),
    `</div>`,
    `</td></tr>`,
    `</table>`,
  ].join("\n");
}

/** A whole HTML file around the card, for "Download HTML with Logo". */
export function signatureDocument(block: string): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>Email signature</title></head>',
    '<body style="margin:0;padding:16px">',
    block,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** A phone number as a tel: URI: digits only, +1 for a ten-digit (US) number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return `tel:${/^\d{10}$/.test(digits) ? `+1${digits}` : digits}`;
}

const LINK_STYLE = "color:#1f3a5f;text-decoration:none";

/** The Gmail/Outlook export: the card as one image at 644 x 259, then the live links. */
export function emailClientHtml(imageUrl: string, formData: SignatureFormData): string {
  const { width, height } = SIGNATURE_CANVAS;
  const links = [
    formData.phone.trim() &&
      `<a href="${escapeHtml(telHref(formData.phone))}" style="${LINK_STYLE}">${escapeHtml(formData.phone.trim())}</a>`,
    formData.email.trim() &&
      `<a href="mailto:${escapeHtml(formData.email.trim())}" style="${LINK_STYLE}">${escapeHtml(formData.email.trim())}</a>`,
  ].filter(Boolean);
  return [
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="${width}" style="border-collapse:collapse;width:${width}px">`,
    `<tr><td style="padding:0"><img src="${escapeHtml(imageUrl)}" width="${width}" height="${height}" alt="${escapeHtml(lineContent("name-title", formData))}" style="display:block;width:${width}px;height:${height}px;border:0"></td></tr>`,
    ...(links.length
      ? [
          `<tr><td style="padding:8px 0 0;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:18px;color:#1f3a5f">${links.join(" &nbsp;|&nbsp; ")}</td></tr>`,
        ]
      : []),
    `</table>`,
  ].join("\n");
}

/** One export's size against Gmail's limit. */
export interface ExportSize {
  label: string;
  characters: number;
  overGmailLimit: boolean;
}

/** Character counts of each export, flagged when Gmail would refuse them. */
export function exportSizes(exports: Record<string, string>): ExportSize[] {
  return Object.entries(exports).map(([label, html]) => ({
    label,
    characters: html.length,
    overGmailLimit: html.length > GMAIL_SIGNATURE_LIMIT,
  }));
}
