import type { Interaction, Message } from "@chatbot/protocol";
import { WebSocket } from "ws";

/** What a test's bot is given: the same three things any bot gets from a test world. */
export interface BotAddress {
  readonly token: string;
  readonly baseUrl: string;
  readonly gatewayUrl: string;
  /** When given (a test world's), the bot is stopped when the world closes. */
  onClose?(hook: () => unknown): void;
}

/** A minimal bot written with `ws` and `fetch` only: the test decides what it does. */
export interface RawBot {
  /** Every dispatch received, in order (`t` and `d`). */
  readonly events: { t: string; d: unknown }[];
  /** What the behaviour's handlers threw (a call cut short by the world closing lands here too). */
  readonly errors: unknown[];
  /** Resolves with the close code once the gateway closes the connection. */
  readonly closed: Promise<number>;
  /** A REST call with the bot token; answers the status and the parsed body. */
  rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** Answers an interaction (`POST /v1/interactions/{id}/callback`). */
  callback(interaction: Interaction, body: unknown): Promise<number>;
  /** Resolves with the first event of type `t` (already received or coming), within 2 s. */
  received(t: string): Promise<unknown>;
  close(): void;
}

/** What the bot does on each event it cares about. */
export interface RawBotBehaviour {
  readonly intents?: readonly string[];
  /** Global commands registered (PUT) before connecting. */
  readonly commands?: readonly unknown[];
  readonly onInteraction?: (interaction: Interaction, bot: RawBot) => unknown;
  readonly onMessage?: (message: Message, bot: RawBot) => unknown;
}

/** Registers the commands, connects, identifies and resolves on `READY`. */
export async function startRawBot(address: BotAddress, behaviour: RawBotBehaviour = {}): Promise<RawBot> {
  const headers = { authorization: `Bot ${address.token}`, "content-type": "application/json" };
  const events: { t: string; d: unknown }[] = [];
  const errors: unknown[] = [];
  const run = (handler: () => unknown) => {
    Promise.resolve()
      .then(handler)
      .catch((error: unknown) => errors.push(error));
  };
  let ws: WebSocket | undefined; // eslint-disable-line prefer-const -- set once connected
  let closed!: (code: number) => void;
  const bot: RawBot = {
    events,
    errors,
    closed: new Promise((resolve) => (closed = resolve)),
    async rest(method, path, body) {
      const res = await fetch(address.baseUrl + path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text === "" ? undefined : JSON.parse(text) };
    },
    async callback(interaction, body) {
      return (await bot.rest("POST", `/v1/interactions/${interaction.id}/callback`, body)).status;
    },
    received: (t) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          clearInterval(poll);
          reject(new Error(`no ${t} within 2 s; received ${events.map((e) => e.t).join(", ")}`));
        }, 2_000);
        const check = () => {
          const found = events.find((e) => e.t === t);
          if (!found) return;
          clearTimeout(timer);
          clearInterval(poll);
          resolve(found.d);
        };
        const poll = setInterval(check, 5);
        check();
      }),
    close: () => ws?.terminate(),
  };
  address.onClose?.(() => bot.close());
  if (behaviour.commands) {
    const put = await bot.rest("PUT", "/v1/applications/@me/commands", behaviour.commands);
    if (put.status !== 200)
      throw new Error(`registering commands answered ${put.status} ${JSON.stringify(put.body)}`);
  }
  // Connect only now: a `hello` that came while the commands were being registered would be lost.
  const socket = new WebSocket(address.gatewayUrl);
  ws = socket;
  socket.once("close", (code) => closed(code));
  await new Promise<void>((resolve, reject) => {
    socket.on("message", (data: Buffer) => {
      const frame = JSON.parse(data.toString("utf8")) as { op: string; t?: string; d: unknown };
      if (frame.op === "hello") {
        const intents = behaviour.intents ?? ["guilds", "guild_messages", "message_content"];
        socket.send(JSON.stringify({ op: "identify", d: { token: address.token, intents } }));
      }
      if (frame.op !== "dispatch" || !frame.t) return;
      events.push({ t: frame.t, d: frame.d });
      if (frame.t === "READY") resolve();
      if (frame.t === "INTERACTION_CREATE") run(() => behaviour.onInteraction?.(frame.d as Interaction, bot));
      if (frame.t === "MESSAGE_CREATE") run(() => behaviour.onMessage?.(frame.d as Message, bot));
    });
    socket.once("close", (code) => reject(new Error(`the gateway closed with ${code} before READY`)));
    socket.once("error", reject);
  });
  return bot;
}

/** The value of option `name` of an interaction. */
export function option(interaction: Interaction, name: string): unknown {
  return interaction.data.options?.find((o) => o.name === name)?.value;
}
