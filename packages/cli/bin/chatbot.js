#!/usr/bin/env node
// The `chatbot` binary: runs the compiled CLI. `npm ci` builds it (the root `prepare` script).
import { existsSync } from "node:fs";

const entry = new URL("../dist/index.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("chatbot: the CLI is not built yet; run `npm run build` at the repository root\n");
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv.slice(2));
