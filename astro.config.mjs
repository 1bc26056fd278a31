// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import netlify from "@astrojs/netlify";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import devDatabase from "./src/integrations/dev-database.ts";
import clientIntent from "./src/integrations/client-intent/index.ts";
import { CSP_DIRECTIVES, CSP_SCRIPT_RESOURCES, CSP_STYLE_RESOURCES } from "./src/config/csp.ts";

/**
 * `astro dev` serves Vite's inline client scripts and unhashed island loaders, which the production
 * script policy blocks (islands never hydrated): the CSP is for the build, verified by the e2e
 * `production` project against it.
 */
const devServer = process.argv.includes("dev");

// The public site is prerendered; only netlify/functions run on the server.
export default defineConfig({
  site: process.env.SITE_URL ?? "https://www.example.com",
  output: "static",
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
    sitemap({ filter: (page) => !page.includes("/portal") && !/\/contact\/(thanks|error)\/?$/.test(page) }),
    devDatabase(),
    clientIntent(),
  ],
  devToolbar: { enabled: false },
  // The portal has no page of its own at /portal: staff who type it want the sign-in.
  redirects: { "/portal": "/portal/login" },
  // Inline the (small) CSS so no stylesheet blocks the first paint.
  build: { inlineStylesheets: "always" },
  vite: {
    plugins: [tailwindcss()],
    // Pre-bundle every browser dependency when the dev server starts. Otherwise Vite finds the portal's
    // lazily imported ones (Tiptap, DOMPurify, html2canvas) on first use and reloads open pages while
    // it re-optimizes: a fresh clone's first e2e navigations were interrupted by that reload.
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
        "@radix-ui/react-tooltip",
        "@tiptap/core",
        "@tiptap/extension-text-align",
        "@tiptap/starter-kit",
        "clsx",
        "tailwind-merge",
        "dompurify",
        "html2canvas",
      ],
    },
    // zod without its eval probe, so browser code parses under a script CSP without 'unsafe-eval'.
    resolve: {
      alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-jitless.ts", import.meta.url)) }],
    },
  },
});
