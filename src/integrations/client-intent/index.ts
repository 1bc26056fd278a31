import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/** Registers the `client:intent` directive (see directive.ts). */
export default function clientIntent(): AstroIntegration {
  return {
    name: "client-intent",
    hooks: {
      "astro:config:setup"({ addClientDirective }) {
        addClientDirective({ name: "intent", entrypoint: fileURLToPath(new URL("./directive.ts", import.meta.url)) });
      },
    },
  };
}

declare module "astro" {
  interface AstroClientDirectives {
    "client:intent"?: boolean;
  }
}
