import { UseCommandBodySchema } from "@chatbot/protocol/dev";
import { UnknownObjectError } from "../../kernel/errors/api-error.js";
import { json } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { useCommand } from "./use-command.js";
import { serializeInteractionView } from "./interaction-serializer.js";
import { withEphemeralAnswers } from "./ephemeral-answers.js";
import { listMessages } from "../messages/message-reads.js";
import { MessagePageQuerySchema } from "../../http/query-schemas.js";

/**
 * Dev routes of slash command use: a person types a command; anyone reads an interaction's state;
 * a person reads a channel's messages with the ephemeral answers addressed to them merged in (the
 * messages feature cannot: the answers are the interactions').
 */
export const devInteractionRoutes: DevRoute[] = [
  devRoute({
    method: "GET",
    path: "/dev/v1/channels/:channel_id/messages",
    query: MessagePageQuerySchema,
    handle: ({ core, actor, param, query }) => {
      const person = actor();
      const list = listMessages(core, person, param("channel_id"), query);
      return json(
        withEphemeralAnswers(core, person.user.id, param("channel_id"), query, list.messages),
        200,
        list.historyHidden ? { "x-history-hidden": "1" } : undefined,
      );
    },
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/channels/:channel_id/interactions",
    body: UseCommandBodySchema,
    handle: ({ core, runtime, actor, param, body }) => {
      const interaction = useCommand(core, actor(), param("channel_id"), body, (appId, data) =>
        runtime.gateway.dispatch(appId, "INTERACTION_CREATE", data),
      );
      return json(
        interaction.state === "delivered"
          ? { id: interaction.id, state: interaction.state }
          : { id: interaction.id, state: interaction.state, notice: interaction.notice },
        201,
      );
    },
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/interactions/:interaction_id",
    handle: ({ core, param }) => {
      const interaction = core.world.tables.interactions.get(param("interaction_id"));
      if (!interaction) throw new UnknownObjectError("interaction");
      return json(serializeInteractionView(core, interaction));
    },
  }),
];
