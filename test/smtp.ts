/**
 * A real SMTP server on loopback for notification tests (the `smtp-server` package): it keeps every message it
 * accepts, parsed, and can refuse mail or go silent, as real servers do.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** "accept" (default), "refuse" (a temporary 451 for every message) or "hang" (never answers DATA). */
  mode: "accept" | "refuse" | "hang";
  /** Called as each message is accepted (the notification bench times arrivals with it). */
  onAccept?: (mail: ParsedMail) => void;
  close(): Promise<void>;
}

/** A server not yet started: `startSmtp(server)` starts it (a suite's hook fills what the suite already holds). */
export const unstartedSmtp = (): TestSmtp => ({ url: "", received: [], mode: "accept", close: async () => {} });

export async function startSmtp(state: TestSmtp = unstartedSmtp()): Promise<TestSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (state.mode === "hang") return; // never answers: the client's socket time limit must end it
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (state.mode === "refuse") {
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(error);
        }
        const mail = await simpleParser(Buffer.concat(chunks));
        state.received.push(mail);
        state.onAccept?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
