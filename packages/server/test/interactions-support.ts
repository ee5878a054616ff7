import type { Interaction } from "@chatbot/protocol";
import { WebSocket } from "ws";
import { type Harness, ok, type TestWorld } from "./harness.js";

/** A dispatch frame as a bot reads it. */
export interface Dispatch {
  op: "dispatch";
  t: string;
  s: number;
  d: unknown;
}

/**
 * A minimal bot connection over a real `ws` socket: identifies with `intents`, then queues every
 * dispatch. {@link drain} proves what was (and was not) sent: it sends a heartbeat and returns the
 * dispatches read before its ack.
 */
export class BotSocket {
  private readonly queue: Array<{ op: string; t?: string; s?: number; d?: unknown }> = [];
  private wake: (() => void) | null = null;
  private closed = false;

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      this.queue.push(JSON.parse(data.toString("utf8")));
      this.wake?.();
    });
    ws.on("close", () => {
      this.closed = true;
      this.wake?.();
    });
    ws.on("error", () => {});
  }

  /** Connects, identifies and reads `READY` and every `GUILD_CREATE`. */
  static async connect(
    gatewayUrl: string,
    token: string,
    intents: readonly string[] = [],
  ): Promise<BotSocket> {
    const socket = new BotSocket(new WebSocket(gatewayUrl));
    const hello = await socket.next();
    if (hello.op !== "hello") throw new Error(`expected hello, got ${JSON.stringify(hello)}`);
    socket.ws.send(JSON.stringify({ op: "identify", d: { token, intents } }));
    const ready = await socket.next();
    if (ready.t !== "READY") throw new Error(`expected READY, got ${JSON.stringify(ready)}`);
    const guilds = (ready.d as { guilds: unknown[] }).guilds.length;
    for (let i = 0; i < guilds; i++) await socket.next();
    return socket;
  }

  private async next(): Promise<{ op: string; t?: string; s?: number; d?: unknown }> {
    for (let turns = 0; this.queue.length === 0; turns++) {
      if (this.closed) throw new Error("the gateway connection closed");
      if (turns > 1_000) throw new Error("no frame came");
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    return this.queue.shift()!;
  }

  /** Every dispatch sent so far (a heartbeat round trip marks the end). */
  async drain(): Promise<Dispatch[]> {
    this.ws.send(JSON.stringify({ op: "heartbeat", d: null }));
    const out: Dispatch[] = [];
    for (;;) {
      const frame = await this.next();
      if (frame.op === "heartbeat_ack") return out;
      if (frame.op === "dispatch") out.push(frame as Dispatch);
    }
  }

  /** The one `INTERACTION_CREATE` sent so far (throws unless there is exactly one). */
  async interaction(): Promise<Interaction> {
    const found = (await this.drain()).filter((f) => f.t === "INTERACTION_CREATE");
    if (found.length !== 1) throw new Error(`expected one INTERACTION_CREATE, got ${found.length}`);
    return found[0]!.d as Interaction;
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Registers `/ping` (and any other commands) for the test app, globally. */
export async function registerGlobal(
  h: Harness,
  w: TestWorld,
  commands: object[],
): Promise<{ id: string; name: string }[]> {
  return ok(
    await h.bot<{ id: string; name: string }[]>(w.token, "PUT", "/v1/applications/@me/commands", commands),
  );
}

/** What `POST /dev/v1/channels/{id}/interactions` answers. */
export interface UseAnswer {
  id: string;
  state: string;
  notice?: string;
}

/** A person uses a command in `#general` (or `channelId`). */
export function use(h: Harness, w: TestWorld, body: object, as = w.member.id, channelId = w.general.id) {
  return h.dev<UseAnswer & { code?: string; errors?: Record<string, string[]>; permission?: string }>(
    "POST",
    `/dev/v1/channels/${channelId}/interactions`,
    body,
    { as },
  );
}

/** `GET /dev/v1/interactions/{id}`. */
export async function viewInteraction(h: Harness, id: string) {
  return ok(
    await h.dev<{
      id: string;
      state: string;
      notice: string | null;
      messages: Array<{
        id: string;
        content: string;
        flags?: number;
        interaction: unknown;
        edited_at: number | null;
      }>;
    }>("GET", `/dev/v1/interactions/${id}`),
  );
}
