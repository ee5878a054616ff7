import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FLAG_TABLES, flagTable, withFlagTables } from "./flag-docs.js";

const page = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8");

describe("docs/cli.md's flag tables", () => {
  it("are what the CLI's flag tables write (run `npm run docs:cli` after changing a flag)", () => {
    expect(withFlagTables(page)).toBe(page);
    for (const command of Object.keys(FLAG_TABLES)) expect(page).toContain(`<!-- flags: ${command} -->`);
  });

  it("say how to switch off each flag that is on by default, as --help does", () => {
    for (const table of Object.values(FLAG_TABLES)) {
      for (const [name, spec] of Object.entries(table)) {
        if (spec.type === "boolean" && spec.default === true) expect(spec.describe).toContain(`--no-${name}`);
      }
    }
  });

  it("write a value's name, a boolean as --help names it, the default, and `<` as text", () => {
    const table = flagTable({
      port: { value: "n", default: 8787, describe: "Port" },
      limits: { type: "boolean", default: true, describe: "Limits | on" },
      key: { type: "string", describe: "Key (Authorization: Key <key>)", defaultDescription: "from $KEY" },
    });
    expect(table.split("\n").slice(2)).toEqual([
      "| `--port <n>` | Port | `8787` |",
      "| `--limits` | Limits \\| on | on |",
      "| `--key <value>` | Key (Authorization: Key &lt;key&gt;) | from $KEY |",
    ]);
  });
});
