/** Runs `astro build` through Astro's API with a read-only plugin that records which modules end up in each browser chunk. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Plugin } from "vite";

/** The modules of one browser chunk with their rendered (pre-minification) lengths. */
export interface ChunkModules {
  file: string;
  modules: { id: string; length: number }[];
}

/** File the recorder writes next to the build output. */
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

/** Builds the site into outDir and saves the chunk map to resultsDir/chunk-modules.json. */
export async function buildSite(root: string, outDir: string, resultsDir: string): Promise<Map<string, ChunkModules>> {
  const { build } = await import("astro");
  const sink = new Map<string, ChunkModules>();
  await build({ root, outDir, logLevel: "warn", vite: { plugins: [chunkRecorder(sink)] } });
  await writeFile(join(resultsDir, CHUNK_MODULES_FILE), JSON.stringify([...sink.values()], null, 1));
  return sink;
}
