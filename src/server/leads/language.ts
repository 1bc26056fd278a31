/** The language a visitor's browser preferred when they sent the form, from its Accept-Language header. */

/** The languages the acknowledgement is written in. */
export type LeadLanguage = "en" | "es";

/**
 * Spanish when the browser's most preferred language (highest q, first among equals) is Spanish in any region
 * ("es", "es-MX", "es-419"); English otherwise, and for a missing or malformed header.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined): LeadLanguage {
  let best: { tag: string; q: number } | undefined;
  for (const part of (acceptLanguage ?? "").slice(0, 500).split(",")) {
    const [range, ...params] = part.trim().split(";");
    const tag = range?.trim().toLowerCase() ?? "";
    if (!/^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/.test(tag)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best?.tag.split("-")[0] === "es" ? "es" : "en";
}
