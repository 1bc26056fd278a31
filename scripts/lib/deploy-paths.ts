/** Where the deploy's two halves are, relative to the project root (netlify.toml says the same). */
export const PUBLISH_DIR = "dist";
export const FUNCTIONS_SOURCE = "netlify/functions";
export const FUNCTIONS_BUNDLE = ".netlify/functions";
