import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import "@chatbot/testing/vitest";
import { beforeAll, describe, expect, it } from "vitest";
import { Command, type CommandContext, createBot, PinoLogger } from "../src/index.js";
import { world } from "./support.js";

// The default logger: JSON lines through pino, each with the interaction being handled and the
// trace of its span when an OpenTelemetry SDK (with a context manager) is registered.

const spans = new InMemorySpanExporter();
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }),
  );
});

@Command({ name: "hello", description: "Logs, then answers" })
class Hello {
  async run(ctx: CommandContext) {
    ctx.logger.info("saying hello");
    await ctx.reply("hi");
  }
}

describe("PinoLogger", () => {
  it("writes JSON lines; an interaction's logger adds its id and command, and the trace id of its span", async () => {
    const w = await world({ people: ["ada"] });
    const lines: string[] = [];
    const logger = new PinoLogger({ destination: { write: (line: string) => void lines.push(line) } });
    const bot = createBot({ commands: [Hello], token: w.token, baseUrl: w.baseUrl, clock: w.clock, logger });
    await bot.start();
    try {
      const outcome = await w.people.ada.use(w.channels.general, "/hello");
      await outcome.answered();
      await expect.poll(() => lines.some((l) => l.includes("saying hello"))).toBe(true);
      const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const said = parsed.find((l) => l.msg === "saying hello")!;
      expect(said).toMatchObject({
        level: 30,
        command: "hello",
        interaction_id: expect.stringMatching(/^\d+$/),
      });
      expect(typeof said.time).toBe("number");
      await expect
        .poll(() => spans.getFinishedSpans().some((s) => s.name === "interaction /hello"))
        .toBe(true);
      const interaction = spans.getFinishedSpans().find((s) => s.name === "interaction /hello")!;
      expect(said.trace_id).toBe(interaction.spanContext().traceId);
      expect(said.interaction_id).toBe(interaction.attributes["chatbot.interaction_id"]);
      // The bot's own lines are JSON too; lines outside any handler carry no interaction.
      expect(parsed.find((l) => String(l.msg).startsWith("ready in"))).not.toHaveProperty("interaction_id");
    } finally {
      await bot.stop();
    }
  });

  it("is the default logger of createBot, and takes a level", async () => {
    const w = await world({ people: ["ada"] });
    expect(createBot({ token: w.token, baseUrl: w.baseUrl }).logger).toBeInstanceOf(PinoLogger);
    const quiet = createBot({ token: w.token, baseUrl: w.baseUrl, logger: "warn" }).logger as PinoLogger;
    expect(quiet.pino.level).toBe("warn");
  });
});
