import { describe, expect, it } from "vitest";
import { apiPathsIn, routeMatches } from "./api-paths";

describe("apiPathsIn", () => {
  it.each([
    [`fetch("/api/contact",{})`, ["/api/contact"]],
    ["x(`/api/contacts/${e}`)", ["/api/contacts/:param"]],
    ["`/api/contacts?${p}`", ["/api/contacts"]],
    [`<form action="/api/contact/form">`, ["/api/contact/form"]],
    [`"/api/portal/templates/"+id`, ["/api/portal/templates/:param"]],
    [`"/apiary"`, []],
    ["var W=`/api/portal/templates`;f(`${W}/${id}`)", ["/api/portal/templates", "/api/portal/templates/:param"]],
  ])("%s -> %j", (source, expected) => expect(apiPathsIn(source)).toEqual(expected));
});

describe("routeMatches", () => {
  it.each([
    ["/api/contacts/:id", "/api/contacts/:param", true],
    ["/api/contacts/:id", "/api/contacts/abc", true],
    ["/api/contacts", "/api/contacts/:param", false],
    ["/api/contact", "/api/contacts", false],
  ])("%s serves %s: %s", (route, path, expected) => expect(routeMatches(route, path)).toBe(expected));
});
