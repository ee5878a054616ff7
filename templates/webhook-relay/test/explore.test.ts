import { createBot, MemoryStore } from "@chatbot/framework";
import { explore } from "@chatbot/testing";
import { expect, it } from "vitest";
import bot from "../src/bot.js";
import { RelayConfig } from "../src/relay-config.js";

/**
 * The incoming webhook into #general of the world at `baseUrl`, made once by the server's owner
 * (as bot.test.ts does); every process of the bot in that world relays through the same one.
 */
const webhooks = new Map<string, Promise<string>>();
function webhookOf(baseUrl: string): Promise<string> {
  let url = webhooks.get(baseUrl);
  if (!url) {
    url = (async () => {
      const world = (await (await fetch(`${baseUrl}/dev/v1/world`)).json()) as {
        guilds: { owner_id: string }[];
        channels: { id: string; name: string }[];
      };
      const general = world.channels.find((c) => c.name === "general")!;
      const made = await fetch(`${baseUrl}/dev/v1/channels/${general.id}/webhooks`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-user": world.guilds[0]!.owner_id },
        body: JSON.stringify({ name: "Relay" }),
      });
      return ((await made.json()) as { url: string }).url;
    })();
    webhooks.set(baseUrl, url);
  }
  return url;
}

// Generated scenarios (see docs/simulation.md): people use /relay with drawn texts and speak in
// #announcements and elsewhere, join and leave, the world changes (channels made, renamed and
// deleted), the clock moves, the service fails, and the bot's process is killed and started again
// on the same store; after every step the invariants are checked, the built-in ones and this bot's
// own: a message of #announcements is mirrored once at most. A failure prints the shrunk
// steps and a token: `explore({ ..., replay: "explore1:…" })` runs them again.
// CHATBOT_EXPLORE_RUNS=200 runs more scenarios than the default 20.
it("keeps its invariants through generated scenarios", async () => {
  const report = await explore({
    world: { people: ["ada", "bob"], channels: { general: {}, announcements: {}, mirror: {} } },
    store: () => new MemoryStore(),
    bot: async (env) =>
      createBot({
        ...bot,
        providers: [
          {
            provide: RelayConfig,
            // The webhook's rate-limit waits on the world's clock, as the service counts them.
            useValue: new RelayConfig(await webhookOf(env.baseUrl), "announcements", "mirror", {
              clock: env.clock,
            }),
          },
        ],
        ...env,
      }),
    invariants: {
      "each announcement mirrored once at most": ({ world, posts }) => {
        const said = posts.filter((p) => !p.byBot && p.channelId === world.channels.announcements!.id);
        // The bot's posts in #mirror that are mirrors (not its answers to commands used there).
        const mirrored = posts.filter(
          (p) => p.byBot && p.channelId === world.channels.mirror!.id && p.content.startsWith("**"),
        );
        if (mirrored.length > said.length)
          return `${said.length} message(s) in #announcements, ${mirrored.length} mirrored`;
      },
    },
  });
  expect(report.scenarios).toBeGreaterThan(0);
}, 120_000);
