/**
 * Where a lead came from, from what the contact form sent (or, for the no-JavaScript post, its Referer header):
 * the page's path, the referrer without its query, the landing page with only its utm_* query, the utm_* values
 * and the source the reports group by. Pure.
 */
import { LEAD_LIMITS, UTM_KEYS } from "~/schemas/lead-fields";
import type { ContactMessage } from "~/schemas/contact";

/** A lead's source columns, as stored. */
export interface LeadSource {
  page: string | null;
  referrer: string | null;
  landing: string | null;
  utm: Record<(typeof UTM_KEYS)[number], string | null>;
  /** utm_source, else the referrer's host when it is another site, else "direct". */
  source: string;
}

const parse = (url: string | undefined): URL | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed : null;
  } catch {
    return null;
  }
};

/** A URL with nothing of its query but the utm_* parameters, and no fragment or credentials. */
function keepUtm(url: URL): URL {
  const kept = new URL(url.origin + url.pathname);
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key);
    if (value) kept.searchParams.set(key, value.slice(0, LEAD_LIMITS.utmValue));
  }
  return kept;
}

/** The source columns of a message sent from `siteHost` (the site's own host: a referrer there is no source). */
export function leadSource(
  message: Pick<ContactMessage, "page" | "referrer" | "landing">,
  siteHost: string,
): LeadSource {
  const referrer = parse(message.referrer);
  const landing = parse(message.landing);
  const kept = landing && keepUtm(landing);
  const utm = Object.fromEntries(
    UTM_KEYS.map((key) => [key, kept?.searchParams.get(key) ?? null]),
  ) as LeadSource["utm"];
  const external = referrer && referrer.hostname !== siteHost ? referrer.hostname : null;
  return {
    page: message.page?.slice(0, LEAD_LIMITS.sourcePage) || null,
    // A referrer's query may carry what the visitor searched for or who they are: only where they came from is kept.
    referrer: referrer ? (referrer.origin + referrer.pathname).slice(0, LEAD_LIMITS.sourceUrl) : null,
    landing: kept ? kept.href.slice(0, LEAD_LIMITS.sourceUrl) : null,
    utm,
    source: (utm.utm_source ?? external ?? "direct").slice(0, LEAD_LIMITS.utmValue),
  };
}

/** The no-JavaScript post's source: its Referer is the contact page as it was opened (with any utm query). */
export function formSource(referer: string | undefined): Pick<ContactMessage, "page" | "landing"> {
  const url = parse(referer);
  return url ? { page: url.pathname, landing: url.href } : {};
}
