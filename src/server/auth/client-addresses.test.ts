import { randomUUID } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import { resetEnv } from "~/server/env";
import { call, describeEachBackend } from "../../../test/api";

const PASSWORD = "correct horse battery staple";
const HUGE = "9".repeat(10_000);

describeEachBackend("client addresses: only a valid IP address is stored", (db) => {
  afterEach(() => {
    delete process.env.TRUST_PROXY_HEADERS;
    delete process.env.CLIENT_ADDRESS_HEADER;
    resetEnv();
  });

  /** Signs in wrongly, then rightly, and sends a contact message, each with `options`; returns what was stored. */
  async function storedAddresses(options: { ip?: string; headers?: Record<string, string> }) {
    const username = `addr-${randomUUID().slice(0, 8)}`;
    const id = await db.createStaff(username, PASSWORD);
    const login = (password: string) => call("POST", "/api/portal/login", { json: { username, password }, ...options });
    expect((await login("wrong")).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(200);
    const marker = `Marker ${randomUUID()}`;
    const contact = await call("POST", "/api/contact", {
      json: { firstName: marker, email: "dana@example.com", message: "Repaint 40 units", fillMs: 60_000 },
      ...options,
    });
    expect(contact.status).toBe(201);
    const [activity] = await db.query<{ ips: (string | null)[] }>(
      "SELECT array_agg(ip ORDER BY id) AS ips FROM audit_log WHERE user_id = $1",
      [id],
    );
    const [session] = await db.query<{ ip: string | null }>("SELECT ip FROM staff_sessions WHERE user_id = $1", [id]);
    const [user] = await db.query<{ ip: string | null }>("SELECT last_login_ip AS ip FROM staff_users WHERE id = $1", [
      id,
    ]);
    const [message] = await db.query<{ ip: string | null }>(
      "SELECT client_ip AS ip FROM contact_messages WHERE first_name = $1",
      [marker],
    );
    return { activity: activity!.ips, session: session!.ip, lastSignIn: user!.ip, message: message!.ip };
  }

  it("a 10,000-character X-Nf-Client-Connection-Ip from a trusted proxy is stored as no address", async () => {
    process.env.TRUST_PROXY_HEADERS = "1";
    process.env.CLIENT_ADDRESS_HEADER = "X-Nf-Client-Connection-Ip";
    resetEnv();
    const stored = await storedAddresses({ ip: "", headers: { "x-nf-client-connection-ip": HUGE } });
    expect(stored).toEqual({ activity: [null, null], session: null, lastSignIn: null, message: null });
  });

  it("a 10,000-character platform address is stored as no address", async () => {
    const stored = await storedAddresses({ ip: HUGE });
    expect(stored).toEqual({ activity: [null, null], session: null, lastSignIn: null, message: null });
  });

  it("an untrusted header is ignored; a trusted, valid one is stored as the address", async () => {
    const headers = { "x-nf-client-connection-ip": "198.51.100.23", "x-forwarded-for": "198.51.100.24" };
    const untrusted = await storedAddresses({ ip: "203.0.113.5", headers });
    expect(untrusted).toEqual({
      activity: ["203.0.113.5", "203.0.113.5"],
      session: "203.0.113.5",
      lastSignIn: "203.0.113.5",
      message: "203.0.113.5",
    });
    process.env.TRUST_PROXY_HEADERS = "1";
    process.env.CLIENT_ADDRESS_HEADER = "x-nf-client-connection-ip";
    resetEnv();
    const trusted = await storedAddresses({ ip: "127.0.0.1", headers });
    expect(trusted).toEqual({
      activity: ["198.51.100.23", "198.51.100.23"],
      session: "198.51.100.23",
      lastSignIn: "198.51.100.23",
      message: "198.51.100.23",
    });
  });
});
