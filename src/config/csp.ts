/**
 * The Content-Security-Policy of every page, defined once: astro.config.mjs hands it to Astro, which adds
 * the hashes of its own inline scripts and styles and (with the Netlify adapter's static headers) sends
 * the result as an HTTP header; integrations/site-csp.ts makes that one header rule for every path.
 */

/** Directives besides script-src and style-src, which Astro writes itself. */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  // data: and blob: for the canvas PNG rendering (signature, proposal) and inline SVG data URIs.
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
] as const;

/**
 * style-src keeps 'unsafe-inline': React writes `style` attributes (the signature card places its lines
 * with them, Radix positions popovers), and attributes cannot be allowed by hash. Style injection cannot
 * run code; scripts stay strictly hash-based.
 */
export const CSP_STYLE_RESOURCES = ["'self'", "'unsafe-inline'"] as const;

/** Scripts: same-origin bundles plus the hashes Astro adds for its island loaders; never inline or eval. */
export const CSP_SCRIPT_RESOURCES = ["'self'"] as const;
