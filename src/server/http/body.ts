import * as z from "zod";
import { MAX_BODY_BYTES } from "../../config/api";
import { HttpError } from "./error";

/** Reads the body as UTF-8 text, refusing more than `maxBytes` even when Content-Length lies. */
export async function readBody(req: Request, maxBytes: number = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () => new HttpError(413, `Request body exceeds ${maxBytes} bytes`);
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Parses a JSON body against `schema`: 415 unless it is JSON, 413 above the cap (`maxBytes`, default
 * MAX_BODY_BYTES), 400 for malformed JSON or for zod issues. `emptyBody` stands in for a missing body when given.
 */
export async function readJson<S extends z.core.$ZodType>(
  req: Request,
  schema: S,
  options: { emptyBody?: unknown; maxBytes?: number } = {},
): Promise<z.output<S>> {
  const type = mediaType(req);
  const isJson = type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
  const mayBeEmpty = "emptyBody" in options;
  // Without a Content-Type only an empty body is acceptable, and only where one is allowed.
  if (!isJson && !(type === "" && mayBeEmpty)) throw new HttpError(415, "Content-Type must be application/json");
  const text = await readBody(req, options.maxBytes);
  if (text.trim() === "" && mayBeEmpty) return validate(schema, options.emptyBody);
  if (!isJson) throw new HttpError(415, "Content-Type must be application/json");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, "Malformed JSON body", { cause: error });
  }
  return validate(schema, value);
}

/** Reads an HTML form body (urlencoded or multipart) as a plain object of strings. */
export async function readForm(req: Request): Promise<Record<string, string>> {
  const type = mediaType(req);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw new HttpError(415, "Content-Type must be application/x-www-form-urlencoded or multipart/form-data");
  }
  // Read through the capped reader first; multipart needs the original header for its boundary.
  const body = await readBody(req);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": req.headers.get("content-type")! } }).formData();
  } catch (error) {
    throw new HttpError(400, "Malformed form body", { cause: error });
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** safeParse that throws a 400 carrying the zod issues. */
export function validate<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message, code: i.code }));
    throw new HttpError(400, "Invalid request body", { issues });
  }
  return parsed.data;
}
