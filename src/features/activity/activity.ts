/** The activity screen's query: which page and filters, as the API's query string. */
import { ACTIVITY_CSV_PATH, ACTIVITY_PATH } from "~/lib/api-routes-staff";
import { apiRequest } from "~/lib/api-client";
import type { ActivityPage } from "~/schemas/activity";

/** The screen's filters; empty strings mean "any". */
export interface ActivityFilter {
  page: number;
  person: string;
  kind: string;
}

/** The query string for `filter`, leaving out what is not set. */
export function activityQuery(filter: Partial<ActivityFilter>): string {
  const params = new URLSearchParams();
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  if (filter.person) params.set("person", filter.person);
  if (filter.kind) params.set("kind", filter.kind);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The filter a query string from `activityQuery` stands for (what it leaves out is the default). */
export function activityFilterOf(query: string): ActivityFilter {
  const params = new URLSearchParams(query);
  return { page: Number(params.get("page") ?? 1), person: params.get("person") ?? "", kind: params.get("kind") ?? "" };
}

export const loadActivity = (filter: ActivityFilter) =>
  apiRequest<ActivityPage>(`${ACTIVITY_PATH}${activityQuery(filter)}`);

/**
 * Downloads the filtered log as CSV. The API wants the bearer token, so the file is fetched here and handed to
 * the browser as a blob link rather than opened as a plain link.
 */
export async function downloadCsv(filter: ActivityFilter, token: string): Promise<void> {
  const response = await fetch(`${ACTIVITY_CSV_PATH}${activityQuery({ ...filter, page: 1 })}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "activity.csv";
  link.click();
  URL.revokeObjectURL(url);
}
