import { describe, expect, it } from "vitest";
import { validate } from "../validation/validate.js";
import { IntentSchema, PermissionNameSchema, ScopeSchema } from "./names.js";

describe("name schemas", () => {
  it("accept the names of the interface", () => {
    expect(validate(PermissionNameSchema, "moderate_members").success).toBe(true);
    expect(validate(ScopeSchema, "members.read").success).toBe(true);
    expect(validate(IntentSchema, "guild_expressions").success).toBe(true);
  });

  it("refuse other names with a message listing the rule", () => {
    expect(validate(PermissionNameSchema, "SEND_MESSAGES")).toEqual({
      success: false,
      errors: { "": ["must be a permission name such as send_messages"] },
    });
    const scope = validate(ScopeSchema, "bot");
    expect(scope.success ? [] : scope.errors[""]).toEqual([
      "must be one of the scopes commands, members.read, messages.read, messages.send, reactions, message_content",
    ]);
    expect(validate(IntentSchema, "guild_presences").success).toBe(false);
  });
});
