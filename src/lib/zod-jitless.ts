/**
 * What `zod/mini` resolves to in the Vite build (astro.config.mjs aliases it here): zod's mini build,
 * with its JIT off. On the first object parse zod probes `new Function("")` to see whether it may compile
 * parsers; under the site's CSP (no 'unsafe-eval') that probe is blocked and reported as a violation
 * on every portal screen. The interpreted parser is fast enough for form-sized input.
 */
import * as z from "zod/v4/mini";

z.config({ jitless: true });

export * from "zod/v4/mini";
export { z, z as default };
