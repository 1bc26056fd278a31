/** A character the signed PDF cannot print is refused where it is typed, with a message naming it. */
import { expect, test } from "./fixtures";
import { unprintableMessage } from "../src/schemas/printable";
import { axeViolations } from "./helpers/axe";
import { openEditor } from "./helpers/proposal-editor";
import { API } from "./helpers/seed";

const isSend = (url: string, method: string) => new URL(url).pathname === API.bids && method === "POST";

test("Send to client names a character the PDF cannot print as it is typed, and sends nothing", async ({
  page,
  request,
}) => {
  await openEditor(page, request);
  await page.getByRole("button", { name: "Send to client" }).click();
  const dialog = page.getByRole("dialog", { name: "Send to client" });
  const name = dialog.getByLabel("Full name");
  let sent = 0;
  page.on("request", (r) => void (isSend(r.url(), r.method()) && (sent += 1)));

  await name.fill("Nguyễn Thị Minh Khai 😀");
  const message = unprintableMessage("Signer name", "😀");
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByText(message)).toContainText("U+1F600");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(message);
  expect(await axeViolations(page)).toEqual([]);

  await dialog.getByLabel("E-mail").fill("khai@example.com");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(dialog.getByText(message)).toBeVisible();
  expect(sent).toBe(0);

  // Every script the fonts cover goes through.
  await name.fill("Nguyễn Thị Minh Khai 王小明 김민준");
  await expect(dialog.getByText(message)).toHaveCount(0);
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
});
