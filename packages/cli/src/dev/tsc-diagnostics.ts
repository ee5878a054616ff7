import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { codeFrame } from "./code-frame.js";

/** `src/a.ts(6,11): error TS2322: Type 'string' is not assignable to type 'number'.` */
const PLACED = /^(.+?)\((\d+),(\d+)\): error TS(\d+): (.*)$/;
/** `error TS5023: Unknown compiler option 'x'.` (no place: the command line, the tsconfig). */
const UNPLACED = /^error TS(\d+): (.*)$/;

/**
 * The errors of one `tsc --pretty false` run (any version: the line format is the same in 5.x, 6.x
 * and 7), each as `chatbot dev` prints it: `file:line:column: message (TScode)` and the lines around
 * it from the file as it is now. A message's further lines (the chain of reasons, indented by tsc)
 * stay under it. `root` is the folder tsc ran in, which its paths are relative to.
 */
export function describeTscOutput(output: string, root: string): string[] {
  const errors: Array<{ place: string; lines: string[]; code: string; frame: string }> = [];
  const texts = new Map<string, string | null>();
  const textOf = (path: string): string | null => {
    if (!texts.has(path)) {
      try {
        texts.set(path, readFileSync(path, "utf8"));
      } catch {
        texts.set(path, null);
      }
    }
    return texts.get(path)!;
  };
  for (const line of output.split(/\r?\n/)) {
    const placed = PLACED.exec(line);
    if (placed) {
      const [, file, row, column, code, message] = placed;
      const path = resolve(root, file!);
      const name = relative(root, path).split("\\").join("/");
      const text = textOf(path);
      const at = { line: Number(row), column: Number(column) };
      errors.push({
        place: `${name}:${row}:${column}: `,
        lines: [message!],
        code: code!,
        frame: text === null ? "" : codeFrame(text, at, { linesAbove: 1, linesBelow: 1 }),
      });
      continue;
    }
    const unplaced = UNPLACED.exec(line);
    if (unplaced) {
      errors.push({ place: "", lines: [unplaced[2]!], code: unplaced[1]!, frame: "" });
      continue;
    }
    // A further line of the error above: tsc indents the chain of reasons under its first line.
    if (/^\s+\S/.test(line) && errors.length > 0) errors.at(-1)!.lines.push(line);
  }
  return errors.map(({ place, lines, code, frame }) => {
    const text = `${place}${lines.join("\n")} (TS${code})`;
    return frame ? `${text}\n${frame}` : text;
  });
}
