/**
 * The API's HTTP layer, one job per module (as Hono keeps HTTPException apart from its body-limit
 * middleware): the error type, JSON responses, the handler wrapper, and body reading. Functions import
 * from here.
 */
export * from "./http/error";
export * from "./http/response";
export * from "./http/handler";
export * from "./http/body";
