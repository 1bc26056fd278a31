/**
 * What `zod` resolves to in the Vite build (astro.config.mjs aliases it here): zod itself, with its
 * JIT off. On the first object parse zod probes `new Function("")` to see whether it may compile
 * parsers; under the site's CSP (no 'unsafe-eval') that probe is blocked and reported as a violation
 * on every portal screen. The interpreted parser is fast enough for form-sized input.
 */
import * as z from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
