/** `astro dev` started by a spec of the `dev` project, with what it prints kept for the spec to read. */
import { spawn } from "node:child_process";
import { expect } from "@playwright/test";

export interface DevServer {
  origin: string;
  /** Every line printed so far, colours removed. */
  output: string[];
  /** Ends the server and everything it started (a server that already died is left as it is). */
  stop(): void;
}

/**
 * Starts `astro dev --port port` with `env` added to this process's environment, and resolves once `readyPath`
 * answers `readyStatus` (starting and compiling is the developer's wait, not a user's: up to `timeout` ms).
 */
export async function startDevServer(options: {
  port: number;
  env?: Record<string, string>;
  readyPath: string;
  readyStatus: number;
  timeout: number;
}): Promise<DevServer> {
  const origin = `http://localhost:${options.port}`;
  const output: string[] = [];
  const server = spawn("npx", ["astro", "dev", "--port", String(options.port)], {
    detached: true,
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", ...options.env },
  });
  for (const stream of [server.stdout, server.stderr])
    stream.on("data", (chunk: Buffer) =>
      output.push(
        ...chunk
          .toString()
          .replace(/\x1b\[[0-9;]*m/g, "")
          .split("\n")
          .filter(Boolean),
      ),
    );
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
    } catch {
      // Already gone: what it printed says why.
    }
  };
  const answer = () =>
    fetch(`${origin}${options.readyPath}`).then(
      (r) => r.status,
      () => 0,
    );
  await expect
    .poll(answer, { timeout: options.timeout, intervals: [500], message: `astro dev printed:\n${output.join("\n")}` })
    .toBe(options.readyStatus)
    .catch((error: unknown) => {
      stop();
      throw error;
    });
  return { origin, output, stop };
}
