import { bitsToPermissions, type PermissionName, permissionsToBits } from "@chatbot/protocol";
import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSIONS,
  basePermissions,
  channelPermissions,
  type OverwriteBits,
  type PermissionSubject,
} from "./compute.js";

const EVERYONE = "100";
const MODS = "200";
const HELPERS = "300";
const ME = "900";
const OTHER = "901";

interface Case {
  name: string;
  everyone?: PermissionName[];
  roles?: Array<[string, PermissionName[]]>;
  owner?: boolean;
  timedOut?: boolean;
  overwrites?: Array<[string, "role" | "member", PermissionName[], PermissionName[]]>;
  /** Expected channel permissions (or "all"). */
  expected: PermissionName[] | "all";
}

function subject(c: Case): PermissionSubject {
  return {
    userId: ME,
    isOwner: c.owner ?? false,
    everyoneRoleId: EVERYONE,
    everyonePermissions: permissionsToBits(c.everyone ?? ["view_channels", "send_messages"]),
    roles: (c.roles ?? []).map(([id, perms]) => ({ id, permissions: permissionsToBits(perms) })),
    timedOut: c.timedOut ?? false,
  };
}

function overwrites(c: Case): OverwriteBits[] {
  return (c.overwrites ?? []).map(([id, type, allow, deny]) => ({
    id,
    type,
    allow: permissionsToBits(allow),
    deny: permissionsToBits(deny),
  }));
}

const sorted = (names: PermissionName[]) => bitsToPermissions(permissionsToBits(names));

const cases: Case[] = [
  { name: "everyone role alone", expected: ["view_channels", "send_messages"] },
  {
    name: "roles add to the everyone role",
    roles: [[MODS, ["manage_messages"]]],
    expected: ["view_channels", "send_messages", "manage_messages"],
  },
  {
    name: "everyone overwrite denies",
    overwrites: [[EVERYONE, "role", [], ["send_messages"]]],
    expected: ["view_channels"],
  },
  {
    name: "everyone overwrite allows",
    overwrites: [[EVERYONE, "role", ["embed_links"], []]],
    expected: ["view_channels", "send_messages", "embed_links"],
  },
  {
    name: "role overwrite allows over an everyone deny",
    roles: [[MODS, []]],
    overwrites: [
      [EVERYONE, "role", [], ["send_messages"]],
      [MODS, "role", ["send_messages"], []],
    ],
    expected: ["view_channels", "send_messages"],
  },
  {
    name: "role allow wins over another role's deny",
    roles: [
      [MODS, []],
      [HELPERS, []],
    ],
    overwrites: [
      [MODS, "role", [], ["send_messages"]],
      [HELPERS, "role", ["send_messages"], []],
    ],
    expected: ["view_channels", "send_messages"],
  },
  {
    name: "overwrite of a role the member lacks does nothing",
    overwrites: [[MODS, "role", [], ["send_messages"]]],
    expected: ["view_channels", "send_messages"],
  },
  {
    name: "member overwrite wins over role overwrites",
    roles: [[MODS, []]],
    overwrites: [
      [MODS, "role", ["send_messages"], []],
      [ME, "member", [], ["send_messages"]],
    ],
    expected: ["view_channels"],
  },
  {
    name: "another member's overwrite does nothing",
    overwrites: [[OTHER, "member", [], ["send_messages"]]],
    expected: ["view_channels", "send_messages"],
  },
  {
    name: "member overwrite allows over everyone deny",
    overwrites: [
      [EVERYONE, "role", [], ["view_channels"]],
      [ME, "member", ["view_channels"], []],
    ],
    expected: ["view_channels", "send_messages"],
  },
  {
    name: "without view_channels nothing counts",
    overwrites: [[EVERYONE, "role", ["manage_messages"], ["view_channels"]]],
    expected: [],
  },
  {
    name: "administrator grants all, overwrites ignored",
    roles: [[MODS, ["administrator"]]],
    overwrites: [[ME, "member", [], ["view_channels"]]],
    expected: "all",
  },
  {
    name: "the owner has all, even with no roles and a deny",
    owner: true,
    everyone: [],
    overwrites: [[ME, "member", [], ["view_channels"]]],
    expected: "all",
  },
  {
    name: "a timeout leaves view and read history",
    everyone: ["view_channels", "send_messages", "read_message_history", "add_reactions"],
    timedOut: true,
    expected: ["view_channels", "read_message_history"],
  },
  {
    name: "a timeout does not restore what overwrites deny",
    everyone: ["view_channels", "read_message_history"],
    timedOut: true,
    overwrites: [[EVERYONE, "role", [], ["read_message_history"]]],
    expected: ["view_channels"],
  },
  {
    name: "a timed-out administrator keeps all",
    roles: [[MODS, ["administrator"]]],
    timedOut: true,
    expected: "all",
  },
  { name: "a timed-out owner keeps all", owner: true, timedOut: true, expected: "all" },
  {
    name: "a timed-out member who cannot view sees nothing",
    overwrites: [[EVERYONE, "role", [], ["view_channels"]]],
    timedOut: true,
    expected: [],
  },
];

describe("channelPermissions", () => {
  it.each(cases)("$name", (c) => {
    const bits = channelPermissions(subject(c), overwrites(c));
    if (c.expected === "all") expect(bits).toBe(ALL_PERMISSIONS);
    else expect(bitsToPermissions(bits)).toEqual(sorted(c.expected));
  });
});

describe("basePermissions", () => {
  it.each([
    {
      name: "everyone and roles",
      roles: [[MODS, ["kick_members"]]],
      expected: ["view_channels", "send_messages", "kick_members"],
    },
    { name: "administrator", roles: [[MODS, ["administrator"]]], expected: "all" },
    { name: "owner", owner: true, expected: "all" },
    { name: "timed out", timedOut: true, expected: ["view_channels"] },
  ] as Case[])("$name", (c) => {
    const bits = basePermissions(subject(c));
    if (c.expected === "all") expect(bits).toBe(ALL_PERMISSIONS);
    else expect(bitsToPermissions(bits)).toEqual(sorted(c.expected));
  });
});
