import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { codeFrame } from "./code-frame.js";
import { CompileError } from "./compile.js";

/**
 * Says why new bot code could not be used: a compile error with its file, line and code frame; an
 * error thrown while importing or starting it with the first place in the project's sources its
 * stack names (source maps point it at the TypeScript), and the lines there.
 */
export function describeFailure(error: unknown, root: string): string {
  if (error instanceof CompileError) return error.message;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  for (const match of stack.matchAll(/(file:\/\/[^\s)]+?|\/[^\s():]+?):(\d+):(\d+)/g)) {
    const path = match[1]!.startsWith("file://") ? fileURLToPath(match[1]!) : match[1]!;
    const name = relative(root, path);
    if (name.startsWith("..") || name.includes("node_modules") || name.startsWith(".chatbot")) continue;
    if (!existsSync(path)) continue;
    const line = Number(match[2]);
    const column = Number(match[3]);
    const frame = codeFrame(readFileSync(path, "utf8"), { line, column });
    return `${name}:${line}:${column}: ${text}\n${frame}`;
  }
  return text;
}
