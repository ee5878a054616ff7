import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startWorld, type TestWorld } from "./world.js";

const guide = readFileSync(new URL("../../../docs/sdk.md", import.meta.url), "utf8");

/** The REST client section of docs/sdk.md: from its heading to the next section. */
function restSection(): string {
  const start = guide.indexOf("## REST client");
  if (start < 0) throw new Error("docs/sdk.md has no ## REST client section");
  const rest = guide.slice(start + 1);
  const ends = [rest.indexOf("\n<!-- section:"), rest.indexOf("\n## ")].filter((i) => i >= 0);
  return ends.length === 0 ? rest : rest.slice(0, Math.min(...ends));
}

const blocks = [...restSection().matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

let world: TestWorld;
let dir: string;

beforeAll(async () => {
  // The service's default rate limits, as a bot meets them.
  world = await startWorld({ rateLimits: true });
  const webhook = await world.dev<{ url: string }>(
    "POST",
    `/channels/${world.channelId}/webhooks`,
    { name: "Deploys" },
    world.ownerId,
  );
  process.env.CHATBOT_URL = world.baseUrl;
  process.env.BOT_TOKEN = world.token;
  process.env.CHANNEL_ID = world.channelId;
  process.env.WEBHOOK_URL = webhook.url;
  dir = mkdtempSync(join(fileURLToPath(new URL(".", import.meta.url)), ".docs-blocks-"));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await world.close();
});

describe("docs/sdk.md, REST client", () => {
  it("has the blocks this test runs", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(6);
  });

  it.each(blocks.map((code, index) => ({ index, code })))(
    "runs block $index as written",
    async ({ index, code }) => {
      const file = join(dir, `block-${index}.ts`);
      writeFileSync(file, code);
      const logged: unknown[][] = [];
      const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
      try {
        await import(file);
      } finally {
        spy.mockRestore();
      }
      // Each block shows something: a block that printed nothing ran no example.
      expect(logged.length).toBeGreaterThan(0);
      if (code.includes("Permissions.from")) {
        expect(logged).toEqual([
          [true, ["embed_links"]],
          ["3072"],
          [["view_channels", "send_messages"]],
          [true],
        ]);
      }
      if (code.includes("ValidationError")) {
        expect(logged[0]).toEqual([{ content: ["at most 2000 characters"] }]);
        expect(logged[1]).toEqual([404, "GET", "/v1/channels/1"]);
      }
    },
  );
});
