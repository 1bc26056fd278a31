/**
 * Bundles netlify/functions the way a Netlify deploy does (zip-it-and-ship-it, offline), unzipped into
 * .netlify/functions with its manifest.json: the functions half of a deploy, which `npm run build`
 * produces next to dist/ and which scripts/build-output.test.ts checks.
 */
import { rm } from "node:fs/promises";
import { zipFunctions } from "@netlify/zip-it-and-ship-it";
import {
  FUNCTIONS_BUNDLE,
  FUNCTIONS_INCLUDED_FILES,
  FUNCTIONS_SOURCE,
  PDF_FUNCTIONS,
  PDF_FUNCTIONS_INCLUDED_FILES,
} from "./lib/deploy-paths";

const root = process.cwd();
await rm(FUNCTIONS_BUNDLE, { recursive: true, force: true });
const started = performance.now();
const functions = await zipFunctions(FUNCTIONS_SOURCE, FUNCTIONS_BUNDLE, {
  archiveFormat: "none",
  basePath: root,
  repositoryRoot: root,
  manifest: `${FUNCTIONS_BUNDLE}/manifest.json`,
  // Netlify's own build reads these from netlify.toml; this bundler call is given them the same way.
  config: {
    "*": { includedFiles: FUNCTIONS_INCLUDED_FILES, includedFilesBasePath: root },
    ...Object.fromEntries(PDF_FUNCTIONS.map((name) => [name, { includedFiles: PDF_FUNCTIONS_INCLUDED_FILES }])),
  },
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`bundle-functions: ${functions.length} functions into ${FUNCTIONS_BUNDLE} in ${seconds} s`);
