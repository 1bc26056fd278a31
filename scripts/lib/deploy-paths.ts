/** Where the deploy's two halves are, relative to the project root (netlify.toml says the same). */
export const PUBLISH_DIR = "dist";
export const FUNCTIONS_SOURCE = "netlify/functions";
export const FUNCTIONS_BUNDLE = ".netlify/functions";
/** Where the Astro adapter leaves the per-page headers (each page's Content-Security-Policy) for Netlify. */
export const FRAMEWORK_CONFIG = ".netlify/v1/config.json";
