// chatbot dev's type check with each line of TypeScript a project may have: 7 (the native compiler,
// no JavaScript API) and 6 (the last line with one), each the project's own, installed beside it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newProject, projectTsconfig, save, start } from "./dev-fixtures.js";
import { waitFor } from "./dev-project.js";

const TSCONFIG = projectTsconfig([]);

describe.each(["7", "6"] as const)("chatbot dev's type check on TypeScript %s", (typescript) => {
  it(
    "prints type errors with a code frame in the background, without holding back the reload, and says when they are fixed",
    { timeout: 90_000 },
    async () => {
      const project = newProject(typescript);
      project.write("tsconfig.json", TSCONFIG);
      const dev = await start(project);
      const line = await save(
        dev,
        project,
        "src/greeter.ts",
        "greet(name: string): string {",
        'greet(name: string): string {\n    const n: number = "text";\n    void n;',
      );
      // The reload happened at once: the new code runs, type error and all.
      expect(line).toMatch(/^reloaded src\/greeter\.ts in \d+ ms/);
      const reported = await waitFor(
        () => dev.stderr(),
        /src\/greeter\.ts:6:11: Type 'string' is not assignable to type 'number'\. \(TS2322\)\n[\s\S]*?> 6 \|/,
        30_000,
      );
      expect(reported[0]).toMatch(/^src\/greeter\.ts:6:11/);
      expect(dev.stderr()).toContain('> 6 |     const n: number = "text";');
      expect(dev.stderr()).not.toMatch(/no type check|is not a function/);
      // docs/cli.md shows this very report.
      const page = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8");
      const shown = /```text\n(type errors \(the bot still reloads[\s\S]*?)```/.exec(page)![1]!;
      for (const line of shown.trimEnd().split("\n")) expect(dev.stderr()).toContain(line);
      await save(dev, project, "src/greeter.ts", 'const n: number = "text";', "const n: number = 1;");
      await waitFor(dev.stdout, /types: no errors/, 30_000);
    },
  );
});
