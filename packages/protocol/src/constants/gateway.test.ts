import { describe, expect, it } from "vitest";
import { CLIENT_OPS, GATEWAY_OPS, isClientOp } from "./gateway-ops.js";
import {
  GATEWAY_EVENT_NAMES,
  INTENT_EVENTS,
  intentForEvent,
  isGatewayEventName,
  isIntent,
} from "./intents.js";

describe("gateway constants", () => {
  it("list the string ops, of which a bot sends identify and heartbeat", () => {
    expect(GATEWAY_OPS).toEqual(["hello", "identify", "heartbeat", "heartbeat_ack", "dispatch"]);
    expect(CLIENT_OPS.every((op) => isClientOp(op))).toBe(true);
    expect(isClientOp("dispatch")).toBe(false);
    expect(isClientOp(2)).toBe(false);
  });

  it("name every event of the interface once", () => {
    expect(GATEWAY_EVENT_NAMES).toHaveLength(24);
    expect(new Set(GATEWAY_EVENT_NAMES).size).toBe(24);
    expect(isGatewayEventName("GUILD_AUDIT_LOG_ENTRY_CREATE")).toBe(true);
    expect(isGatewayEventName("PRESENCE_UPDATE")).toBe(false);
  });

  it("map events to their intents", () => {
    expect(intentForEvent("READY")).toBeNull();
    expect(intentForEvent("INTERACTION_CREATE")).toBeNull();
    expect(intentForEvent("MESSAGE_DELETE_BULK")).toBe("guild_messages");
    expect(intentForEvent("GUILD_BAN_ADD")).toBe("guild_moderation");
    expect(intentForEvent("GUILD_EMOJIS_UPDATE")).toBe("guild_expressions");
    expect(INTENT_EVENTS.message_content).toEqual([]);
    expect(isIntent("guild_members")).toBe(true);
    expect(isIntent("guild_presences")).toBe(false);
  });
});
