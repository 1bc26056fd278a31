import { beforeEach, expect, test, vi } from "vitest";
import { authenticateWithPasskey, registerPasskey } from "./passkey-ceremony";

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => browser);

const answer = { id: "cred", rawId: "cred", type: "public-key", response: { clientDataJSON: "e30" } };
const challenge = () => Promise.resolve({ ticket: "t-1", options: { challenge: "c" } });

beforeEach(() => {
  browser.startAuthentication.mockReset();
  browser.startRegistration.mockReset();
});

test.each([
  ["authenticateWithPasskey", authenticateWithPasskey, browser.startAuthentication],
  ["registerPasskey", registerPasskey, browser.startRegistration],
])("%s posts the ticket and a plain copy of the browser's answer", async (_, run, start) => {
  start.mockResolvedValue(answer);
  const verify = vi.fn().mockResolvedValue("checked");
  expect(await run(challenge, verify)).toEqual({ ok: true, answer: "checked" });
  expect(start).toHaveBeenCalledWith({ optionsJSON: { challenge: "c" } });
  expect(verify).toHaveBeenCalledWith("t-1", answer);
  expect(verify.mock.calls[0]![1].response).not.toBe(answer.response);
});

test("a prompt the person or the browser cancelled posts nothing", async () => {
  browser.startAuthentication.mockRejectedValue(new DOMException("cancelled", "NotAllowedError"));
  const verify = vi.fn();
  expect(await authenticateWithPasskey(challenge, verify)).toEqual({ ok: false, cancelled: true });
  expect(verify).not.toHaveBeenCalled();
});

test("the server's refusal reaches the caller", async () => {
  browser.startAuthentication.mockResolvedValue(answer);
  const refused = new Error("This passkey was not recognised");
  await expect(authenticateWithPasskey(challenge, () => Promise.reject(refused))).rejects.toBe(refused);
});
