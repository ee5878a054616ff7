import { CreateMessageBodySchema, EditMessageBodySchema } from "@chatbot/protocol";
import { json, NO_CONTENT, rawJson } from "../../http/reply.js";
import { type BotRoute, botRoute } from "../../http/route.js";
import { visibleChannel } from "../../kernel/visibility/access.js";
import { deleteMessage } from "./message-moderation.js";
import { getMessage, listMessages } from "./message-reads.js";
import { createMessage, editMessage } from "./messages.js";
import { setReaction } from "./reactions.js";
import { serializeChannel } from "../channels/channel-serializer.js";
import { serializeMessage } from "./message-serializer.js";
import { messageJson } from "./message-json.js";
import { MessagePageQuerySchema } from "../../http/query-schemas.js";
import { botViewer } from "./message-viewer.js";

const reactionBucket = (param: (name: string) => string) => ({
  rule: "reactionsPerChannel" as const,
  name: `reactions:${param("channel_id")}`,
});

/** `/v1` routes of the section "Channels and messages". */
export const messageRoutes: BotRoute[] = [
  botRoute({
    method: "GET",
    path: "/v1/channels/:channel_id",
    handle: ({ core, bot, param }) => {
      const { channel } = visibleChannel(core, bot, param("channel_id"));
      return json(serializeChannel(core.engine, channel, bot.user.id));
    },
  }),
  botRoute({
    method: "GET",
    path: "/v1/channels/:channel_id/messages",
    query: MessagePageQuerySchema,
    handle: ({ core, bot, param, query }) => {
      const list = listMessages(core, bot, param("channel_id"), query);
      const first = list.messages[0];
      const viewer = first ? botViewer(core, bot, first.guild_id) : null;
      const body = viewer ? messageJson.listJson(core.world, list.messages, viewer) : "[]";
      return rawJson(body, 200, list.historyHidden ? { "x-history-hidden": "1" } : undefined);
    },
  }),
  botRoute({
    method: "GET",
    path: "/v1/channels/:channel_id/messages/:message_id",
    handle: ({ core, bot, param }) => {
      const message = getMessage(core, bot, param("channel_id"), param("message_id"));
      return json(serializeMessage(core.world, message, botViewer(core, bot, message.guild_id)));
    },
  }),
  botRoute({
    method: "POST",
    path: "/v1/channels/:channel_id/messages",
    body: CreateMessageBodySchema,
    bucket: (param) => ({ rule: "messageCreatePerChannel", name: `message_create:${param("channel_id")}` }),
    handle: ({ core, bot, param, body }) => {
      const { message, created } = createMessage(core, bot, param("channel_id"), body);
      return json(
        serializeMessage(core.world, message, botViewer(core, bot, message.guild_id)),
        created ? 201 : 200,
      );
    },
  }),
  botRoute({
    method: "PATCH",
    path: "/v1/channels/:channel_id/messages/:message_id",
    body: EditMessageBodySchema,
    handle: ({ core, bot, param, body }) => {
      const message = editMessage(core, bot, param("channel_id"), param("message_id"), body);
      return json(serializeMessage(core.world, message, botViewer(core, bot, message.guild_id)));
    },
  }),
  botRoute({
    method: "DELETE",
    path: "/v1/channels/:channel_id/messages/:message_id",
    handle: ({ core, bot, param }) => {
      deleteMessage(core, bot, param("channel_id"), param("message_id"));
      return NO_CONTENT;
    },
  }),
  botRoute({
    method: "PUT",
    path: "/v1/channels/:channel_id/messages/:message_id/reactions/:emoji/@me",
    bucket: reactionBucket,
    handle: ({ core, bot, param }) => {
      setReaction(core, bot, param("channel_id"), param("message_id"), param("emoji"), true);
      return NO_CONTENT;
    },
  }),
  botRoute({
    method: "DELETE",
    path: "/v1/channels/:channel_id/messages/:message_id/reactions/:emoji/@me",
    bucket: reactionBucket,
    handle: ({ core, bot, param }) => {
      setReaction(core, bot, param("channel_id"), param("message_id"), param("emoji"), false);
      return NO_CONTENT;
    },
  }),
];
