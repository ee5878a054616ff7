import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import type { GatewayClient } from "../src/index.js";
import { cleanupAfterEach, devWorld, until } from "./dev-world.js";

const guide = readFileSync(new URL("../../../docs/sdk.md", import.meta.url), "utf8");
const section = guide.slice(guide.indexOf("## Gateway client"), guide.indexOf("## A complete bot"));
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const tsBlocks = (text: string) => [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const blocks = tsBlocks(section);

const onCleanup = cleanupAfterEach();

/**
 * Runs `parts` (the first connects, the others add listeners to its `gateway`) as one module
 * against a started server, with `token` set; answers the console lines and the world.
 */
async function runAsModule(parts: string[], name: string) {
  const w = await devWorld({ manualClock: false });
  onCleanup(() => w.server.close());
  const source = [
    `const token = ${JSON.stringify(w.token)};`,
    ...parts.map((b) => b.replaceAll("http://127.0.0.1:8787", w.server.baseUrl)),
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
  return { w, lines, errors };
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
