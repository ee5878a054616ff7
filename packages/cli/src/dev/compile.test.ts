import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import { BotCompiler } from "./compile.js";

const root = mkdtempSync(join(tmpdir(), "dev-compile-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("knows when a save's late file events are of what the last build already compiled", async () => {
  const sources = join(root, "src");
  mkdirSync(sources);
  const bot = join(sources, "bot.ts");
  const greeter = join(sources, "greeter.ts");
  // Written a second ago: before the build reads them.
  const before = new Date(Date.now() - 1_000);
  writeFileSync(bot, "export const bot = 1;\n");
  writeFileSync(greeter, 'export const greet = "v1";\n');
  utimesSync(bot, before, before);
  utimesSync(greeter, before, before);
  const compiler = new BotCompiler(root, sources, join(root, ".chatbot/build"));

  // No build yet: every save reloads.
  expect(compiler.hasBuilt([greeter])).toBe(false);
  await compiler.build();
  // The events of saves the build read: nothing to build again.
  expect(compiler.hasBuilt([greeter])).toBe(true);
  expect(compiler.hasBuilt([bot, greeter])).toBe(true);

  // Saved again after the build with the same text (a touch): newer than the build, so it reloads.
  const after = new Date(Date.now() + 1_000);
  utimesSync(greeter, after, after);
  expect(compiler.hasBuilt([greeter])).toBe(false);

  // A new text, a new file and a removed one reload too.
  writeFileSync(greeter, 'export const greet = "v2";\n');
  utimesSync(greeter, before, before);
  expect(compiler.hasBuilt([greeter])).toBe(false);
  const added = join(sources, "added.ts");
  writeFileSync(added, "export {};\n");
  utimesSync(added, before, before);
  expect(compiler.hasBuilt([added])).toBe(false);
  rmSync(bot);
  expect(compiler.hasBuilt([bot])).toBe(false);
  // Nothing named: not a save to skip.
  expect(compiler.hasBuilt([])).toBe(false);

  // Once a build has gone without the removed file, its late events need none.
  await compiler.build();
  expect(compiler.hasBuilt([bot])).toBe(true);
  expect(compiler.hasBuilt([added, greeter])).toBe(true);

  // A save that does not compile has been tried: its late events and the check of the sources
  // against the build do not try (and report) it again; the next save does.
  writeFileSync(greeter, "export const greet = ;\n");
  utimesSync(greeter, before, before);
  await expect(compiler.build()).rejects.toThrow(/greeter\.ts:1:/);
  expect(compiler.hasBuilt([greeter])).toBe(true);
  expect(compiler.changedSince()).toEqual([]);
  writeFileSync(greeter, 'export const greet = "v3";\n');
  expect(compiler.hasBuilt([greeter])).toBe(false);
  expect(compiler.changedSince()).toEqual([greeter]);
});

it("keeps a build in memory when asked, under the URLs a written one has, and writes nothing", async () => {
  const project = mkdtempSync(join(root, "memory-"));
  const sources = join(project, "src");
  mkdirSync(join(sources, "commands"), { recursive: true });
  writeFileSync(
    join(sources, "bot.ts"),
    'import { ping } from "./commands/ping.js";\nexport default ping;\n',
  );
  writeFileSync(join(sources, "commands", "ping.ts"), 'export const ping: string = "pong";\n');
  const out = join(project, ".chatbot/build");
  const kept = new BotCompiler(project, sources, out, { inMemory: true });
  const written = new BotCompiler(project, sources, join(project, ".chatbot/written"));

  const first = await kept.build();
  expect(kept.buildsUrl).toBe(`${pathToFileURL(realpathSync(out)).href}/`);
  expect(readdirSync(out), "nothing written").toEqual([]);
  const modules = kept.modulesOf(first)!;
  const ping = pathToFileURL(kept.builtPath(first, join(sources, "commands", "ping.ts"))).href;
  expect(Object.keys(modules).sort()).toEqual(
    [pathToFileURL(kept.builtPath(first, join(sources, "bot.ts"))).href, ping].sort(),
  );
  expect(ping.startsWith(kept.buildsUrl)).toBe(true);
  // The same code a written build has, source map included.
  const build = await written.build();
  expect(modules[ping]).toBe(
    readFileSync(written.builtPath(build, join(sources, "commands", "ping.ts")), "utf8"),
  );
  expect(modules[ping]).toContain("sourceMappingURL=data:application/json;base64,");

  // Only the last build's modules are held.
  const second = await kept.build();
  expect(kept.modulesOf(first)).toBeUndefined();
  expect(kept.modulesOf(second)).toBeDefined();
  expect(existsSync(second)).toBe(false);
  // A written build has none in memory.
  expect(written.modulesOf(build)).toBeUndefined();
});
