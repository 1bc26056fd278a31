import { fontFiles } from "../../src/server/bids/pdf/fonts";

/** Where the deploy's two halves are, relative to the project root (netlify.toml says the same). */
export const PUBLISH_DIR = "dist";
export const FUNCTIONS_SOURCE = "netlify/functions";
export const FUNCTIONS_BUNDLE = ".netlify/functions";
/** Where the Astro adapter leaves the per-page headers (each page's Content-Security-Policy) for Netlify. */
export const FRAMEWORK_CONFIG = ".netlify/v1/config.json";
/**
 * Files every function carries beyond what the bundler traces (netlify.toml's included_files says the same):
 * pdfkit, under the bids' PDF, loads its standard fonts' metrics with a require the tracer cannot follow.
 */
export const FUNCTIONS_INCLUDED_FILES = ["node_modules/pdfkit/js/standard-fonts/**/*.cjs"];
/** The functions that render the bids' PDF: the API (a send renders it) and the every-minute job that seals. */
export const PDF_FUNCTIONS = ["api", "deliver-notifications"];
/** The fonts those functions embed in it, which they read from disk (netlify.toml's included_files for each). */
export const PDF_FUNCTIONS_INCLUDED_FILES = fontFiles().map((file) => `node_modules/${file}`);
