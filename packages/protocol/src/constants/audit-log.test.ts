import { describe, expect, it } from "vitest";
import {
  AUDIT_LOG_ACTION_NAMES,
  AUDIT_LOG_ACTION_TYPES,
  AUDIT_LOG_ACTIONS,
  auditLogActionName,
} from "./audit-log.js";

describe("audit log actions", () => {
  it("carry the numbers of docs/decisions.md", () => {
    expect(AUDIT_LOG_ACTIONS.guild_update).toBe(1);
    expect(AUDIT_LOG_ACTIONS.member_kick).toBe(20);
    expect(AUDIT_LOG_ACTIONS.member_update).toBe(24);
    expect(AUDIT_LOG_ACTIONS.bot_add).toBe(28);
    expect(AUDIT_LOG_ACTIONS.webhook_update).toBe(51);
    expect(AUDIT_LOG_ACTIONS.message_bulk_delete).toBe(73);
    expect(AUDIT_LOG_ACTIONS.integration_delete).toBe(82);
    expect(AUDIT_LOG_ACTIONS.automod_block_message).toBe(143);
    expect(AUDIT_LOG_ACTION_NAMES).toHaveLength(26);
  });

  it("have unique, rising numbers", () => {
    expect(new Set(AUDIT_LOG_ACTION_TYPES).size).toBe(AUDIT_LOG_ACTION_TYPES.length);
    expect([...AUDIT_LOG_ACTION_TYPES].sort((a, b) => a - b)).toEqual(AUDIT_LOG_ACTION_TYPES);
  });

  it("map a number back to its name", () => {
    expect(auditLogActionName(22)).toBe("member_ban_add");
    expect(auditLogActionName(143)).toBe("automod_block_message");
    expect(auditLogActionName(21)).toBeUndefined();
  });
});
