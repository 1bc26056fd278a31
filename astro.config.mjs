// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import netlify from "@astrojs/netlify";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import devDatabase from "./src/integrations/dev-database.ts";
import devApi from "./src/integrations/dev-api.ts";
import devJobs from "./src/integrations/dev-jobs.ts";
import clientIntent from "./src/integrations/client-intent/index.ts";
import siteCsp from "./src/integrations/site-csp.ts";
import { CSP_DIRECTIVES, CSP_SCRIPT_RESOURCES, CSP_STYLE_RESOURCES } from "./src/config/csp.ts";
import { BID_PAGE_PATH } from "./src/schemas/bid-fields.ts";

/**
 * `astro dev` serves Vite's inline client scripts and unhashed island loaders, which the production
 * script policy blocks (islands never hydrated): the CSP is for the build, verified by the e2e
 * `production` project against it.
 */
const devServer = process.argv.includes("dev");

/**
 * `astro dev` serves the API itself (src/integrations/dev-api.ts). NETLIFY_DEV, which the Netlify CLI sets when
 * it runs the site, tells the adapter's Netlify emulation that someone else does: it then starts none (no
 * per-call function workers, no re-bundling, no Deno download for edge functions).
 */
if (devServer) process.env.NETLIFY_DEV ??= "true";

// The public site is prerendered; only netlify/functions run on the server.
export default defineConfig({
  site: process.env.SITE_URL ?? "https://www.example.com",
  output: "static",
  // The build's cache lives in the repository so that a clean clone (CI, a new desk) reuses the encoded
  // images: encoding the pages' 22 AVIF variants took 15 to 30 s of every clean build. Only `assets/` is kept
  // (.gitignore); a changed source image or size gets a new name, so a stale entry is never served, and
  // scripts/build-output.test.ts holds the folder to exactly the images the build uses.
  cacheDir: "./build-cache",
  // Images are optimized at build time (static files) rather than by the Netlify Image CDN, so the static build is complete on its own.
  // staticHeaders: the CSP Astro computes per page goes out as an HTTP header (a <meta> cannot carry frame-ancestors).
  adapter: netlify({ imageCDN: false, staticHeaders: true }),
  security: devServer
    ? {}
    : {
        csp: {
          algorithm: "SHA-256",
          directives: [...CSP_DIRECTIVES],
          scriptDirective: { resources: [...CSP_SCRIPT_RESOURCES] },
          styleDirective: { resources: [...CSP_STYLE_RESOURCES] },
        },
      },
  integrations: [
    react(),
    // Out of the sitemap: the portal, the contact form's result pages and the client's private signing page.
    sitemap({
      filter: (page) =>
        !page.includes("/portal") &&
        !/\/contact\/(thanks|error)\/?$/.test(page) &&
        !new URL(page).pathname.startsWith(BID_PAGE_PATH),
    }),
    devDatabase(),
    devApi(),
    devJobs(),
    clientIntent(),
    siteCsp({ configFile: new URL("./.netlify/v1/config.json", import.meta.url) }),
  ],
  devToolbar: { enabled: false },
  // The portal has no page of its own at /portal: staff who type it want the sign-in. The Leads screen is at
  // /portal/messages (the navigation's address); /portal/leads, the address e-mails about a lead link to, is a
  // permanent redirect there, which keeps the link's #lead-<id>.
  redirects: { "/portal": "/portal/login", "/portal/leads": "/portal/messages" },
  // Inline the (small) CSS so no stylesheet blocks the first paint.
  build: { inlineStylesheets: "always" },
  vite: {
    plugins: [tailwindcss()],
    // Pre-bundle every browser dependency when the dev server starts. Otherwise Vite finds the portal's
    // lazily imported ones (Tiptap, DOMPurify, html2canvas) on first use and reloads open pages while
    // it re-optimizes, which would interrupt a fresh clone's first e2e navigations.
    optimizeDeps: {
      include: [
        "react",
        "react-dom",
        "react-dom/client",
        "react/jsx-runtime",
        "nanostores",
        "@nanostores/query",
        "@nanostores/react",
        "@radix-ui/react-dialog",
        "@radix-ui/react-slider",
        "@radix-ui/react-tabs",
        "@tiptap/core",
        "@tiptap/extension-bold",
        "@tiptap/extension-document",
        "@tiptap/extension-hard-break",
        "@tiptap/extension-heading",
        "@tiptap/extension-italic",
        "@tiptap/extension-list",
        "@tiptap/extension-paragraph",
        "@tiptap/extension-text",
        "@tiptap/extension-text-align",
        "@tiptap/extension-underline",
        "@tiptap/extensions",
        "@tiptap/pm/state",
        "clsx",
        "tailwind-merge",
        "dompurify",
        "html2canvas",
      ],
    },
    // Two groups of modules built as one file each (gzip compresses a file, not a page):
    // - React, react-dom, the scheduler and Astro's React renderer, on every page with an island: one file
    //   instead of four, 1.1 KB smaller;
    // - the contact form with the toast it reports in: /contact is the public page nearest its 75 KB budget
    //   (0.3 KB smaller); portal screens, which have room, load the form's 1.5 KB with their toasts.
    // lib/retry-after is a chunk of its own, listed first: the form's group would otherwise take it along with the
    // form's other imports, and the client's signing page (no React), which imports it too, would load React.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "retry-after", test: /src[\\/]lib[\\/]retry-after\./ },
                  {
                    name: "react",
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|@astrojs[\\/]react[\\/]dist[\\/]/,
                  },
                  {
                    name: "contact-form",
                    test: /src[\\/](features[\\/]contact[\\/]|schemas[\\/]contact-fields|lib[\\/]toast\.|components[\\/]ui[\\/](toast|icon)\.)/,
                  },
                ],
              },
            },
          },
        },
      },
    },
    // zod/mini without its eval probe, so browser code parses under a script CSP without 'unsafe-eval'.
    resolve: {
      alias: [
        { find: /^zod\/mini$/, replacement: fileURLToPath(new URL("./src/lib/zod-jitless.ts", import.meta.url)) },
      ],
    },
  },
});
