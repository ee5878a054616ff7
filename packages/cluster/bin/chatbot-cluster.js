#!/usr/bin/env node
// The `chatbot-cluster` binary: one process of a bot that runs on many, on Redis.
import { existsSync } from "node:fs";

const entry = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("chatbot-cluster: the package is not built yet; run `npm run build`\n");
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv.slice(2));
