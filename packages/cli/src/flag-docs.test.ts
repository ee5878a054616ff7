import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FLAG_TABLES, flagTable, withFlagTables } from "./flag-docs.js";

const page = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8");

describe("docs/cli.md's flag tables", () => {
  it("are what the CLI's flag tables write (run `npm run docs:cli` after changing a flag)", () => {
    expect(withFlagTables(page)).toBe(page);
    for (const command of Object.keys(FLAG_TABLES)) expect(page).toContain(`<!-- flags: ${command} -->`);
  });

  it("write a value's name, a boolean's negation when it is on by default, the default, and `<` as text", () => {
    const table = flagTable({
      port: { value: "n", default: 8787, describe: "Port" },
      limits: { type: "boolean", default: true, describe: "Limits | on" },
      key: { type: "string", describe: "Key (Authorization: Key <key>)", defaultDescription: "from $KEY" },
    });
    expect(table.split("\n").slice(2)).toEqual([
      "| `--port <n>` | Port | `8787` |",
      "| `--no-limits` | Limits \\| on | on |",
      "| `--key <value>` | Key (Authorization: Key &lt;key&gt;) | from $KEY |",
    ]);
  });
});
