import type { Kernel } from "../../kernel/kernel.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { AutomodBlockedError, findAutomodHit, type PostText, recordAutomodBlock } from "./automod-check.js";

/**
 * Checks a person's new message against the server's AutoMod rules before it is posted. A message
 * that breaks one is written to the audit log and refused with `403 automod_blocked`. Nothing is
 * checked (and nothing logged) when the person could not post there anyway: the post itself then
 * answers that error.
 */
export function guardPersonMessage(
  core: Kernel,
  actor: PersonActor,
  channelId: string,
  post: PostText,
): void {
  const channel = core.world.tables.channels.get(channelId);
  if (!channel || !core.engine.can(channel, actor.user.id, "send_messages")) return;
  const hit = findAutomodHit(core, channel.guild_id, "person", post);
  if (!hit) return;
  recordAutomodBlock(core, hit, channel.id, actor.user.id);
  throw new AutomodBlockedError(hit);
}
