#!/usr/bin/env node
// Before `npm pack`: copies the monorepo's templates/ into the package, so that they ship inside it.
// After it (`--remove`): removes that copy, so that the generator run from the repository always
// renders templates/ as it is now.
import { cpSync, existsSync, rmSync } from "node:fs";

const from = new URL("../../templates/", import.meta.url);
const to = new URL("../templates/", import.meta.url);
rmSync(to, { recursive: true, force: true });
if (!process.argv.includes("--remove") && existsSync(from)) cpSync(from, to, { recursive: true });
