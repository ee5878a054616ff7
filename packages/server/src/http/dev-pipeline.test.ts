import { describe, expect, it } from "vitest";
import { ApiError } from "../kernel/errors/api-error.js";
import { checkDevAccess } from "./dev-pipeline.js";
import type { DevAccess } from "./runtime.js";

function outcome(access: DevAccess, authorization?: string): string {
  try {
    checkDevAccess(access, authorization === undefined ? {} : { authorization }, "GET", "/dev/v1/world?x=1");
    return "allowed";
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.code}` : "crashed";
  }
}

describe("dev API access", () => {
  it.each([
    {
      name: "loopback: open to anyone",
      access: { mode: "open" } as const,
      header: undefined,
      expected: "allowed",
    },
    {
      name: "beyond loopback without a key: off",
      access: { mode: "off" } as const,
      header: "Dev k",
      expected: "404 unknown_route",
    },
    {
      name: "with a key: the key",
      access: { mode: "key", key: "s3cret" } as const,
      header: "Dev s3cret",
      expected: "allowed",
    },
    {
      name: "with a key: no header",
      access: { mode: "key", key: "s3cret" } as const,
      header: undefined,
      expected: "401 unauthorized",
    },
    {
      name: "with a key: a wrong key",
      access: { mode: "key", key: "s3cret" } as const,
      header: "Dev nope",
      expected: "401 unauthorized",
    },
    {
      name: "with a key: another scheme",
      access: { mode: "key", key: "s3cret" } as const,
      header: "Bot s3cret",
      expected: "401 unauthorized",
    },
  ])("$name", ({ access, header, expected }) => {
    expect(outcome(access, header)).toBe(expected);
  });
});
