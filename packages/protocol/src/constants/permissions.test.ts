import { describe, expect, it } from "vitest";
import { bitsToPermissions, PERMISSION_BITS, permissionsToBits } from "./permissions.js";

describe("permission bits", () => {
  it("follow the widely used platform's bits", () => {
    expect(PERMISSION_BITS.administrator).toBe(8n);
    expect(PERMISSION_BITS.send_messages).toBe(2048n);
    expect(PERMISSION_BITS.moderate_members).toBe(1n << 40n);
  });
  it("round-trip names through a bitfield", () => {
    const bits = permissionsToBits(["view_channels", "send_messages"]);
    expect(bits).toBe(1024n + 2048n);
    expect(bitsToPermissions(bits)).toEqual(["view_channels", "send_messages"]);
  });
});
