import { expect, test } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";

test("home page loads", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/.+/);
});

test("the running app's API: dev staff login, then proposal template create, read, update, delete", async ({
  request,
}) => {
  // Under astro dev every function call starts a fresh worker, and login runs a real scrypt.
  test.setTimeout(90_000);
  expect((await request.get("/api/portal/templates")).status()).toBe(401);

  const login = await request.post("/api/portal/login", { data: { ...DEV_STAFF_USER, rememberMe: false } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const title = `Smoke ${Date.now()}`;
  const created = await request.post("/api/portal/templates", {
    headers,
    data: { title, description: "e2e", templateContent: "Scope of work", category: "multifamily" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const listed = (await (await request.get("/api/portal/templates", { headers })).json()) as {
    id: string;
    title: string;
  }[];
  expect(listed.find((t) => t.id === id)?.title).toBe(title);

  const updated = await request.put(`/api/portal/templates/${id}`, {
    headers,
    data: { id, title: `${title} v2`, description: "", templateContent: "Scope", category: "commercial" },
  });
  expect(updated.status()).toBe(200);
  expect(((await updated.json()) as { title: string }).title).toBe(`${title} v2`);

  expect((await request.delete(`/api/portal/templates/${id}`, { headers })).status()).toBe(200);
  expect(
    (
      await request.put(`/api/portal/templates/${id}`, {
        headers,
        data: { title: "x", templateContent: "x", category: "residential" },
      })
    ).status(),
  ).toBe(404);
});
