import { DevClient } from "@chatbot/protocol/dev";
import { sleep } from "@chatbot/kit";
import { describe, expect, it } from "vitest";
import type { Bot } from "../src/index.js";
import { botFor, world } from "./support.js";
import { compareWithServer } from "../../../test-support/world-oracle/compare-with-server.js";
import { seededRandom, WorldChanges } from "../../../test-support/world-oracle/world-changes.js";

/** The number of random changes of the run; `WORLD_ORACLE_SEED` replays a run. */
const CHANGES = 2_000;

/** Resolves once the bot's connection is identified and has read every event the server sent on it. */
async function settled(bot: Bot, dev: DevClient, appId: string): Promise<void> {
  let last: unknown = null;
  for (let i = 0; i < 2_000; i++) {
    const [session] = await dev.call("listAppSessions", { params: { app_id: appId } });
    last = { session, state: bot.gateway.state, sequence: bot.gateway.sequence };
    if (
      session !== undefined &&
      session.closed_at === null &&
      session.identified_at !== null &&
      bot.gateway.state === "ready" &&
      bot.gateway.sequence === session.events_sent
    ) {
      return;
    }
    await sleep(5);
  }
  throw new Error(
    `the bot did not catch up with its connection's events within 10 s: ${JSON.stringify(last)}`,
  );
}

describe("the bot's world view against the server, the oracle", () => {
  it(`equals what the service answers after each settle of ${CHANGES} random changes, drops and restarts`, async () => {
    const seed = Number(process.env.WORLD_ORACLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const w = await world({ people: ["owner"] });
    const dev = new DevClient({ baseUrl: w.baseUrl });
    const ownerId = w.people.owner.id;
    const [install] = (await dev.call("exportWorld")).installs;
    // The gateway's reconnect waits run in real time: short ones, for the dozens of drops of a run.
    const options = { gateway: { reconnect: { initialDelayMs: 10, maxDelayMs: 100 } } };
    let made = botFor(w, options);
    await made.bot.start();
    const botUserId = made.bot.world.botUserId!;
    // The test world's server is owned by `owner`, its only person.
    const changes = new WorldChanges(dev, ownerId, w.app.id, botUserId, seed);
    changes.adopt(w.server.id, install!.role_id!, [w.channels.general.id]);
    const random = seededRandom(seed ^ 0x5bd1e995);
    const mismatches: string[] = [];
    let settles = 0;
    let drops = 0;
    let restarts = 0;
    let step = 0;
    while (step < CHANGES) {
      const roll = random();
      if (roll < 0.04) {
        // A drop: changes go on while the bot is away, then it reconnects (READY replaces the view).
        await dev.call("createFault", {
          body: { app_id: w.app.id, kind: "close_gateway", code: roll < 0.02 ? 4000 : 4009 },
        });
        drops++;
      } else if (roll < 0.05) {
        await made.bot.stop();
        made = botFor(w, options);
        restarts++;
        for (let i = 0; i < 5 && step < CHANGES; i++, step++) await changes.step();
        await made.bot.start();
      }
      const batch = 1 + Math.floor(random() * 12);
      for (let i = 0; i < batch && step < CHANGES; i++, step++) await changes.step();
      // Merged GUILD_UPDATEs go out, and a dropped bot's reconnect wait passes.
      for (let i = 0; i < 8; i++) w.clock.advance(1_000);
      await settled(made.bot, dev, w.app.id);
      settles++;
      for (const line of await compareWithServer(made.bot.world, made.bot.rest, dev, made.bot.intents)) {
        mismatches.push(`after change ${step} (settle ${settles}): ${line}`);
      }
      if (mismatches.length > 20) break;
    }
    expect(mismatches, `seed ${seed} (replay with WORLD_ORACLE_SEED=${seed})`).toEqual([]);
    expect(changes.made).toBeGreaterThan(CHANGES * 0.8);
    expect(settles).toBeGreaterThan(100);
    expect(drops + restarts).toBeGreaterThan(5);
  }, 600_000);
});
