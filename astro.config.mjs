// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import netlify from "@astrojs/netlify";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import devDatabase from "./src/integrations/dev-database.ts";
import clientIntent from "./src/integrations/client-intent/index.ts";

// The public site is prerendered; only netlify/functions run on the server.
export default defineConfig({
  site: process.env.SITE_URL ?? "https://www.example.com",
  output: "static",
  // Images are optimized at build time (static files) rather than by the Netlify Image CDN, so the static build is complete on its own.
  adapter: netlify({ imageCDN: false }),
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
  vite: { plugins: [tailwindcss()] },
});
