import * as v from "valibot";
import { IntentSchema, PermissionNameSchema, ScopeSchema } from "../../names/names.js";
import { SnowflakeSchema } from "../../snowflake/snowflake.js";
import { array, bool, color, int, strict, text } from "../fields.js";

/** `POST /dev/v1/guilds`. */
export const CreateGuildBodySchema = strict({
  name: text(1, 100),
  owner_id: SnowflakeSchema,
  description: v.optional(v.nullable(text(0, 300))),
});

/** `PATCH /dev/v1/guilds/{id}`. */
export const PatchGuildBodySchema = strict({
  name: v.optional(text(1, 100)),
  description: v.optional(v.nullable(text(0, 300))),
});

/** `POST /dev/v1/guilds/{id}/members`. */
export const JoinBodySchema = strict({ user_id: SnowflakeSchema });

/** `DELETE /dev/v1/guilds/{id}/members/{user_id}`. */
export const RemoveMemberBodySchema = strict({
  action: v.picklist(["leave", "kick", "ban"], "must be leave, kick or ban"),
  reason: v.optional(text(0, 512)),
});

/** `PATCH /dev/v1/guilds/{id}/members/{user_id}`. */
export const PatchMemberBodySchema = strict({
  nickname: v.optional(v.nullable(text(1, 32))),
  roles: v.optional(array(SnowflakeSchema, 250, "roles")),
  communication_disabled_until: v.optional(v.nullable(int(0, Number.MAX_SAFE_INTEGER))),
});

const roleFields = {
  name: text(1, 100),
  permissions: array(PermissionNameSchema, 64, "permissions"),
  color: v.optional(color()),
  hoist: v.optional(bool()),
  mentionable: v.optional(bool()),
  position: v.optional(int(1, 10_000)),
};

/** `POST /dev/v1/guilds/{id}/roles`. */
export const CreateRoleBodySchema = strict(roleFields);

/** `PATCH /dev/v1/guilds/{id}/roles/{role_id}`. */
export const PatchRoleBodySchema = strict({
  ...roleFields,
  name: v.optional(roleFields.name),
  permissions: v.optional(roleFields.permissions),
  position: v.optional(int(0, 10_000)),
});

/** `PATCH /dev/v1/guilds/{id}/roles`: `[{ id, position }]`. */
export const ReorderRolesBodySchema = array(
  strict({ id: SnowflakeSchema, position: int(1, 10_000) }),
  250,
  "roles",
);

/** `POST /dev/v1/guilds/{id}/emojis` and its PATCH. */
export const EmojiBodySchema = strict({
  name: v.pipe(
    v.string("expected a string"),
    v.regex(/^[A-Za-z0-9_]{2,32}$/, "must be 2 to 32 letters, digits or _"),
  ),
});

/** `POST /dev/v1/guilds/{id}/installs`. */
export const InstallBodySchema = strict({
  application_id: SnowflakeSchema,
  scopes: array(ScopeSchema, 16, "scopes"),
  intents: v.optional(array(IntentSchema, 16, "intents")),
  permissions: array(PermissionNameSchema, 64, "permissions"),
});

/** `PATCH /dev/v1/guilds/{id}/installs/{app_id}`: what changes (at least one). */
export const InstallPatchSchema = v.pipe(
  strict({
    scopes: v.optional(array(ScopeSchema, 16, "scopes")),
    intents: v.optional(array(IntentSchema, 16, "intents")),
    permissions: v.optional(array(PermissionNameSchema, 64, "permissions")),
  }),
  v.check(
    (body) => body.scopes !== undefined || body.intents !== undefined || body.permissions !== undefined,
    "give at least one of scopes, intents and permissions",
  ),
);
