import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkNodeLine } from "../src/checks.js";
import { LINE_WARNING, nodesOnPath } from "./generated-project.js";

const BIN = fileURLToPath(new URL("../bin/create-chat-bot.js", import.meta.url));
const DOCS_PAGE = fileURLToPath(new URL("../../docs/node-versions.md", import.meta.url));

describe("the Node line create-chat-bot runs on", () => {
  it("takes 22.13 and newer on 22, and 24 and later; warns on another line, naming the supported ones", () => {
    for (const version of ["22.13.0", "22.23.3", "24.0.0", "24.21.0", "26.1.0"])
      expect(checkNodeLine(version), version).toBeNull();
    for (const version of ["18.20.8", "20.19.0", "20.20.2", "22.12.0", "23.11.1"])
      expect(checkNodeLine(version), version).toBe(
        `Node ${version} is not supported; use Node 24 (active LTS) or Node 22.13 or newer (maintenance LTS). The project is made, but its install or its bot may fail on this Node`,
      );
  });

  it("docs/node-versions.md shows the warning as the generator writes it on Node 20.20.2", () => {
    const block = /```text\n(create-chat-bot: warning:[^\n]*)\n```/.exec(
      readFileSync(DOCS_PAGE, "utf8"),
    )?.[1];
    expect(block).toBe(`create-chat-bot: warning: ${checkNodeLine("20.20.2")}`);
  });

  it("says so first on stderr when run on an unsupported line, and nothing on a supported one", () => {
    const run = spawnSync(process.execPath, [BIN, "--version"], { encoding: "utf8" });
    expect(run.stderr).toBe(LINE_WARNING);
    expect(run.stdout).toBe("0.1.0\n");
    expect(run.status).toBe(0);
  });

  it("warns or not on every Node on PATH by that Node's own version", () => {
    for (const node of nodesOnPath()) {
      const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim().slice(1);
      const run = spawnSync(node, [BIN, "--version"], { encoding: "utf8" });
      const warning = checkNodeLine(version);
      expect(run.stderr, node).toBe(warning ? `create-chat-bot: warning: ${warning}\n` : "");
      expect(run.status, node).toBe(0);
    }
  });
});
