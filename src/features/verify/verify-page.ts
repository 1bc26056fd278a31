/**
 * /verify in the browser: a chosen or dropped PDF is hashed here, the fingerprint looked up, and the answer
 * written as text. Names and projects from the answer are set as text nodes, never as markup.
 */
import { byId, el, fill } from "~/features/bid-client/dom";
import type { VerifyWords } from "./messages/en";
import { describeSeal, eventRows, isPdf, lookUp, sha256Hex } from "./verify";

/** Shows one file's result in the result panel (a polite live region: focus stays where the visitor is). */
async function check(file: File, company: string, words: VerifyWords): Promise<void> {
  const result = byId("verify-result");
  result.hidden = false;
  result.dataset.state = "working";
  if (!isPdf(file)) {
    result.dataset.state = "failed";
    fill(result, el("p", { class: "verify-heading" }, words.notPdfHeading), el("p", {}, words.notPdf(file.name)));
    return;
  }
  fill(result, el("p", {}, words.checking(file.name)));
  const lookup = await lookUp(await sha256Hex(file), words);
  result.dataset.state = lookup.kind;
  if (lookup.kind === "sealed") {
    const { summary, facts } = describeSeal(lookup.verification, company, words);
    fill(
      result,
      el("p", { class: "verify-heading" }, words.sealedHeading),
      el("p", {}, summary),
      el(
        "dl",
        { class: "verify-facts" },
        ...facts.map(([term, value]) => el("div", {}, el("dt", {}, term), el("dd", {}, value))),
      ),
      el("h3", { class: "verify-heading", id: "verify-events" }, words.eventLog),
      el(
        "div",
        { class: "verify-events" },
        el(
          "table",
          { "aria-labelledby": "verify-events" },
          el("thead", {}, el("tr", {}, ...words.eventColumns.map((column) => el("th", { scope: "col" }, column)))),
          el(
            "tbody",
            {},
            ...eventRows(lookup.verification, words).map((row) =>
              el("tr", {}, ...row.map((cell) => el("td", {}, cell))),
            ),
          ),
        ),
      ),
    );
  } else if (lookup.kind === "unknown") {
    fill(result, el("p", { class: "verify-heading" }, words.unknownHeading), el("p", {}, words.notSealed));
  } else {
    fill(result, el("p", { class: "verify-heading" }, words.failedHeading), el("p", {}, lookup.message));
  }
  result.scrollIntoView({ block: "nearest" });
}

/** Wires the file input and the drop zone; the results are worded in the page's own language. */
export function startVerifyPage(words: VerifyWords): void {
  const input = byId<HTMLInputElement>("verify-file");
  const zone = byId("verify-drop");
  const company = zone.dataset.company ?? "";
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void check(file, company, words);
  });
  // A file dropped beside the zone would otherwise replace the page with the PDF.
  for (const type of ["dragover", "drop"]) window.addEventListener(type, (event) => event.preventDefault());
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.dataset.over = "";
  });
  zone.addEventListener("dragleave", () => delete zone.dataset.over);
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    delete zone.dataset.over;
    const file = event.dataTransfer?.files[0];
    if (file) void check(file, company, words);
  });
}
