import type { WorldChange } from "./actions.js";
import type { Scenario } from "./scenario.js";
import { actors, channels, owner, pick, refusable, roles } from "./step-helpers.js";

/** The permissions a step gives a role or takes from it. */
const TOGGLED = ["manage_messages", "kick_members", "manage_channels", "administrator"] as const;

/** Makes a change of the world as the server's owner; `prefix` starts its line. */
export async function change(s: Scenario<object>, c: WorldChange, prefix: string): Promise<void> {
  const boss = owner(s);
  const line = (text: string) => `${prefix}${text}`;
  const server = s.world.server.id;
  switch (c.kind) {
    case "make-channel": {
      const name = `room-${s.step}`;
      return refusable(s, line(`owner makes #${name}`), () => boss.createChannel(name));
    }
    case "rename-channel": {
      const channel = pick(channels(s), c.channel);
      if (!channel) return s.say(line("owner has no channel to rename"));
      const name = `renamed-${s.step}`;
      return refusable(s, line(`owner renames #${channel.name} to #${name}`), () =>
        boss.updateChannel(channel.id, { name }),
      );
    }
    case "delete-channel": {
      const all = channels(s);
      const channel = pick(all, c.channel);
      if (!channel || all.length < 2) return s.say(line("owner keeps the last channel"));
      return refusable(s, line(`owner deletes #${channel.name}`), () => boss.deleteChannel(channel.id));
    }
    case "make-role": {
      const name = `role-${s.step}`;
      return refusable(s, line(`owner makes the role @${name}`), () =>
        boss.createRole(name, ["manage_messages"]),
      );
    }
    case "rename-role": {
      const role = pick(roles(s), c.role);
      if (!role) return s.say(line("owner has no role to rename"));
      const name = `renamed-${s.step}`;
      return refusable(s, line(`owner renames @${role.name} to @${name}`), () =>
        s.dev.call("updateRole", {
          params: { guild_id: server, role_id: role.id },
          body: { name },
          as: boss,
        }),
      );
    }
    case "delete-role": {
      const role = pick(roles(s), c.role);
      if (!role) return s.say(line("owner has no role to delete"));
      return refusable(s, line(`owner deletes @${role.name}`), () =>
        s.dev.call("deleteRole", { params: { guild_id: server, role_id: role.id }, as: boss }),
      );
    }
    case "give-role": {
      const role = pick(roles(s), c.role);
      const person = pick(actors(s), c.person)!;
      if (!role) return s.say(line("owner has no role to give"));
      const held = s.world.running.observe.memberRoles(server, person.id) ?? [];
      return refusable(s, line(`owner gives @${role.name} to ${person.username}`), () =>
        s.dev.call("updateMember", {
          params: { guild_id: server, user_id: person.id },
          body: { roles: [...new Set([...held, role.id])] },
          as: boss,
        }),
      );
    }
    case "take-role": {
      const role = pick(roles(s), c.role);
      const person = pick(actors(s), c.person)!;
      if (!role) return s.say(line("owner has no role to take"));
      const held = s.world.running.observe.memberRoles(server, person.id) ?? [];
      return refusable(s, line(`owner takes @${role.name} from ${person.username}`), () =>
        s.dev.call("updateMember", {
          params: { guild_id: server, user_id: person.id },
          body: { roles: held.filter((id) => id !== role.id) },
          as: boss,
        }),
      );
    }
    case "toggle-permission": {
      const role = pick(roles(s), c.role);
      const permission = pick(TOGGLED, c.permission)!;
      if (!role) return s.say(line("owner has no role to change"));
      const answer = await s.dev.call("exportWorld");
      const now = answer.roles.find((r) => r.id === role.id)?.permissions ?? [];
      const has = now.includes(permission);
      const next = has ? now.filter((p) => p !== permission) : [...now, permission];
      return refusable(
        s,
        line(`owner ${has ? "takes" : "gives"} ${permission} ${has ? "from" : "to"} @${role.name}`),
        () =>
          s.dev.call("updateRole", {
            params: { guild_id: server, role_id: role.id },
            body: { permissions: next },
            as: boss,
          }),
      );
    }
    case "overwrite": {
      const channel = pick(channels(s), c.channel);
      const role = pick([{ id: server, name: "everyone" }, ...roles(s)], c.role)!;
      if (!channel) return s.say(line("owner has no channel to change"));
      return refusable(s, line(`owner denies @${role.name} ${c.deny} in #${channel.name}`), () =>
        s.dev.call("updateChannel", {
          params: { channel_id: channel.id },
          body: { overwrites: [{ id: role.id, type: "role", allow: [], deny: [c.deny] }] },
          as: boss,
        }),
      );
    }
    case "leave": {
      const person = pick(actors(s), c.person)!;
      return refusable(s, line(`${person.username} leaves the server`), () => person.leave());
    }
    case "join": {
      const person = pick(actors(s), c.person)!;
      return refusable(s, line(`${person.username} joins the server`), () => person.join());
    }
    case "uninstall": {
      if (!s.installed) return s.say(line("the bot is already removed"));
      s.disturb();
      s.installed = false;
      return refusable(s, line("owner removes the bot from the server"), () =>
        s.dev.call("uninstallApp", { params: { guild_id: server, app_id: s.world.app.id } }),
      );
    }
    case "reinstall": {
      if (s.installed || !s.install) return s.say(line("the bot is already in the server"));
      s.installed = true;
      const body = { application_id: s.world.app.id, ...s.install };
      return refusable(s, line("owner adds the bot back"), () =>
        s.dev.call("installApp", { params: { guild_id: server }, body: body as never }),
      );
    }
  }
}
