#!/usr/bin/env node
// The `chatbot` binary: runs the compiled CLI. `npm ci` builds it (the root `prepare` script).
import { existsSync } from "node:fs";

const entry = new URL("../dist/index.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("chatbot: the CLI is not built yet; run `npm run build` at the repository root\n");
  process.exit(1);
}
// `chatbot dev` holds the reference server, the host and the bot's code threads in one process.
// V8 sizes the main heap's young generation from the machine's memory (tens of MB on Node 22 and
// 24), and for a session that allocates in bursts that is resident memory held for little: with
// semi-spaces of 2 MB, a 50-file bot's session on Node 24 stood at 230 MB instead of 270. The size
// is read when the heap is made, so the CLI starts itself again with it, in place (the same
// process id, terminal and arguments), where Node can (`process.execve`, Node 22.15 and later), and
// only when the flag was not given already (nor Node's own --inspect: a debugger attached to the
// CLI itself would be cut off).
const nodeFlags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
if (
  process.argv[2] === "dev" &&
  !nodeFlags.some((flag) => flag.startsWith("--max-semi-space-size") || flag.startsWith("--inspect")) &&
  typeof process.execve === "function" &&
  process.platform !== "win32"
) {
  process.execve(process.execPath, [
    process.execPath,
    ...process.execArgv,
    "--max-semi-space-size=2",
    ...process.argv.slice(1),
  ]);
}
const { main } = await import(entry.href);
await main(process.argv.slice(2));
