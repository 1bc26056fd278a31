import { PGlite } from "@electric-sql/pglite";
import fs from "node:fs";
const mode = process.argv[2];
let c = process.cpuUsage();
const cpu = () => { const d = process.cpuUsage(c); c = process.cpuUsage(); return ((d.user + d.system) / 1000).toFixed(0) + "ms"; };
if (mode === "fresh") {
  const a = await PGlite.create(); console.log("fresh create cpu", cpu());
  const b = await PGlite.create(); console.log("second fresh create cpu", cpu());
} else {
  const blob = new Blob([fs.readFileSync("/tmp/pgl.tar")]);
  const b = await PGlite.create({ loadDataDir: blob }); console.log("load create cpu", cpu());
  const e = await PGlite.create({ loadDataDir: blob }); console.log("second load create cpu", cpu());
}
