import { KeyedQueue } from "@chatbot/kit";
import type { GatewayDispatch } from "@chatbot/gateway";
import { describe, expect, it } from "vitest";
import type { HandlerDefinition } from "../definitions/listener-definition.js";
import { MiddlewareError } from "../errors.js";
import { type EventRun, orderPerServer } from "./event-steps.js";
import { type NamedStep, Pipeline } from "./pipeline.js";

type Run = { log: string[] };

const around = (name: string): NamedStep<Run> => ({
  name,
  run: async (run, next) => {
    run.log.push(`${name} in`);
    await next();
    run.log.push(`${name} out`);
  },
});

describe("Pipeline", () => {
  it("runs the steps in order around the later ones, and lists their names", async () => {
    const pipeline = new Pipeline<Run>([
      around("a"),
      around("b"),
      { name: "last", run: (r) => void r.log.push("last") },
    ]);
    const run = { log: [] as string[] };
    await pipeline.run(run);
    expect(run.log).toEqual(["a in", "b in", "last", "b out", "a out"]);
    expect(pipeline.names).toEqual(["a", "b", "last"]);
  });

  it("calls the first step before run() returns, and a step that does not call next() ends the run", async () => {
    const run = { log: [] as string[] };
    const pipeline = new Pipeline<Run>([
      { name: "gate", run: (r) => void r.log.push("gate") },
      { name: "never", run: (r) => void r.log.push("never") },
    ]);
    const done = pipeline.run(run);
    expect(run.log).toEqual(["gate"]);
    await done;
    expect(run.log).toEqual(["gate"]);
  });

  it("rejects a second next() naming the step, and lets a step's error through to the steps before it", async () => {
    const twice = new Pipeline<Run>([
      { name: "twice", run: async (_r, next) => void (await next(), await next()) },
      { name: "end", run: () => undefined },
    ]);
    const error = await twice.run({ log: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MiddlewareError);
    expect((error as Error).message).toBe('dispatch step "twice" called next() twice');

    const seen: unknown[] = [];
    const failing = new Pipeline<Run>([
      { name: "catch", run: (_r, next) => next().catch((e: unknown) => void seen.push(e)) },
      {
        name: "throws",
        run: () => {
          throw new Error("boom");
        },
      },
    ]);
    await failing.run({ log: [] });
    expect((seen[0] as Error).message).toBe("boom");
  });
});

describe("the order step", () => {
  const handler = (label: string, ordered: boolean) => ({ label, ordered }) as unknown as HandlerDefinition;
  const message = (guildId: string | null, id: string) =>
    ({
      name: "MESSAGE_CREATE",
      data: { id, channel_id: "1", ...(guildId && { guild_id: guildId }) },
    }) as unknown as GatewayDispatch;

  /** A pipeline of the order step and a last step that holds each run until released. */
  function ordering(all: boolean) {
    const started: string[] = [];
    const release = new Map<string, () => void>();
    const last = (run: EventRun) => {
      const key = `${(run.event.data as { id: string }).id}:${run.handlers.map((h) => h.label).join("+")}`;
      started.push(key);
      return new Promise<void>((resolve) => release.set(key, resolve));
    };
    const pipeline = new Pipeline<EventRun>([
      orderPerServer(new KeyedQueue<string>(), all, last),
      { name: "handlers", run: last },
    ]);
    return { pipeline, started, release };
  }
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it("holds a server's ordered handlers behind its previous event's, not another server's or the unordered ones", async () => {
    const { pipeline, started, release } = ordering(false);
    const handlers = [handler("log", true), handler("react", false)];
    void pipeline.run({ event: message("10", "m1"), handlers });
    void pipeline.run({ event: message("10", "m2"), handlers });
    void pipeline.run({ event: message("20", "m3"), handlers });
    await turn();
    expect(started.sort()).toEqual(["m1:log", "m1:react", "m2:react", "m3:log", "m3:react"]);
    release.get("m1:log")!();
    await turn();
    expect(started).toContain("m2:log");
  });

  it("orders every handler with the bot's ordered option, and holds nothing of an event of no server", async () => {
    const { pipeline, started } = ordering(true);
    const handlers = [handler("a", false), handler("b", false)];
    void pipeline.run({ event: message("10", "m1"), handlers });
    void pipeline.run({ event: message("10", "m2"), handlers });
    void pipeline.run({ event: message(null, "dm1"), handlers });
    void pipeline.run({ event: message(null, "dm2"), handlers });
    await turn();
    expect(started.sort()).toEqual(["dm1:a+b", "dm2:a+b", "m1:a+b"]);
  });
});
