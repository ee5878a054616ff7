// The steps of bench/scale.mjs that run in its own process: a test of packages/testing where a
// person says N messages (against the same N posts made with bare `fetch` on the same world), and
// `createBot` + `start` with L listeners (against a map of L handlers, the floor of registering them).
import { series } from "./scale-report.mjs";

/** The series of the in-process steps, by id. */
export function localSeries() {
  return {
    testing: series("testing", "a person says N messages (packages/testing)", "messages said", "linear", {
      floor: 50,
    }),
    createBot: series("create-bot", "createBot + start with L listeners", "listeners", "linear", {
      floor: 5,
    }),
  };
}

/** One world per size: `person.say` N times, then N bare posts of the same kind. */
export async function runTesting(sizes, S, deadlineMs) {
  const { createTestWorld } = await import("../../packages/testing/dist/index.js");
  for (const size of sizes) {
    const world = await createTestWorld({ people: ["ada"], channels: { general: {} }, rateLimits: false });
    try {
      const ada = world.person("ada");
      const channel = world.channel("general");
      const until = performance.now() + deadlineMs;
      let start = performance.now();
      let said = 0;
      for (; said < size && performance.now() < until; said++) await ada.say(channel, `message ${said}`);
      const ms = performance.now() - start;
      start = performance.now();
      const url = `${world.baseUrl}/dev/v1/channels/${channel.id}/messages`;
      const headers = { "content-type": "application/json", "x-dev-user": ada.id };
      for (let i = 0; i < said; i++) {
        const res = await fetch(url, {
          method: "POST",
          headers,
          body: JSON.stringify({ content: `raw ${i}` }),
        });
        await res.arrayBuffer();
      }
      const raw = performance.now() - start;
      const point = { size, value: ms, raw, note: "raw: the same posts with bare fetch" };
      if (said < size) point.error = `said only ${said} of ${size} within ${deadlineMs / 1000} s`;
      S.testing.points.push(point);
    } finally {
      await world.close();
    }
  }
}

/** A bot of L listener classes, each one `@On("MESSAGE_CREATE")` method, on a connection given in. */
export async function runCreateBot(sizes, S) {
  const fw = await import("../../packages/framework/dist/index.js");
  const { RestClient } = await import("../../packages/rest/dist/index.js");
  const { GatewayClient } = await import("../../packages/gateway/dist/index.js");
  const { createBot, On, singleton } = fw;
  for (const size of sizes) {
    const listeners = [];
    for (let i = 0; i < size; i++) {
      const Listener = class {
        seen() {}
      };
      Object.defineProperty(Listener, "name", { value: `Listener${i}` });
      On("MESSAGE_CREATE")(
        Listener.prototype,
        "seen",
        Object.getOwnPropertyDescriptor(Listener.prototype, "seen"),
      );
      singleton()(Listener);
      listeners.push(Listener);
    }
    // Three rounds on the same classes (the machine is shared): the fastest counts.
    const times = [];
    for (let round = 0; round < 3; round++) {
      const rest = new RestClient({ token: "scale", baseUrl: "http://127.0.0.1:9" });
      const gateway = new GatewayClient({ token: "scale", intents: [], rest });
      const start = performance.now();
      const bot = createBot({
        token: "scale",
        baseUrl: "http://127.0.0.1:9",
        listeners,
        connection: { rest, gateway, ready: { userId: "1", guilds: [] } },
        sync: false,
        logger: "silent",
      });
      await bot.start();
      times.push(performance.now() - start);
      await bot.stop();
    }
    const ms = Math.min(...times);
    const start = performance.now();
    const handlers = new Map();
    for (const Listener of listeners) {
      const list = handlers.get("MESSAGE_CREATE") ?? [];
      const instance = new Listener();
      list.push(() => instance.seen());
      handlers.set("MESSAGE_CREATE", list);
    }
    const raw = performance.now() - start;
    S.createBot.points.push({
      size,
      value: ms,
      raw,
      note: `by round ${times.map(Math.round).join(", ")}; raw: a map of L handlers`,
    });
  }
}
