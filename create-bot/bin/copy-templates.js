#!/usr/bin/env node
// Before `npm pack`: copies the monorepo's templates/ into the package, so that they ship inside it.
import { cpSync, existsSync, rmSync } from "node:fs";

const from = new URL("../../templates/", import.meta.url);
const to = new URL("../templates/", import.meta.url);
if (existsSync(from)) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, {
    recursive: true,
    filter: (path) => !path.endsWith("README.md") || !path.endsWith("templates/README.md"),
  });
}
