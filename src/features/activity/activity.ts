/** The activity screen's query: which page and filters, as the API's query parameters. */
import { api, read } from "~/lib/api-client";
import type { ActivityKind } from "~/schemas/activity";

/** The screen's filters; empty strings mean "any". */
export interface ActivityFilter {
  page: number;
  person: string;
  kind: string;
}

/** The activity list's query parameters, as the URL carries them. */
type ActivityQuery = { page?: string; person?: string; kind?: ActivityKind };

/** The query parameters for `filter`, leaving out what is not set. */
export function activityQuery(filter: Partial<ActivityFilter>): ActivityQuery {
  const query: ActivityQuery = {};
  if (filter.page && filter.page > 1) query.page = String(filter.page);
  if (filter.person) query.person = filter.person;
  // The screen offers the API's kinds only; the API checks it all the same.
  if (filter.kind) query.kind = filter.kind as ActivityKind;
  return query;
}

/** `activityQuery` as the URL's query string ("?page=2&kind=sign-in", or "" for the newest page of everything). */
export function activityQueryString(filter: Partial<ActivityFilter>): string {
  const text = new URLSearchParams(activityQuery(filter)).toString();
  return text ? `?${text}` : "";
}

/** The filter a query string from `activityQueryString` stands for (what it leaves out is the default). */
export function activityFilterOf(query: string): ActivityFilter {
  const params = new URLSearchParams(query);
  return { page: Number(params.get("page") ?? 1), person: params.get("person") ?? "", kind: params.get("kind") ?? "" };
}

export const loadActivity = (filter: ActivityFilter) =>
  read(api.portal.activity.$get({ query: activityQuery(filter) }));

/**
 * Downloads the filtered log as CSV. The API wants the bearer token, so the file is fetched here and handed to
 * the browser as a blob link rather than opened as a plain link.
 */
export async function downloadCsv(filter: ActivityFilter): Promise<void> {
  const response = await api.portal["activity.csv"].$get({ query: activityQuery({ ...filter, page: 1 }) });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "activity.csv";
  link.click();
  URL.revokeObjectURL(url);
}
