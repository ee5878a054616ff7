import { DEV_ROUTE_BODIES, DEV_ROUTES } from "@chatbot/protocol/dev";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../src/server/route-table.js";

/** `POST /dev/v1/users`: a route's method and path, as both tables key it. */
const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe("the dev API's contract", () => {
  const served = ROUTES.filter((route) => route.kind === "dev");
  const declared = Object.entries(DEV_ROUTES);

  it("serves every route of the protocol's table, and no other", () => {
    expect(served.map(key).sort()).toEqual(declared.map(([, route]) => key(route)).sort());
  });

  it("has a body entry for exactly the routes of the table", () => {
    expect(Object.keys(DEV_ROUTE_BODIES).sort()).toEqual(Object.keys(DEV_ROUTES).sort());
  });

  it("validates each body with the protocol's schema of that route", () => {
    for (const [name, spec] of declared) {
      const route = served.find((r) => key(r) === key(spec));
      expect(route?.body, name).toBe(DEV_ROUTE_BODIES[name as keyof typeof DEV_ROUTE_BODIES]);
      // The client's table says whether the route takes a body; the schema map agrees.
      expect(spec.body !== undefined, name).toBe(route?.body !== undefined);
    }
  });
});
