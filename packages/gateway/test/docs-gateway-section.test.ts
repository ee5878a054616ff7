import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { GatewayClient } from "../src/index.js";
import { cleanupAfterEach, dev, type DevWorld, devWorld, until } from "./dev-world.js";

const guide = readFileSync(new URL("../../../docs/sdk.md", import.meta.url), "utf8");
const section = guide.slice(guide.indexOf("## Gateway client"), guide.indexOf("## A complete bot"));
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const tsBlocks = (text: string) => [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const recoveryBlock = tsBlocks(section).find((block) => block.includes("resumeFrom"))!;
const blocks = tsBlocks(section).filter((block) => block !== recoveryBlock);

const onCleanup = cleanupAfterEach();

/**
 * Runs `parts` (the first connects, the others add listeners to its `gateway`) as one module
 * against a started server, with `token` set; answers the console lines and the world.
 */
async function runAsModule(
  parts: string[],
  name: string,
  given?: DevWorld,
  replace: [string, string][] = [],
) {
  const w = given ?? (await devWorld({ manualClock: false }));
  if (!given) onCleanup(() => w.server.close());
  const source = [
    `const token = ${JSON.stringify(w.token)};`,
    ...parts.map((b) =>
      replace.reduce(
        (text, [from, to]) => text.replaceAll(from, to),
        b.replaceAll("http://127.0.0.1:8787", w.server.baseUrl),
      ),
    ),
    "export { gateway };",
  ].join("\n");
  const file = new URL(`./.docs-${name}-${process.pid}.ts`, import.meta.url);
  writeFileSync(file, source);
  onCleanup(() => rmSync(file, { force: true }));
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  onCleanup(() => void log.mockRestore());
  onCleanup(() => void errors.mockRestore());
  const { gateway } = (await import(/* @vite-ignore */ file.href)) as { gateway: GatewayClient };
  onCleanup(() => gateway.close());
  const lines = () => log.mock.calls.map((args) => args.join(" "));
  return { w, lines, errors, file };
}

describe("docs/sdk.md, Gateway client", () => {
  it("its examples run as one module: messages are logged, and so is a reconnect", async () => {
    expect(blocks).toHaveLength(3);
    const { w, lines, errors } = await runAsModule(blocks, "sdk");
    await w.post("hello from the docs");
    await until("the message logged", () => lines().includes(" hello from the docs"));
    await w.closeGateway(4000);
    await until("the reconnect logged", () =>
      lines().some((l) => /^closed 4000; reconnecting in \d+ ms$/.test(l)),
    );
    await until("ready again", () => lines().some((l) => /^ready in \d+ ms \(again\)$/.test(l)));
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("docs/sdk.md, recovery at scale", () => {
  it("reads back only the kept channels, after a drop and after a restart from the saved point", async () => {
    expect(recoveryBlock).toBeDefined();
    const w = await devWorld({ manualClock: false });
    onCleanup(() => w.server.close());
    const support = await dev<{ id: string }>(
      w.server,
      "POST",
      `/guilds/${w.guildId}/channels`,
      { name: "support-desk", kind: "text" },
      w.adaId,
    );
    const file = join(tmpdir(), `recovery-point-${process.pid}.json`);
    rmSync(file, { force: true });
    onCleanup(() => rmSync(file, { force: true }));
    const first = await runAsModule([recoveryBlock], "recovery-1", w, [
      ['"recovery-point.json"', JSON.stringify(file)],
    ]);
    await w.post("live one", support.id);
    await until("the live message", () => first.lines().includes(" live one"));
    await w.closeGateway(4000);
    await w.post("missed in support", support.id);
    await w.post("missed in general");
    await until("the drop's message recovered", () => first.lines().includes("(missed) missed in support"));

    // The process stops: its point is kept, then a new process starts from it.
    const { gateway } = (await import(/* @vite-ignore */ first.file.href)) as { gateway: GatewayClient };
    writeFileSync(file, JSON.stringify(gateway.recoveryPoint()));
    await gateway.close();
    await w.post("while down", support.id);
    const second = await runAsModule([recoveryBlock], "recovery-2", w, [
      ['"recovery-point.json"', JSON.stringify(file)],
    ]);
    await until("the restart's message recovered", () => second.lines().includes("(missed) while down"));
    // Both processes' lines (console.log is spied once): #general is never read back, and what the
    // first process handed over is not handed over again by the second.
    expect(second.lines().filter((l) => l.startsWith("(missed)"))).toEqual([
      "(missed) missed in support",
      "(missed) while down",
    ]);
    expect(first.errors).not.toHaveBeenCalled();
  });
});

describe("packages/gateway/README.md", () => {
  it("its example logs messages and reconnects", async () => {
    const { w, lines, errors } = await runAsModule(tsBlocks(readme), "readme");
    await w.post("hello from the readme");
    await until("the message logged", () => lines().includes("false hello from the readme"));
    await w.closeGateway(4000);
    await until("the reconnect logged", () => lines().some((l) => /^closed 4000; back in \d+ ms$/.test(l)));
    expect(errors).not.toHaveBeenCalled();
  });
});
