// The gateway role publishes a hold's events only while that hold lasts. A client keeps reading its
// socket until the service answers its close, and the process that gave a hold up often takes the
// next one within milliseconds (its next lease check, as after a restart of Redis): what the old
// connection reads then must wait for the new hold's recovery, or it lands in the stream ahead of the
// older messages that recovery reads back (the fault suite's "out of order" after a Redis kill -9).
import { defineBot, type Message, On, singleton } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { expect, it } from "vitest";
import { clusterNodes } from "./cluster-nodes.js";
import { heldProxy } from "./held-proxy.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Listens to messages, so that the connection receives them (the node runs no handler: gateway only). */
@singleton()
class Listener {
  @On("MESSAGE_CREATE")
  heard(_message: Message) {}
}

const bot = defineBot({ listeners: [Listener], messageContent: true, logger: "silent" });
const nodes = clusterNodes(bot, { partitions: 1 });

it("publishes what a closing connection reads after its hold ended only through the next hold's recovery, in order", async () => {
  const redis = await nodes.redis();
  const world = await createTestWorld({
    people: ["ada"],
    servers: { one: { channels: { general: {} } } },
    rateLimits: false,
  });
  nodes.later(() => world.close());
  const proxy = await heldProxy(world.gatewayUrl);
  nodes.later(() => proxy.close());
  const node = await nodes.node(redis, world, "gateway", "gw1", { gatewayUrl: proxy.url });
  const gateway = node.gateway!;
  const client = new Redis(redis.url);
  nodes.later(async () => client.disconnect());
  const general = world.servers.one!.channels.general!;
  /** The messages in the partition's stream, in its order. */
  const published = async () =>
    (await client.xrange(node.keys.events(0), "-", "+"))
      .map(([, fields]) => JSON.parse(fields[1]!) as { name: string; data: { content?: string } })
      .filter((e) => e.name === "MESSAGE_CREATE")
      .map((e) => e.data.content);
  /** Until the lease checks have ended two turns from now: the process has read what reached it. */
  const twoChecks = async () => {
    const from = Date.now();
    await expect.poll(() => gateway.lastTickEndedAt > from).toBe(true);
    const next = Date.now();
    await expect.poll(() => gateway.lastTickEndedAt > next).toBe(true);
  };

  await expect.poll(() => gateway.connectionState).toBe("ready");
  await world.people.ada.say(general, "first");
  await expect.poll(published).toEqual(["first"]);

  // From here what the process sends the service waits in the proxy, its close included. Redis is
  // killed and started again on its file (which has everything) once the lease (800 ms) ran out; the
  // message said meanwhile reaches the owner, whose publish waits for Redis with the lease check's.
  proxy.hold();
  const fence = gateway.fence;
  await redis.kill();
  await sleep(1_000);
  await world.people.ada.say(general, "second");
  await expect.poll(() => proxy.sent('"content":"second"')).toBe(true);
  await sleep(200); // the owner reads it from its socket (the same process: at once)
  await redis.start();
  // The publish finds the lease gone: the hold ends, its connection's close waits in the proxy, and
  // the process takes the connection again at its next lease check. The old connection still reads.
  await expect.poll(() => gateway.state === "owner" && gateway.fence > fence).toBe(true);
  await world.people.ada.say(general, "third");
  await expect.poll(() => proxy.sent('"content":"third"')).toBe(true);
  await twoChecks();
  proxy.release();

  // The new hold connects and reads back from the cursors: the second, then the third.
  await expect.poll(published).toEqual(["first", "second", "third"]);
});
