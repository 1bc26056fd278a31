import { beforeAll, expect, it } from "vitest";
import { answer, call, describeEachBackend, loginAs, randomIp } from "../../../test/api";

const PASSWORD = "correct horse battery staple";

describeEachBackend("a lead's excerpt: the message's first words, its whitespace folded", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("excerpt-reader", PASSWORD);
    token = await loginAs("excerpt-reader", PASSWORD);
  });

  it("keeps every letter (an s too) and folds runs of spaces and line breaks into one space", async () => {
    const message = "Please   repaint the stairs\n\nand the halls.";
    const sent = await call("POST", "/api/contact", {
      json: { firstName: "Sam", lastName: "Sears", email: "sam@example.com", message },
      ip: randomIp(),
    });
    expect(sent.status).toBe(201);
    const page = await answer(await call("GET", "/api/portal/leads", { token }), 200);
    expect(page.items.find((item) => item.name === "Sam Sears")?.excerpt).toBe(
      "Please repaint the stairs and the halls.",
    );
  });
});
