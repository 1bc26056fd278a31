import { PGlite } from "@electric-sql/pglite";
import fs from "node:fs";
const mode = process.argv[2];
let t = performance.now();
if (mode === "fresh") {
  const a = await PGlite.create();
  console.log("fresh create", performance.now() - t);
  const d = await a.dumpDataDir("none"); fs.writeFileSync("/tmp/pgl.tar", Buffer.from(await d.arrayBuffer()));
} else {
  const b = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync("/tmp/pgl.tar")]) });
  console.log("load create", performance.now() - t);
}
