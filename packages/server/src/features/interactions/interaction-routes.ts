import {
  EditMessageBodySchema,
  FollowupMessageBodySchema,
  InteractionCallbackBodySchema,
} from "@chatbot/protocol";
import { json, NO_CONTENT } from "../../http/reply.js";
import { type BotRoute, botRoute } from "../../http/route.js";
import { editOriginal, followup, interactionCallback } from "./interaction-replies.js";
import { serializeAnswer } from "./interaction-serializer.js";
import { botViewer } from "../messages/message-viewer.js";

/** `/v1` routes of the section "Interaction replies", with the bot token (no other credential). */
export const interactionRoutes: BotRoute[] = [
  botRoute({
    method: "POST",
    path: "/v1/interactions/:interaction_id/callback",
    body: InteractionCallbackBodySchema,
    handle: ({ core, bot, param, body }) => {
      interactionCallback(core, bot, param("interaction_id"), body);
      return NO_CONTENT;
    },
  }),
  botRoute({
    method: "PATCH",
    path: "/v1/interactions/:interaction_id/messages/@original",
    body: EditMessageBodySchema,
    handle: ({ core, bot, param, body }) => {
      const { message, ephemeral } = editOriginal(core, bot, param("interaction_id"), body);
      return json(serializeAnswer(core, message, botViewer(core, bot, message.guild_id), ephemeral));
    },
  }),
  botRoute({
    method: "POST",
    path: "/v1/interactions/:interaction_id/followups",
    body: FollowupMessageBodySchema,
    handle: ({ core, bot, param, body }) => {
      const { message, ephemeral } = followup(core, bot, param("interaction_id"), body);
      return json(serializeAnswer(core, message, botViewer(core, bot, message.guild_id), ephemeral));
    },
  }),
];
