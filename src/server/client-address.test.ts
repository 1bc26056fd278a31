import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, validAddress } from "./client-address";

describe("addressKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.007", "203.0.113.7"],
    ["203.0.113.7:8080", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff::", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["2001:db8::1:2:3:4", "2001:db8:0:0::/64"],
    ["1:2:3:4:5:6:7::", "1:2:3:4::/64"],
    ["::", "0:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["fe80::1%25", "fe80:0:0:0::/64"],
    ["[2001:db8:1:2::1]", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::1]:443", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:3:4:192.0.2.1", "2001:db8:1:2::/64"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::FFFF:192.0.2.1", "192.0.2.1"],
    ["0:0:0:0:0:ffff:c000:201", "192.0.2.1"],
    ["[::ffff:192.0.2.1]:80", "192.0.2.1"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
  ])("%j -> %j", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it.each([null, undefined, "", "   "])("no address (%j) -> null", (ip) => {
    expect(addressKey(ip)).toBeNull();
  });

  it.each([
    ["1.2.3.256", "1.2.3.256"],
    ["2001:db8:::1", "2001:db8:::1"],
    ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"],
    ["1:2:3:4:5:6:7:8::", "1:2:3:4:5:6:7:8::"],
    ["1.2.3.4::", "1.2.3.4::"],
    ["12345::", "12345::"],
    ["Not An IP", "not an ip"],
  ])("text that is no address (%j) keeps a bucket of its own: %j", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it("two addresses in one /64 share a key; the next /64 does not", () => {
    expect(addressKey("2001:db8:aa:bb::1")).toBe(addressKey("2001:db8:aa:bb:ffff:ffff:ffff:ffff"));
    expect(addressKey("2001:db8:aa:bb::1")).not.toBe(addressKey("2001:db8:aa:bc::1"));
  });
});

describe("validAddress: what is stored as a client address", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:8080", "203.0.113.7"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["fe80::1%eth0", "fe80::1"],
    ["::ffff:192.0.2.1", "::ffff:192.0.2.1"],
  ])("%j is stored as %j", (text, stored) => {
    expect(validAddress(text)).toBe(stored);
  });

  it.each([
    ["nothing", undefined],
    ["empty", ""],
    ["a name", "localhost"],
    ["an octet past 255", "1.2.3.256"],
    ["a list", "203.0.113.7, 198.51.100.1"],
    ["markup", "<script>alert(1)</script>"],
    ["10,000 characters", "1".repeat(10_000)],
    ["an address followed by 10,000 characters", `203.0.113.7${" ".repeat(10_000)}x`],
  ])("%s is no address", (_case, text) => {
    expect(validAddress(text)).toBeNull();
  });
});

describe("clientAddress: one trusted source", () => {
  const source = (headers: Record<string, string>, platformIp?: string) => ({
    header: (name: string) => headers[name.toLowerCase()],
    platformIp,
  });

  it("without a trusted header only the platform's address counts, whatever headers say", () => {
    const headers = { "x-forwarded-for": "198.51.100.1", "x-nf-client-connection-ip": "198.51.100.2" };
    expect(clientAddress(source(headers, "203.0.113.7"), undefined)).toBe("203.0.113.7");
  });

  it("with one, that header wins (its last entry); other headers are still ignored", () => {
    const headers = { "x-forwarded-for": "10.0.0.1, 198.51.100.1", "x-nf-client-connection-ip": "198.51.100.2" };
    expect(clientAddress(source(headers, "127.0.0.1"), "x-forwarded-for")).toBe("198.51.100.1");
    expect(clientAddress(source(headers, "127.0.0.1"), "x-nf-client-connection-ip")).toBe("198.51.100.2");
    expect(clientAddress(source({}, "127.0.0.1"), "x-real-ip")).toBe("127.0.0.1");
  });

  it.each([
    ["10,000 characters", "9".repeat(10_000)],
    ["10,000 commas", ",".repeat(10_000)],
    ["text", "not an address"],
  ])("a trusted header of %s is no address: the platform's is used, and without one none", (_case, value) => {
    expect(
      clientAddress(source({ "x-nf-client-connection-ip": value }, "203.0.113.7"), "x-nf-client-connection-ip"),
    ).toBe("203.0.113.7");
    expect(clientAddress(source({ "x-nf-client-connection-ip": value }), "x-nf-client-connection-ip")).toBeNull();
    expect(clientAddress(source({}, value), undefined)).toBeNull();
  });
});
