import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { GatewayAddressSchema } from "./gateway-address.js";

describe("GatewayAddressSchema", () => {
  it("takes a wss or ws URL", () => {
    expectValid(GatewayAddressSchema, { url: "wss://chat.example/v1/gateway" });
    expectValid(GatewayAddressSchema, { url: "ws://127.0.0.1:4000/v1/gateway" });
  });

  it("refuses an http URL", () => {
    expect(expectErrors(GatewayAddressSchema, { url: "https://chat.example" })).toEqual({
      url: ["must be a ws or wss URL"],
    });
  });
});
