import { afterAll, expect, it } from "vitest";
import { DevProject, use } from "./dev-project.js";
import { type ServerProcess, startServerProcess } from "./run-cli.js";

const project = new DevProject({
  "src/bot.ts": `import { Command, CommandContext, defineBot } from "@chatbot/framework";

@Command({ name: "hello", description: "Says hello" })
class Hello {
  async run(ctx: CommandContext) {
    await ctx.reply(\`hello, \${ctx.user.username}\`);
  }
}

export default defineBot({ commands: [Hello] });
`,
});
const running: ServerProcess[] = [];
afterAll(() => {
  for (const process of running) process.child.kill("SIGKILL");
  project.remove();
});

async function stop(process: ServerProcess) {
  process.child.kill("SIGINT");
  expect((await process.exited).code).toBe(0);
}

it("attaches to a running server with --server-url, keeps its world there, and --fresh makes a new one", async () => {
  const server = await startServerProcess(["--port", "0"]);
  running.push(server);

  const first = await project.dev(["--server-url", server.baseUrl]);
  running.push(first);
  expect(first.baseUrl).toBe(server.baseUrl);
  expect(await use(first, project, "hello")).toEqual({ state: "answered", contents: ["hello, alice"] });
  const world = project.world();
  await stop(first);

  // Run again: the same development world, found on that server.
  const again = await project.dev(["--server-url", server.baseUrl]);
  running.push(again);
  expect(project.world().appId).toBe(world.appId);
  expect(await use(again, project, "hello")).toEqual({ state: "answered", contents: ["hello, alice"] });
  await stop(again);

  // --fresh forgets it and makes another world.
  const fresh = await project.dev(["--server-url", server.baseUrl, "--fresh"]);
  running.push(fresh);
  expect(project.world().appId).not.toBe(world.appId);
  expect(await use(fresh, project, "hello")).toEqual({ state: "answered", contents: ["hello, alice"] });
  await stop(fresh);
});
