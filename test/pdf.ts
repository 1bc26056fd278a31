/**
 * Reading PDFs in tests with poppler's tools (pdftotext, pdfinfo, pdfsig, pdffonts, pdfdetach), as a reader
 * would: the text a file shows, its page count, its signatures' verdicts, its fonts and its attached files.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs a poppler tool on the PDF (written to a temporary file) and gives its output; never throws on exit status. */
async function poppler(tool: string, pdf: Uint8Array, args: string[] = []): Promise<{ code: number; out: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "aiq-pdf-"));
  const file = path.join(dir, "doc.pdf");
  try {
    await writeFile(file, pdf);
    const { stdout } = await run(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's text in reading order, with its layout (pdftotext -layout). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await poppler("pdftotext", pdf, ["-layout"])).out;
}

/** How many pages the PDF has (pdfinfo). */
export async function pdfPages(pdf: Uint8Array): Promise<number> {
  const { out } = await poppler("pdfinfo", pdf);
  return Number(/^Pages:\s+(\d+)/m.exec(out)?.[1] ?? NaN);
}

/** pdfsig's exit status and its "Signature Validation" verdicts, one per signature. */
export async function pdfSignatures(pdf: Uint8Array): Promise<{ code: number; validation: string[]; out: string }> {
  const { code, out } = await poppler("pdfsig", pdf);
  const validation = [...out.matchAll(/Signature Validation: (.+)$/gm)].map((m) => m[1].trim());
  return { code, validation, out };
}

/** The names of the fonts the PDF uses (pdffonts), e.g. "Helvetica-Bold". */
export async function pdfFonts(pdf: Uint8Array): Promise<string[]> {
  const { out } = await poppler("pdffonts", pdf);
  return out
    .split("\n")
    .slice(2)
    .map((line) => line.split(/\s+/)[0])
    .filter(Boolean);
}

/** The PDF's text in the order it is drawn (pdftotext -raw): a body's words in document order, columns included. */
export async function pdfRawText(pdf: Uint8Array): Promise<string> {
  return (await poppler("pdftotext", pdf, ["-raw"])).out;
}

/** One row of pdffonts: the font's name, its type, and whether it is embedded and subset. */
export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
}

/** Every font of the PDF with pdffonts' "emb" and "sub" columns, read by the header's column widths. */
export async function pdfFontTable(pdf: Uint8Array): Promise<PdfFont[]> {
  const [header, dashes, ...rows] = (await poppler("pdffonts", pdf)).out.split("\n");
  if (!header || !dashes) return [];
  // The dashed line gives each column's start; values such as "CID TrueType" hold spaces.
  const starts = [...dashes.matchAll(/-+/g)].map((m) => m.index);
  const column = (row: string, i: number) => row.slice(starts[i], starts[i + 1]).trim();
  return rows
    .filter((row) => row.trim())
    .map((row) => ({
      name: column(row, 0),
      type: column(row, 1),
      embedded: column(row, 3) === "yes",
      subset: column(row, 4) === "yes",
    }));
}

/** The files attached to the PDF (pdfdetach), by name, with their contents as text. */
export async function pdfAttachments(pdf: Uint8Array): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), "aiq-pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    await writeFile(file, pdf);
    const { stdout } = await run("pdfdetach", ["-list", file]);
    const names = stdout
      .split("\n")
      .slice(1)
      .map((line) => /^\d+: (.+)$/.exec(line.trim())?.[1])
      .filter((name): name is string => Boolean(name));
    const out: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const target = path.join(dir, `attachment-${i}`);
      await run("pdfdetach", ["-save", String(i + 1), "-o", target, file]);
      out[name] = await readFile(target, "utf8");
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
