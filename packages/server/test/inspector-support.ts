// What the inspector, live-stream and console-route tests share: the inspector's record shape, and
// reads of its records, a new channel and a stream of server-sent events.
import type { Channel } from "@chatbot/protocol";
import { type Harness, ok, type TestWorld } from "./harness.js";

export interface Step {
  source: string;
  effect: string;
  text: string;
}
export interface InspectorRecord {
  seq: number;
  time: number;
  kind: string;
  app_id: string | null;
  app_name: string | null;
  [key: string]: unknown;
  explanation?: {
    summary: string;
    missing: { kind: string; name: string };
    channel_id: string | null;
    steps: Step[];
  } | null;
}
export interface Page {
  records: InspectorRecord[];
  last_seq: number;
  size: number;
}

export async function records(harness: Harness, query = ""): Promise<InspectorRecord[]> {
  return ok(await harness.dev<Page>("GET", `/dev/v1/inspector${query}`)).records;
}

export async function channel(harness: Harness, w: TestWorld, body: object): Promise<Channel> {
  return ok(
    await harness.dev<Channel>("POST", `/dev/v1/guilds/${w.guildId}/channels`, body, { as: w.owner.id }),
    201,
  );
}

/** Reads server-sent events from a response body until `stop` says so. */
export async function readEvents(
  response: Response,
  stop: (events: { event: string; data: unknown }[]) => boolean,
): Promise<{ event: string; data: unknown }[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = "";
  while (!stop(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(":")) continue;
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      events.push({ event, data: data === undefined ? null : JSON.parse(data) });
    }
  }
  await reader.cancel();
  return events;
}
