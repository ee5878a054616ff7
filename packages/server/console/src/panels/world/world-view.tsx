import { useState } from "preact/hooks";
import type { World } from "../../api";
import type { Live } from "../../live";
import { AuditLogPanel } from "./audit-log-panel";
import { AutomodPanel } from "./automod-panel";
import { ChannelsPanel } from "./channels-panel";
import { InstallsPanel } from "./installs-panel";
import { MembersPanel } from "./members-panel";
import { RolesPanel } from "./roles-panel";
import { ServersPanel } from "./servers-panel";
import { WebhooksPanel } from "./webhooks-panel";

/** The world editor: servers and everything in them, each change made as the person chosen at the top. */
export function WorldView({
  me,
  world,
  live,
  onChanged,
}: {
  me: string | null;
  world: World | null;
  live: Live;
  onChanged: () => void;
}) {
  const [guildId, setGuildId] = useState<string | null>(null);
  if (!world) return <p class="muted">Loading the world…</p>;
  const guild = world.guilds.find((g) => g.id === guildId) ?? world.guilds[0];
  return (
    <div class="world">
      <ServersPanel
        me={me}
        world={world}
        selected={guild?.id ?? null}
        onSelect={setGuildId}
        onChanged={onChanged}
      />
      {guild && me ? (
        <div class="world-guild">
          <p class="muted">
            Changes are made as <strong>{world.users.find((u) => u.id === me)?.username}</strong>, with their
            permissions: a refusal says what they lack.
          </p>
          <ChannelsPanel me={me} world={world} guild={guild} onChanged={onChanged} />
          <RolesPanel me={me} world={world} guild={guild} onChanged={onChanged} />
          <MembersPanel me={me} world={world} guild={guild} onChanged={onChanged} />
          <InstallsPanel me={me} world={world} guild={guild} onChanged={onChanged} />
          <WebhooksPanel me={me} world={world} guild={guild} onChanged={onChanged} live={live} />
          <AutomodPanel me={me} world={world} guild={guild} onChanged={onChanged} />
          <AuditLogPanel guild={guild} live={live} world={world} />
        </div>
      ) : (
        <p class="empty">{me ? "No server yet: make one." : "Make a person first."}</p>
      )}
    </div>
  );
}
