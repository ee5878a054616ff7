import { describe, expect, it } from "vitest";
import { auditLogEntry } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { AuditLogEntrySchema } from "./audit-log-entry.js";

describe("AuditLogEntrySchema", () => {
  it("takes an entry, with a null actor for the service itself", () => {
    expect(expectValid(AuditLogEntrySchema, auditLogEntry)).toEqual(auditLogEntry);
    expectValid(AuditLogEntrySchema, {
      ...auditLogEntry,
      action_type: 143,
      action: "automod_block_message",
      user_id: null,
      target_id: null,
      reason: null,
      options: { rule_name: "no spam", channel_id: "5001" },
      changes: [],
    });
  });

  it("wants a known action whose number and name agree", () => {
    expect(expectErrors(AuditLogEntrySchema, { ...auditLogEntry, action_type: 21 })).toEqual({
      action_type: ["must be an audit log action number"],
    });
    expect(expectErrors(AuditLogEntrySchema, { ...auditLogEntry, action: "kick" })).toEqual({
      action: ["must be an audit log action name"],
    });
    expect(expectErrors(AuditLogEntrySchema, { ...auditLogEntry, action_type: 22 })).toEqual({
      action_type: ["must be the number of the action"],
    });
  });

  it("needs a key on each change", () => {
    expect(expectErrors(AuditLogEntrySchema, { ...auditLogEntry, changes: [{ new_value: 1 }] })).toEqual({
      "changes.0.key": ["is required"],
    });
  });
});
