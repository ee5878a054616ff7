#!/usr/bin/env node
// Rewrites the flag tables of docs/cli.md from the CLI's flag tables (run after a build).
import { readFileSync, writeFileSync } from "node:fs";

const { withFlagTables } = await import(new URL("../dist/flag-docs.js", import.meta.url).href);
const page = new URL("../../../docs/cli.md", import.meta.url);
writeFileSync(page, withFlagTables(readFileSync(page, "utf8")));
