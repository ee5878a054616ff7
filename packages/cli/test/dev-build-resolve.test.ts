// The code thread's own resolution of a build's imports (Node 22.15 and later), in a process of its
// own: its hooks are the process's.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import { canLoadBuildsFromMemory } from "../src/dev/build-resolve.js";
import { GREETER, PING } from "./dev-fixtures.js";
import { DevProject } from "./dev-project.js";
import { REPO_ROOT } from "./run-cli.js";

const project = new DevProject({ "src/greeter.ts": GREETER, "src/commands/ping.ts": PING });
afterAll(() => project.remove());

const dist = (file: string) => pathToFileURL(join(REPO_ROOT, "packages/cli/dist/dev", file)).href;

// Three builds imported as the code thread imports them, with a hook beneath the thread's that
// sees what it hands on to Node.
const SCRIPT = `
import { registerHooks } from "node:module";
import { pathToFileURL } from "node:url";
const root = process.cwd();
const toNode = [];
registerHooks({
  resolve(specifier, context, next) {
    // (The compiler itself asks for the helpers by name, to point its output at them.)
    if (specifier.startsWith("file:") && specifier.includes("@oxc-project/runtime")) {
      toNode.push(specifier.split("/").pop());
    }
    return next(specifier, context);
  },
});
const { quickBuildResolve } = await import(${JSON.stringify(dist("build-resolve.js"))});
const { BotCompiler } = await import(${JSON.stringify(dist("compile.js"))});
const handOver = quickBuildResolve();
const compiler = new BotCompiler(root, root + "/src", root + "/.chatbot/build", { inMemory: true });
const injected = [];
for (let i = 0; i < 3; i++) {
  const build = await compiler.build();
  handOver(compiler.buildsUrl, compiler.modulesOf(build));
  const url = pathToFileURL(compiler.builtPath(build, root + "/src/commands/ping.ts")).href;
  const { Ping } = await import(url);
  injected.push(Reflect.getMetadata("design:paramtypes", Ping).map((type) => type.name).join());
}
console.log(JSON.stringify({ toNode, injected }));
`;

it.skipIf(!canLoadBuildsFromMemory)(
  "asks Node for each decorator helper once, not again for each module of each build",
  () => {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", SCRIPT], {
      cwd: project.root,
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(run.stderr).toBe("");
    const { toNode, injected } = JSON.parse(run.stdout) as { toNode: string[]; injected: string[] };
    // Each build's modules were imported afresh, with their decorator metadata.
    expect(injected).toEqual(["Greeter", "Greeter", "Greeter"]);
    // Ping imports both helpers and Greeter one: six imports in three builds, two of them Node's.
    expect(toNode.sort()).toEqual(["decorate.js", "decorateMetadata.js"]);
  },
);
