// Writes the site's generated artwork (portfolio illustrations, Open Graph card, icons, signature card,
// default proposal logo) from SVG authored in scripts/art/. Each image draws from its own seeded generator,
// so every run writes the same bytes. Outputs are committed. Run: npm run art
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { artOutputs, renderOutput } from "./art/outputs";

for (const output of artOutputs) {
  const bytes = await renderOutput(output);
  await mkdir(dirname(output.file), { recursive: true });
  await writeFile(output.file, bytes);
  console.log(`${output.file}  ${(bytes.length / 1024).toFixed(1)} KB`);
}
