/** Where in a file: a line and a column, both from 1. */
export interface SourcePosition {
  readonly line: number;
  readonly column?: number;
}

/** How many lines of context a {@link codeFrame} shows around its line. */
export interface CodeFrameOptions {
  readonly linesAbove?: number;
  readonly linesBelow?: number;
}

/**
 * The lines of `text` around `at`, numbered, the line itself marked with `>` and, when a column is
 * given, a `^` under that column (tabs kept, so the caret lines up):
 *
 * ```text
 *   5 |   ping() {
 * > 6 |     return = `pong`;
 *     |            ^
 *   7 |   }
 * ```
 */
export function codeFrame(text: string, at: SourcePosition, options: CodeFrameOptions = {}): string {
  const { linesAbove = 2, linesBelow = 3 } = options;
  const lines = text.split(/\r\n|[\n\r\u2028\u2029]/);
  const first = Math.max(at.line - (linesAbove + 1), 0);
  const last = Math.min(lines.length, at.line + linesBelow);
  const width = String(last).length;
  const frame: string[] = [];
  for (let number = first + 1; number <= last; number++) {
    const line = lines[number - 1]!;
    const gutter = ` ${String(number).padStart(width)} |`;
    const code = line.length > 0 ? ` ${line}` : "";
    if (number !== at.line) {
      frame.push(` ${gutter}${code}`);
      continue;
    }
    frame.push(`>${gutter}${code}`);
    if (at.column) {
      const spacing = line.slice(0, Math.max(at.column - 1, 0)).replace(/[^\t]/g, " ");
      frame.push(` ${gutter.replace(/\d/g, " ")} ${spacing}^`);
    }
  }
  return frame.join("\n");
}
