#!/usr/bin/env node
// `npm create chat-bot` runs this: the compiled generator.
import { existsSync } from "node:fs";

const entry = new URL("../dist/main.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("create-chat-bot: not built yet; run `npm run build` at the repository root\n");
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv.slice(2));
