import { UseCommandBodySchema } from "@chatbot/protocol/dev";
import { UnknownObjectError } from "../../kernel/errors/api-error.js";
import { json } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { useCommand } from "../../features/interactions/use-command.js";
import { serializeInteractionView } from "../../features/interactions/interaction-serializer.js";

/** Dev routes of slash command use: a person types a command; anyone reads an interaction's state. */
export const devInteractionRoutes: DevRoute[] = [
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
