import { describe, expect, it } from "vitest";
import { codeFrame } from "./code-frame.js";

const source = ["class Greeter {", "  ping() {", "\treturn = `pong`;", "  }", "", "}", "// end"].join("\n");

// The frame @babel/code-frame printed before (its plain output, checked against it by hand).
describe("codeFrame", () => {
  it("numbers the lines around the one it marks, and puts a caret under the column", () => {
    expect(codeFrame(source, { line: 3, column: 9 })).toBe(
      [
        "  1 | class Greeter {",
        "  2 |   ping() {",
        "> 3 | \treturn = `pong`;",
        "    | \t       ^",
        "  4 |   }",
        "  5 |",
        "  6 | }",
      ].join("\n"),
    );
  });

  it("takes the lines it is asked for, pads the numbers to the widest, and marks no column when none is given", () => {
    const long = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\r\n");
    expect(codeFrame(long, { line: 10 }, { linesAbove: 1, linesBelow: 1 })).toBe(
      ["   9 | line 9", "> 10 | line 10", "  11 | line 11"].join("\n"),
    );
    expect(codeFrame("only", { line: 1, column: 1 }, { linesAbove: 0, linesBelow: 0 })).toBe(
      "> 1 | only\n    | ^",
    );
  });
});
