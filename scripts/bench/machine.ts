import { cpus, loadavg, totalmem } from "node:os";
import * as z from "zod";

/** The machine a figure was measured on. */
export const machineSchema = z.object({
  cpu: z.string(),
  cores: z.number(),
  memoryGiB: z.number(),
  node: z.string(),
  platform: z.string(),
  /** 1-minute load average: other work on a shared machine shows here, and figures taken under it are not the app's own. */
  loadAverage: z.number(),
});
export type Machine = z.infer<typeof machineSchema>;

/** This machine, now. */
export function machine(): Machine {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model ?? "unknown",
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  };
}
