import { describe, expect, it } from "vitest";
import { Permissions, PermissionsError } from "./permissions.js";

describe("Permissions", () => {
  it("puts each name at the widely used platform's bit", () => {
    expect(Permissions.FLAGS.administrator).toBe(1n << 3n);
    expect(Permissions.FLAGS.view_channels).toBe(1n << 10n);
    expect(Permissions.FLAGS.send_messages).toBe(1n << 11n);
    expect(Permissions.FLAGS.moderate_members).toBe(1n << 40n);
    expect(Permissions.from(["view_channels", "send_messages"]).bits).toBe(3072n);
  });

  it("answers has, missing and toArray", () => {
    const perms = Permissions.from(["send_messages", "view_channels"]);
    expect(perms.has("send_messages")).toBe(true);
    expect(perms.has(["send_messages", "embed_links"])).toBe(false);
    expect(perms.missing(["embed_links", "send_messages", "moderate_members"])).toEqual([
      "embed_links",
      "moderate_members",
    ]);
    expect(perms.toArray()).toEqual(["view_channels", "send_messages"]);
  });

  it("lets administrator grant every right unless told not to", () => {
    const admin = Permissions.from(["administrator"]);
    expect(admin.has("ban_members")).toBe(true);
    expect(admin.missing(["ban_members"])).toEqual([]);
    expect(admin.has("ban_members", false)).toBe(false);
    expect(admin.missing(["ban_members"], false)).toEqual(["ban_members"]);
  });

  it("serialises as the decimal bigint and reads it back, bits above 2^32 included", () => {
    const perms = Permissions.from(["moderate_members", "kick_members"]);
    expect(perms.serialize()).toBe(String((1n << 40n) | 2n));
    expect(JSON.stringify({ perms })).toBe(`{"perms":"${perms.serialize()}"}`);
    expect(Permissions.deserialize(perms.serialize()).equals(perms)).toBe(true);
  });

  it("adds and removes without changing the original", () => {
    const base = Permissions.from(["view_channels"]);
    const more = base.add("send_messages").remove("view_channels");
    expect(base.toArray()).toEqual(["view_channels"]);
    expect(more.toArray()).toEqual(["send_messages"]);
  });

  it("refuses unknown names and strings that are not decimal bitfields", () => {
    expect(() => Permissions.from(["send_messages", "fly"])).toThrow(PermissionsError);
    expect(() => Permissions.from(["fly"])).toThrow(/unknown permission "fly"/);
    expect(() => Permissions.deserialize("0x10")).toThrow(/decimal bitfield/);
    expect(() => Permissions.deserialize("-1")).toThrow(PermissionsError);
  });
});
