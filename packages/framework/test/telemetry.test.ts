import { metrics, trace } from "@opentelemetry/api";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import "@chatbot/testing/vitest";
import { beforeAll, describe, expect, it } from "vitest";
import {
  Command,
  type CommandContext,
  type EventPayload,
  Listener,
  On,
  requirePermissions,
  RestClient,
  UseMiddleware,
} from "../src/index.js";
import { startedBot, world } from "./support.js";

// The framework's spans and metrics, read through the OpenTelemetry SDK's in-memory exporters for a
// real bot against the reference server. The SDK is registered globally before any bot is made, as
// an application would at its start.

const spans = new InMemorySpanExporter();
class TestReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}
const reader = new TestReader();

beforeAll(() => {
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }),
  );
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
});

/** The data points of metric `name`, as attributes and value (a count, or a histogram's count). */
async function points(name: string): Promise<Array<{ attributes: Record<string, unknown>; value: number }>> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics
    .flatMap((s) => s.metrics)
    .find((m) => m.descriptor.name === name);
  return (metric?.dataPoints ?? []).map((p) => ({
    attributes: p.attributes,
    value: typeof p.value === "number" ? p.value : (p.value as { count: number }).count,
  }));
}

let release: () => void = () => undefined;

@Command({ name: "hello", description: "Answers at once" })
class Hello {
  async run(ctx: CommandContext) {
    await ctx.reply("hi");
  }
}

@Command({ name: "slow", description: "Answers after the test says" })
class Slow {
  async run(ctx: CommandContext) {
    await new Promise<void>((resolve) => (release = resolve));
    await ctx.reply("done");
  }
}

@Command({ name: "ban-hammer", description: "Needs Moderate members" })
@UseMiddleware(requirePermissions("moderate_members"))
class Hammer {
  async run(ctx: CommandContext) {
    await ctx.reply("down it comes");
  }
}

@Command({ name: "boom", description: "Throws" })
class Boom {
  async run() {
    throw new Error("the handler broke");
  }
}

const seen: string[] = [];

@Listener()
class Watcher {
  constructor(private readonly rest: RestClient) {}
  @On("MESSAGE_CREATE")
  async seen(message: EventPayload<"MESSAGE_CREATE">) {
    seen.push(message.content);
    if (message.content === "explode") throw new Error("the listener broke");
    if (message.content === "answer me")
      await this.rest.createMessage(message.channel_id, { content: "answered" });
  }
}

