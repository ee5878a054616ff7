import { describe, expect, it } from "vitest";
import type { JsonRoute } from "./route.js";
import { RouteTable } from "./route-table.js";

const route = (method: JsonRoute["method"], path: string) => ({ kind: "bot", method, path }) as JsonRoute;

describe("RouteTable", () => {
  const me = route("GET", "/v1/users/@me");
  const user = route("GET", "/v1/users/:user_id");
  const message = route("GET", "/v1/channels/:channel_id/messages/:message_id");
  const table = new RouteTable();
  for (const r of [me, user, message]) table.add(r);

  it("takes a static segment before a param, and gives the params by name", () => {
    expect(table.find("GET", "/v1/users/@me")?.route).toBe(me);
    expect(table.find("GET", "/v1/users/42")).toEqual({
      route: user,
      params: { user_id: "42" },
      searchParams: {},
    });
    expect(table.find("GET", "/v1/channels/1/messages/2")?.params).toEqual({
      channel_id: "1",
      message_id: "2",
    });
  });

  it("matches nothing for another method, a trailing or doubled slash, or a param over 500 characters", () => {
    expect(table.find("POST", "/v1/users/42")).toBeNull();
    expect(table.find("GET", "/v1/users/42/")).toBeNull();
    expect(table.find("GET", "/v1//users/42")).toBeNull();
    expect(table.find("GET", "/v1/users")).toBeNull();
    expect(table.find("GET", `/v1/users/${"1".repeat(501)}`)).toBeNull();
  });

  it("decodes params, keeps a malformed escape as sent, and reads the query string", () => {
    expect(table.find("GET", "/v1/users/a%20b")?.params).toEqual({ user_id: "a b" });
    expect(table.find("GET", "/v1/users/%E0%A4%A")?.params).toEqual({ user_id: "%E0%A4%A" });
    expect(table.find("GET", "/v1/users/42?limit=5&q=a+b%21")?.searchParams).toEqual({
      limit: "5",
      q: "a b!",
    });
    expect(table.find("GET", "/v1/users/42?id=1&id=2")?.searchParams).toEqual({ id: ["1", "2"] });
  });
});
