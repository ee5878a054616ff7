import { describe, expect, expectTypeOf, it } from "vitest";
import {
  auditLogEntry,
  channel,
  guildCreate,
  interaction,
  member,
  message,
  ready,
  role,
  user,
} from "../../test/fixtures.js";
import { expectValid } from "../../test/helpers.js";
import { GATEWAY_EVENT_NAMES, type GatewayEventName } from "../constants/intents.js";
import { DispatchFrameSchema } from "../dispatch-frame/dispatch-frame.js";
import type { Interaction } from "../interaction/interaction.js";
import {
  type DispatchOf,
  GATEWAY_DISPATCH_SCHEMAS,
  type GatewayDispatchPayloads,
} from "./gateway-dispatch-payloads.js";

const ids = { channel_id: "5001", guild_id: "6001" };

/** One payload for every event, typed by the map (a missing or wrong one fails the typecheck). */
const samples: { [E in GatewayEventName]: GatewayDispatchPayloads[E] } = {
  READY: ready,
  GUILD_CREATE: guildCreate,
  GUILD_UPDATE: { ...guildCreate, name: "Renamed" },
  GUILD_DELETE: { id: "6001" },
  MESSAGE_CREATE: message,
  MESSAGE_UPDATE: { ...message, edited_at: 1_714_000_001_000 },
  MESSAGE_DELETE: { id: "7001", ...ids },
  MESSAGE_DELETE_BULK: { ids: ["7001"], ...ids },
  MESSAGE_REACTION_ADD: { ...ids, message_id: "7001", user_id: "1001", emoji: { id: null, name: "👍" } },
  MESSAGE_REACTION_REMOVE: {
    ...ids,
    message_id: "7001",
    user_id: "1001",
    emoji: { id: "9001", name: "party" },
  },
  GUILD_MEMBER_ADD: { ...member, guild_id: "6001" },
  GUILD_MEMBER_UPDATE: { ...member, guild_id: "6001", communication_disabled_until: null },
  GUILD_MEMBER_REMOVE: { guild_id: "6001", user },
  GUILD_BAN_ADD: { guild_id: "6001", user },
  GUILD_BAN_REMOVE: { guild_id: "6001", user },
  GUILD_AUDIT_LOG_ENTRY_CREATE: auditLogEntry,
  GUILD_ROLE_CREATE: { guild_id: "6001", role },
  GUILD_ROLE_UPDATE: { guild_id: "6001", role: { ...role, position: 2 } },
  GUILD_ROLE_DELETE: { guild_id: "6001", role_id: "4001" },
  CHANNEL_CREATE: channel,
  CHANNEL_UPDATE: { ...channel, topic: "news" },
  CHANNEL_DELETE: { id: "5001", guild_id: "6001" },
  GUILD_EMOJIS_UPDATE: { guild_id: "6001", emojis: guildCreate.emojis },
  INTERACTION_CREATE: interaction,
};

describe("GatewayDispatchPayloads", () => {
  it("maps exactly the event names of the interface", () => {
    expectTypeOf<keyof GatewayDispatchPayloads>().toEqualTypeOf<GatewayEventName>();
    expectTypeOf<DispatchOf<"INTERACTION_CREATE">>().toEqualTypeOf<Interaction>();
    expect(Object.keys(GATEWAY_DISPATCH_SCHEMAS).sort()).toEqual([...GATEWAY_EVENT_NAMES].sort());
  });

  it("has a schema that takes a real payload of every event, alone and in a frame", () => {
    GATEWAY_EVENT_NAMES.forEach((event, index) => {
      expect(expectValid(GATEWAY_DISPATCH_SCHEMAS[event], samples[event])).toEqual(samples[event]);
      const frame = { op: "dispatch", t: event, s: index + 1, d: samples[event] };
      expect(expectValid(DispatchFrameSchema, frame)).toEqual(frame);
    });
  });
});
