import { describe, expect, it } from "vitest";
import { GatewayClient, isGatewayError } from "../src/index.js";
import { cleanupAfterEach, type DevWorld, devWorld, until } from "./dev-world.js";
import { recordLifecycle } from "./recorder.js";

const onCleanup = cleanupAfterEach();

async function setup(): Promise<{
  w: DevWorld;
  gateway: GatewayClient;
  log: ReturnType<typeof recordLifecycle>;
}> {
  const w = await devWorld();
  onCleanup(() => w.server.close());
  const gateway = new GatewayClient({
    token: w.token,
    intents: ["guilds", "guild_messages", "message_content"],
    gatewayUrl: w.server.gatewayUrl,
    reconnect: { initialDelayMs: 60_000, jitter: 0 },
  });
  onCleanup(() => gateway.close());
  return { w, gateway, log: recordLifecycle(gateway) };
}

describe("the client's events", () => {
  it("hand every event to `dispatch` listeners and to its own, in the order of the frames", async () => {
    const { w, gateway } = await setup();
    const names: string[] = [];
    gateway.on("dispatch", ({ name }) => void names.push(`dispatch ${name}`));
    gateway.on("GUILD_CREATE", (guild) => void names.push(`GUILD_CREATE ${guild.name}`));
    gateway.on("MESSAGE_CREATE", (message) => void names.push(`MESSAGE_CREATE ${message.content}`));
    await gateway.connect();
    await w.post("hi");
    await until("the message", () => names.length === 5);
    expect(names).toEqual([
      "dispatch READY",
      "dispatch GUILD_CREATE",
      "GUILD_CREATE Home",
      "dispatch MESSAGE_CREATE",
      "MESSAGE_CREATE hi",
    ]);
    expect(gateway.sequence).toBe(3);
  });

  it("report a listener that throws or rejects as listenerError, and go on with the next event", async () => {
    const { w, gateway, log } = await setup();
    const seen: string[] = [];
    gateway.on("MESSAGE_CREATE", (message) => {
      if (message.content === "boom") throw new Error("listener bug");
    });
    gateway.on("MESSAGE_CREATE", async (message) => {
      if (message.content === "boom") throw new Error("async listener bug");
      seen.push(message.content);
    });
    await gateway.connect();
    await w.post("boom");
    await w.post("after");
    await until("the next message", () => seen.includes("after"));
    expect(log.of("listenerError").map((e) => [e.event, (e.error as Error).message])).toEqual([
      ["MESSAGE_CREATE", "listener bug"],
      ["MESSAGE_CREATE", "async listener bug"],
    ]);
  });

  it("stop for good on close(), also while waiting to reconnect, and refuse a second connect()", async () => {
    const { w, gateway, log } = await setup();
    await gateway.connect();
    await expect(gateway.connect()).rejects.toSatisfy((error) => isGatewayError(error, "already_connected"));
    await w.closeGateway(4000);
    expect(await log.next("reconnecting", 1)).toMatchObject({ waitMs: 60_000 });
    expect(gateway.state).toBe("waiting");
    await gateway.close();
    expect(gateway.state).toBe("stopped");
    expect(await log.next("stopped", 1)).toEqual({ reason: "closed by the client", error: null });
  });

  it("reject connect() when close() comes first", async () => {
    const { gateway } = await setup();
    const connecting = gateway.connect();
    await gateway.close();
    await expect(connecting).rejects.toSatisfy((error) => isGatewayError(error, "closed"));
  });
});
