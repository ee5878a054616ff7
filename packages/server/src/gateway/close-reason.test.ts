import { describe, expect, it } from "vitest";
import {
  assertCloseFrame,
  clampCloseReason,
  isSendableCloseCode,
  MAX_CLOSE_REASON_BYTES,
} from "./close-reason.js";

describe("close frames", () => {
  it("accepts 1000, 1001 and 3000 to 4999 only", () => {
    for (const code of [1000, 1001, 3000, 4009, 4999]) expect(isSendableCloseCode(code)).toBe(true);
    for (const code of [999, 1002, 1005, 1006, 2999, 5000, 4000.5, Number.NaN]) {
      expect(isSendableCloseCode(code)).toBe(false);
    }
    expect(() => assertCloseFrame(1006, "")).toThrow(RangeError);
    expect(() => assertCloseFrame(4000, "é".repeat(62))).toThrow(/reason must be at most 123 bytes/);
    expect(() => assertCloseFrame(4000, "é".repeat(61))).not.toThrow();
  });

  it("clamps a reason to 123 bytes without splitting a character", () => {
    expect(clampCloseReason("short")).toBe("short");
    const clamped = clampCloseReason(`a${"é".repeat(100)}`);
    expect(Buffer.byteLength(clamped)).toBe(MAX_CLOSE_REASON_BYTES);
    expect(clamped).toBe(`a${"é".repeat(61)}`);
    expect(Buffer.byteLength(clampCloseReason("😀".repeat(40)))).toBe(120);
  });
});
