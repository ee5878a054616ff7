import { useState } from "preact/hooks";
import { api, ApiFailure, type ChannelView, type Command, describe } from "../../api";
import { type Live, touched, useLiveEffect } from "../../live";

/** The commands the person may use in the channel, read again when commands, installs or access change. */
export function useCommands(live: Live, channel: ChannelView, me: string) {
  const [commands, setCommands] = useState<Command[] | null>(null);
  const [commandsError, setCommandsError] = useState<string | null>(null);
  useLiveEffect(
    live,
    (n) => touched(n, "commands", "installs", "apps", "members", "roles", "channels"),
    () => {
      api<Command[]>("GET", `/dev/v1/channels/${channel.id}/commands`, { as: me }).then(
        (list) => {
          setCommands(list);
          setCommandsError(null);
        },
        (failure: unknown) => {
          setCommands([]);
          setCommandsError(failure instanceof ApiFailure ? failure.message : describe(failure));
        },
      );
    },
    [channel.id, me],
  );
  return { commands, commandsError };
}
