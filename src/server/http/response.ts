/** Headers every API response carries (Netlify's header rules do not reach functions). */
const BASE_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
} as const;

/** A JSON response with the API's standard headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/**
 * Like `json`, for a body that is already serialized (a cached list). Bytes go out as a one-chunk
 * stream: a Uint8Array body would be copied by the Response constructor on every request.
 */
export function jsonText(body: string | Uint8Array, status = 200, headers: Record<string, string> = {}): Response {
  if (typeof body === "string") return new Response(body, { status, headers: { ...BASE_HEADERS, ...headers } });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  return new Response(stream, {
    status,
    headers: { ...BASE_HEADERS, "Content-Length": String(body.byteLength), ...headers },
  });
}
