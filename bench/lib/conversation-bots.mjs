// The bots of bench/conversations.mjs besides the framework's: a bot on a shared connection that
// never connects, and the same conversation written by hand (a listener, a Map, a timer each).
import { benchMessage } from "./message-payload.mjs";

const fw = await import("../../packages/framework/dist/index.js");
const { RestClient } = await import("../../packages/rest/dist/index.js");
const { GatewayClient } = await import("../../packages/gateway/dist/index.js");
const { createBot, On, singleton } = fw;

/**
 * The service's answer to a post, made in this process (no network): the same `201` and message
 * for every post, so that a bot that posts pays its REST client's whole path and nothing else.
 */
const posted = JSON.stringify({
  ...benchMessage(0),
  author: { id: "1", username: "bot", name: "Bot", bot: true },
});
const answerPost = async () =>
  new Response(posted, { status: 201, headers: { "content-type": "application/json" } });

/** A bot on a shared connection that never connects; its posts answered by {@link answerPost}. */
export function offlineBot(options) {
  const rest = new RestClient({
    token: "bench",
    baseUrl: "http://127.0.0.1:9",
    fetch: answerPost,
    globalLimit: Infinity,
  });
  const gateway = new GatewayClient({ token: "bench", intents: [], rest });
  const bot = createBot({
    token: "bench",
    baseUrl: "http://127.0.0.1:9",
    connection: { rest, gateway, ready: { userId: "1", guilds: [] } },
    sync: false,
    logger: "silent",
    ...options,
  });
  return { bot, close: async () => (await bot.stop(), await rest.close()) };
}

/**
 * The bot written by hand with `size` people asked: a listener, a Map of who is asked what, a
 * timer each. With a `store`, each answer's entry is also written there (JSON, its time to live)
 * before it counts ("say ..." then posts a text). `seen()` counts the messages it has handled. Its
 * people are `person(i)` in `channel` of `guild`.
 */
export async function byHandBot(size, store, { guild, channel, person }) {
  let seen = 0;
  const waiting = new Map();
  const timeout = (key) => setTimeout(() => waiting.delete(key), 600_000).unref();
  class Asked {
    // Not async: without a store it is the plain listener it was, with no promise made.
    seen(message) {
      const key = `${message.guild_id}:${message.channel_id}:${message.author.id}`;
      const entry = waiting.get(key);
      if (entry === undefined || message.content.startsWith("skip")) {
        seen += 1;
        return;
      }
      clearTimeout(entry.timer);
      if (message.content === "4") waiting.delete(key);
      else {
        entry.tries += 1;
        entry.timer = timeout(key);
      }
      if (store === null) {
        seen += 1;
        return undefined;
      }
      const { step, tries } = entry;
      const written = store.set(`asked:${key}`, { step, tries, last: message.id }, { ttlMs: 600_000 });
      // "say ...": the text posted after the write, as a bot that keeps its state would.
      const said = message.content.startsWith("say")
        ? written.then(() => made.bot.rest.createMessage(message.channel_id, { content: "Try again." }))
        : written;
      return said.then(() => {
        seen += 1;
      });
    }
  }
  On("MESSAGE_CREATE")(Asked.prototype, "seen", Object.getOwnPropertyDescriptor(Asked.prototype, "seen"));
  singleton()(Asked);
  const made = offlineBot({ listeners: [Asked] });
  await made.bot.start();
  for (let i = 0; i < size; i++) {
    const key = `${guild}:${channel}:${person(i)}`;
    waiting.set(key, { step: "sum", tries: 0, timer: timeout(key) });
  }
  return {
    bot: made.bot,
    seen: () => seen,
    close: async () => {
      for (const entry of waiting.values()) clearTimeout(entry.timer);
      await made.close();
    },
  };
}
