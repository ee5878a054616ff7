import type { Interaction } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { serializeInteraction } from "./interaction-serializer.js";
import { commandPlace } from "./command-user.js";
import type { InteractionRecord } from "./interaction-record.js";
import { dropClosedInteractions } from "./interaction-retention.js";
import { convertOptions, type OptionInput } from "./option-values.js";
import { finishResolved, resolvedBuilder } from "./resolved-maps.js";
import { findVisibleCommand } from "./visible-command.js";

/** What a person types: `/name` with options, and which app's command when several have it. */
export interface UseCommandInput {
  readonly name: string;
  readonly options?: readonly OptionInput[] | undefined;
  readonly application_id?: string | undefined;
}

/** Hands `INTERACTION_CREATE` to the app's connection; `false` when it has no open one. */
export type InteractionSender = (appId: string, interaction: Interaction) => boolean;

/**
 * A person uses a slash command in a channel (`POST /dev/v1/channels/{id}/interactions`): checks
 * who may use it, finds the command they see there, validates and converts the options, saves the
 * interaction and delivers it as `INTERACTION_CREATE` (always sent, no intent needed). Delivered,
 * its 3-second answer window starts; with no connection it is `not_delivered` and the person is told
 * at once (`app_not_connected`).
 */
export function useCommand(
  core: Kernel,
  person: PersonActor,
  channelId: string,
  input: UseCommandInput,
  send: InteractionSender,
): InteractionRecord {
  const place = commandPlace(core, person, channelId);
  const visible = findVisibleCommand(core, place.channel, input.name, input.application_id);
  const built = resolvedBuilder();
  const options = convertOptions(
    core,
    place.channel,
    person.user.id,
    visible.command.options,
    input.options ?? [],
    built,
  );
  const connected = core.presence.isConnected(visible.app.id);
  let payload: Interaction | null = null;
  const record = core.transact((tx) => {
    const interaction: InteractionRecord = {
      id: core.ids.next(),
      application_id: visible.app.id,
      guild_id: place.guild.id,
      channel_id: place.channel.id,
      user_id: person.user.id,
      command_id: visible.command.id,
      command_name: visible.command.name,
      state: connected ? "delivered" : "not_delivered",
      notice: connected ? null : "app_not_connected",
      created_at: tx.now,
      ephemeral: false,
      original_id: null,
      message_ids: [],
      ephemeral_messages: [],
    };
    tx.put("interactions", interaction);
    dropClosedInteractions(tx, core.keptInteractions);
    payload = serializeInteraction(core, interaction, {
      channel: place.channel,
      person: person.user,
      member: place.member,
      botUserId: visible.bot.id,
      options,
      resolved: finishResolved(built),
    });
    return interaction;
  });
  if (!connected || !payload) return record;
  if (send(visible.app.id, payload)) {
    core.interactions.arm(record);
    return record;
  }
  return core.transact((tx) => {
    const undelivered: InteractionRecord = { ...record, state: "not_delivered", notice: "app_not_connected" };
    tx.put("interactions", undelivered);
    return undelivered;
  });
}
