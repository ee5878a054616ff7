import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeTscOutput } from "./tsc-diagnostics.js";

const root = mkdtempSync(join(tmpdir(), "tsc-diagnostics-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("places each error of tsc --pretty false with its frame, keeping a chain of reasons under it", () => {
  writeFileSync(join(root, "a.ts"), 'const n: number = "x";\nconst o: { a: number } = { a: "y" };\n');
  const output = [
    "a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    "a.ts(2,28): error TS2322: Type '{ a: string; }' is not assignable to type '{ a: number; }'.",
    "  Types of property 'a' are incompatible.",
    "error TS5023: Unknown compiler option 'nope'.",
    "",
  ].join("\n");
  expect(describeTscOutput(output, root)).toEqual([
    "a.ts:1:7: Type 'string' is not assignable to type 'number'. (TS2322)\n" +
      '> 1 | const n: number = "x";\n    |       ^\n  2 | const o: { a: number } = { a: "y" };',
    "a.ts:2:28: Type '{ a: string; }' is not assignable to type '{ a: number; }'.\n" +
      "  Types of property 'a' are incompatible. (TS2322)\n" +
      '  1 | const n: number = "x";\n> 2 | const o: { a: number } = { a: "y" };\n    |                            ^\n  3 |',
    "Unknown compiler option 'nope'. (TS5023)",
  ]);
});

it("answers no errors for a clean run", () => {
  expect(describeTscOutput("", root)).toEqual([]);
});
