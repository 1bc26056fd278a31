/**
 * The production build for the benches: `npm run build` (pages into dist/, functions into .netlify/functions),
 * with a read-only plugin recording which modules end up in each browser chunk.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { FUNCTIONS_BUNDLE, PUBLISH_DIR } from "../lib/deploy-paths";

/** The modules of one browser chunk with their rendered (pre-minification) lengths. */
export interface ChunkModules {
  file: string;
  modules: { id: string; length: number }[];
}

/** File the recorder writes into the results directory. */
export const CHUNK_MODULES_FILE = "chunk-modules.json";

/** A Vite plugin that only observes generateBundle: the output files stay byte-for-byte the same. */
export function chunkRecorder(sink: Map<string, ChunkModules>): Plugin {
  return {
    name: "bench-chunk-recorder",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.fileName.startsWith("_astro/")) continue;
        const modules = Object.entries(chunk.modules ?? {}).map(([id, info]) => ({
          id,
          length: info.renderedLength ?? 0,
        }));
        sink.set(chunk.fileName, { file: chunk.fileName, modules });
      }
    },
  };
}

function run(root: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status ?? result.signal})`);
}

/** `npm run build` through Astro's API with the chunk recorder; saves the chunk map to resultsDir. */
export async function buildProduction(root: string, resultsDir: string): Promise<Map<string, ChunkModules>> {
  const { build } = await import("astro");
  const sink = new Map<string, ChunkModules>();
  await build({ root, logLevel: "warn", vite: { plugins: [chunkRecorder(sink)] } });
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, CHUNK_MODULES_FILE), JSON.stringify([...sink.values()], null, 1));
  run(root, process.execPath, ["--import", "tsx", "scripts/bundle-functions.ts"]);
  return sink;
}

/** The chunk map a recorded build left in resultsDir, if any (file names are content-hashed: stale ones just miss). */
export function savedChunks(resultsDir: string): Map<string, ChunkModules> | undefined {
  const file = join(resultsDir, CHUNK_MODULES_FILE);
  if (!existsSync(file)) return undefined;
  const list = JSON.parse(readFileSync(file, "utf8")) as ChunkModules[];
  return new Map(list.map((c) => [c.file, c]));
}

/** Runs `npm run build` unless both halves of a build are there. */
export function ensureBuild(root: string): void {
  if (existsSync(join(root, PUBLISH_DIR, "index.html")) && existsSync(join(root, FUNCTIONS_BUNDLE, "manifest.json")))
    return;
  console.log("no production build yet: npm run build ...");
  run(root, "npm", ["run", "build"]);
}
