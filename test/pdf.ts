/**
 * Reading PDFs in tests with poppler's tools (pdftotext, pdfinfo, pdfsig), as a reader would: the text a
 * file shows, its page count and its signatures' verdicts.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
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
    const { stdout } = await run(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])]);
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

/** The PDF's Title as pdfinfo reads it (everything after "Title:" up to the next field). */
export async function pdfTitle(pdf: Uint8Array): Promise<string> {
  const { out } = await poppler("pdfinfo", pdf);
  return /^Title:\s+([\s\S]*?)\n(?=[A-Z][A-Za-z ]+:)/m.exec(out)?.[1] ?? "";
}