describe("OpenTelemetry", () => {
  it("a span per interaction and per handler, and counts of interactions, first callbacks, errors and events", async () => {
    const w = await world({ people: ["ada"] });
    await startedBot(w, {
      commands: [Hello, Slow, Boom, Hammer],
      listeners: [Watcher],
      messageContent: true,
      // A span per listener run: off by default, on here.
      telemetry: { eventSpans: true },
    });
    const { ada } = w.people;
    const general = w.channels.general;

    await (await ada.use(general, "/hello")).answered();

    // Auto-deferred: the handler is still working when the bot's clock reaches 2 s.
    const slow = await ada.use(general, "/slow");
    await expect.poll(() => release !== undefined).toBe(true);
    w.clock.advance(2_000);
    await expect.poll(() => slow.state).toBe("thinking");
    release();
    await slow.answered();

    await (await ada.use(general, "/boom")).settled();
    await (await ada.use(general, "/ban-hammer")).answered();
    await ada.say(general, "explode");

    await expect
      .poll(() => spans.getFinishedSpans().map((s) => s.name))
      .toEqual(expect.arrayContaining(["interaction /hello", "interaction /slow", "interaction /boom"]));
    await expect
      .poll(() => spans.getFinishedSpans().some((s) => s.name === "event MESSAGE_CREATE Watcher.seen"))
      .toBe(true);
    const byName = (name: string) => spans.getFinishedSpans().find((s) => s.name === name)!;

    const hello = byName("interaction /hello");
    expect(hello.attributes).toMatchObject({
      "chatbot.command": "hello",
      "chatbot.guild_id": w.server.id,
      "chatbot.outcome": "answered",
      "chatbot.auto_deferred": false,
      "chatbot.first_callback_ms": 0,
      "chatbot.window_left_ms": 3_000,
    });
    expect(byName("interaction /slow").attributes).toMatchObject({
      "chatbot.outcome": "answered",
      "chatbot.auto_deferred": true,
      "chatbot.first_callback_ms": 2_000,
      "chatbot.window_left_ms": 1_000,
    });
    const boom = byName("interaction /boom");
    expect(boom.status).toMatchObject({ code: 2, message: "the handler broke" });
    expect(boom.events.map((e) => e.name)).toContain("exception");
    const listener = spans
      .getFinishedSpans()
      .find((s) => s.name === "event MESSAGE_CREATE Watcher.seen" && s.status.code === 2);
    expect(listener?.status.message).toBe("the listener broke");

    expect(await points("chatbot.interactions")).toEqual(
      expect.arrayContaining([
        { attributes: { "chatbot.command": "hello", "chatbot.outcome": "answered" }, value: 1 },
        { attributes: { "chatbot.command": "slow", "chatbot.outcome": "answered" }, value: 1 },
        { attributes: { "chatbot.command": "boom", "chatbot.outcome": "answered" }, value: 1 },
        { attributes: { "chatbot.command": "ban-hammer", "chatbot.outcome": "refused" }, value: 1 },
      ]),
    );
    expect(await points("chatbot.interaction.first_callback")).toEqual(
      expect.arrayContaining([{ attributes: { "chatbot.command": "slow" }, value: 1 }]),
    );
    expect(await points("chatbot.handler.errors")).toEqual(
      expect.arrayContaining([
        { attributes: { "chatbot.kind": "command", "chatbot.handler": "Boom" }, value: 1 },
        { attributes: { "chatbot.kind": "event", "chatbot.handler": "Watcher.seen" }, value: 1 },
      ]),
    );
    const events = await points("chatbot.events");
    expect(events.find((p) => p.attributes["chatbot.event"] === "INTERACTION_CREATE")?.value).toBe(4);
    expect(
      events.find((p) => p.attributes["chatbot.event"] === "MESSAGE_CREATE")?.value,
    ).toBeGreaterThanOrEqual(1);
  });

  it("a span per REST call with its waits, retries and status, a 429 counted, and a gateway drop and recovery", async () => {
    const w = await world({ people: ["ada"] });
    // Listener spans are off by default: only the REST call below gets one.
    spans.reset();
    const { bot } = await startedBot(w, { listeners: [Watcher], messageContent: true });
    const general = w.channels.general;
    const route = "/channels/{id}/messages";

    // The service refuses the bot's next post with a 429 (retry after 1 s): the client waits it out
    // on the bot's clock, which the test moves.
    await w.faults.http(429, {
      method: "POST",
      pathPrefix: `/v1/channels/${general.id}/messages`,
      retryAfter: 1,
    });
    await w.people.ada.say(general, "answer me");
    await expect.poll(async () => (await points("chatbot.rest.rate_limited")).length).toBe(1);
    await bot.idle();
    w.clock.advance(1_000);
    await w.nextMessage(general, { from: w.app, matching: "answered" });
    await expect.poll(() => spans.getFinishedSpans().some((s) => s.name === `POST ${route}`)).toBe(true);
    const post = spans.getFinishedSpans().find((s) => s.name === `POST ${route}`)!;
    expect(post.attributes).toMatchObject({
      "http.request.method": "POST",
      "chatbot.route": route,
      "chatbot.rest.bucket": `message_create:${general.id}`,
      "chatbot.rest.retries": 1,
      "chatbot.rest.rate_limit_wait_ms": 1_000,
      "http.response.status_code": 201,
    });
    expect(post.events.map((e) => e.name)).toContain("rate_limited");
    expect(spans.getFinishedSpans().filter((s) => s.name.startsWith("event "))).toEqual([]);
    expect(await points("chatbot.rest.rate_limited")).toEqual([
      { attributes: { "chatbot.route": route, "chatbot.rest.global": false }, value: 1 },
    ]);
    expect(await points("chatbot.rest.calls")).toEqual(
      expect.arrayContaining([
        {
          attributes: {
            "chatbot.route": route,
            "http.request.method": "POST",
            "http.response.status_code": 201,
          },
          value: 1,
        },
      ]),
    );

    // A drop: the reconnect's span carries the close and the READY; the recovery's, what it read back.
    await w.faults.closeGateway(4009, "test drop");
    await w.people.ada.say(general, "during the drop");
    await expect.poll(() => seen, { timeout: 15_000 }).toContain("during the drop");
    await expect
      .poll(() => spans.getFinishedSpans().map((s) => s.name), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["gateway reconnect", "gateway recovery"]));
    const reconnect = spans.getFinishedSpans().find((s) => s.name === "gateway reconnect")!;
    expect(reconnect.events.map((e) => [e.name, e.attributes?.["chatbot.gateway.close_code"]])).toEqual([
      ["closed", 4009],
      ["ready", undefined],
    ]);
    const recovery = spans.getFinishedSpans().find((s) => s.name === "gateway recovery")!;
    expect(recovery.attributes["chatbot.gateway.recovered"]).toBeGreaterThanOrEqual(1);
    expect(await points("chatbot.gateway.reconnects")).toEqual([
      { attributes: { "chatbot.gateway.close_code": 4009 }, value: 1 },
    ]);
  });
});
