// The type checker of `chatbot dev`, in a worker thread so it never holds back a reload: the project's
// own TypeScript, in watch mode (incremental: after the first check only what changed is checked
// again), and after each check the errors, each with its place and a code frame, sent to the host.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import type * as TS from "typescript";
import { codeFrame } from "./code-frame.js";

const { root, config } = workerData as { root: string; config: string };
const ts = createRequire(join(root, "package.json"))("typescript") as typeof TS;

const errors: string[] = [];

// Each check leaves the previous program's garbage behind, and V8 collects it only when the heap
// nears its limit (gigabytes): `chatbot dev` grew by about 14 MB a save with a type check on. A
// full collection after each check keeps the thread near what the checker actually holds (its size
// then goes to the host, which starts a fresh checker when it keeps growing). The `gc` function
// exists only in a context made after the flag is set.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

function describe(diagnostic: TS.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code}: ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  const name = relative(root, diagnostic.file.fileName).split("\\").join("/");
  let text: string;
  try {
    text = readFileSync(diagnostic.file.fileName, "utf8");
  } catch {
    text = diagnostic.file.text;
  }
  const frame = codeFrame(text, { line: line + 1, column: character + 1 }, { linesAbove: 1, linesBelow: 1 });
  return `${name}:${line + 1}:${character + 1}: ${message} (TS${diagnostic.code})\n${frame}`;
}

const host = ts.createWatchCompilerHost(
  config,
  { noEmit: true, incremental: true, tsBuildInfoFile: join(root, ".chatbot", "typecheck.tsbuildinfo") },
  ts.sys,
  ts.createEmitAndSemanticDiagnosticsBuilderProgram,
  (diagnostic) => {
    if (diagnostic.category === ts.DiagnosticCategory.Error) errors.push(describe(diagnostic));
  },
  (status) => {
    // 6031/6032: a check starts; 6193/6194: it ended (with the count of errors).
    if (status.code === 6031 || status.code === 6032) errors.length = 0;
    if (status.code === 6193 || status.code === 6194) {
      parentPort!.postMessage({ errors: [...errors] });
      setImmediate(() => {
        collect();
        parentPort!.postMessage({ heapBytes: getHeapStatistics().used_heap_size });
      });
    }
  },
);
ts.createWatchProgram(host);
