/**
 * What the public site must contain (docs/requirements.md#routes, #public-site); company facts come from the one shared
 * module.
 */
import { company } from "../../src/config/company";

export { company };

/** A public page of the route table (docs/requirements.md#routes). */
export interface PublicPage {
  path: string;
  area: string;
  /** What the <title> must name besides the company name. */
  title: RegExp;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: "/", area: "Home", title: new RegExp(company.name) },
  { path: "/about", area: "About", title: /about/i },
  { path: "/residential", area: "Residential Construction", title: /residential/i },
  { path: "/multifamily", area: "Multifamily Development", title: /multifamily/i },
  { path: "/portfolio", area: "Portfolio", title: /portfolio/i },
  { path: "/contact", area: "Contact", title: /contact/i },
];

/** Where the no-JavaScript contact form lands (docs/requirements.md#contact-form). */
export const FORM_RESULT_PAGES = ["/contact/thanks", "/contact/error"] as const;

/** Any path the router does not know. */
export const UNKNOWN_PATH = "/this-page-does-not-exist";
export const NOT_FOUND_TITLE = "404 Page Not Found";
export const NOT_FOUND_TEXT = "Did you forget to add the page to the router?";

/** Every page a visitor can reach, for the accessibility sweep. */
export const ALL_PAGES: readonly string[] = [...PUBLIC_PAGES.map((p) => p.path), UNKNOWN_PATH, ...FORM_RESULT_PAGES];

/** Header links (docs/requirements.md#header-and-footer). */
export const HEADER_LINKS = [
  { href: "/", name: /^home$/i },
  { href: "/about", name: /^about/i },
  { href: "/contact", name: /^contact/i },
] as const;
export const SERVICES_LINKS = [
  { href: "/multifamily", name: /multifamily development/i },
  { href: "/residential", name: /residential construction/i },
] as const;

/** Digits of a phone number or tel: href, without the US country code, to compare numbers however they are written. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
}

/** URL paths of staff-portal code that must never reach a public page. */
export const PORTAL_CODE = /portal|signature|proposal|dashboard|template|html2canvas|jose/i;

/** The site URL the build is configured with (astro.config.mjs reads SITE_URL). */
export async function siteUrl(): Promise<string> {
  const config = (await import("../../astro.config.mjs")) as { default: { site?: string } };
  return (config.default.site ?? "").replace(/\/$/, "");
}
