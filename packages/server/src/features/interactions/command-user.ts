import type { Kernel } from "../../kernel/kernel.js";
import { ApiError, MissingPermissionError } from "../../kernel/errors/api-error.js";
import { visibleChannel } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { requireTextChannel } from "../messages/messages.js";
import type { ChannelRecord, GuildRecord, MemberRecord } from "../../kernel/world/records.js";

/** `403 timed_out`: a timed-out person cannot use commands; `until` is when the timeout ends. */
export class TimedOutError extends ApiError {
  constructor(until: number) {
    super(403, "timed_out", "you are timed out and cannot use commands until the timeout ends", { until });
  }
}

/** Where a person uses a command. */
export interface CommandPlace {
  readonly channel: ChannelRecord;
  readonly guild: GuildRecord;
  readonly member: MemberRecord;
}

/**
 * Checks that a person may use commands in a channel: they see it (`404 unknown_channel`), it holds
 * messages (not voice), they are not timed out (`403 timed_out`), and they may post there with
 * `send_messages` and `use_application_commands` (`403 missing_permission`).
 */
export function commandPlace(core: Kernel, person: PersonActor, channelId: string): CommandPlace {
  const { channel, guild } = visibleChannel(core, person, channelId);
  const member = core.engine.member(guild.id, person.user.id);
  if (!member) throw new MissingPermissionError("send_messages");
  requireTextChannel(channel);
  if (!core.engine.can(channel, person.user.id, "send_messages")) {
    if (core.engine.isTimedOut(member)) throw new TimedOutError(member.communication_disabled_until ?? 0);
    throw new MissingPermissionError(
      "send_messages",
      "you cannot post in this channel, so you cannot use commands here",
    );
  }
  if (!core.engine.can(channel, person.user.id, "use_application_commands")) {
    throw new MissingPermissionError("use_application_commands");
  }
  return { channel, guild, member };
}
