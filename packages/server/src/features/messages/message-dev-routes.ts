import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { bulkDeleteMessages, deleteMessage, setPinned } from "./message-moderation.js";
import { createMessage, editMessage } from "./messages.js";
import { setReaction } from "./reactions.js";
import { serializeMessage } from "./message-serializer.js";
import { BulkDeleteBodySchema, DevEditMessageBodySchema, DevMessageBodySchema } from "@chatbot/protocol/dev";

/**
 * Dev routes for messages, pins and reactions, each as the person of `X-Dev-User`. A person's read of
 * a channel's messages is the interactions feature's (see `devInteractionRoutes`): it merges in the
 * ephemeral answers of their interactions.
 */
export const devMessageRoutes: DevRoute[] = [
  devRoute({
    method: "POST",
    path: "/dev/v1/channels/:channel_id/messages",
    body: DevMessageBodySchema,
    handle: ({ core, actor, param, body }) => {
      const person = actor();
      const { message } = createMessage(core, person, param("channel_id"), body);
      return json(
        serializeMessage(core.world, message, { userId: person.user.id, contentAccess: true }),
        201,
      );
    },
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/channels/:channel_id/messages/:message_id",
    body: DevEditMessageBodySchema,
    handle: ({ core, actor, param, body }) => {
      const person = actor();
      const message = editMessage(core, person, param("channel_id"), param("message_id"), body);
      return json(serializeMessage(core.world, message, { userId: person.user.id, contentAccess: true }));
    },
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/channels/:channel_id/messages/:message_id",
    handle: ({ core, actor, param }) => {
      deleteMessage(core, actor(), param("channel_id"), param("message_id"));
      return NO_CONTENT;
    },
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/channels/:channel_id/messages/bulk-delete",
    body: BulkDeleteBodySchema,
    handle: ({ core, actor, param, body }) => {
      bulkDeleteMessages(core, actor(), param("channel_id"), body.ids);
      return NO_CONTENT;
    },
  }),
  ...([true, false] as const).map((pinned) =>
    devRoute({
      method: pinned ? "PUT" : "DELETE",
      path: "/dev/v1/channels/:channel_id/messages/:message_id/pin",
      handle: ({ core, actor, param }) => {
        setPinned(core, actor(), param("channel_id"), param("message_id"), pinned);
        return NO_CONTENT;
      },
    }),
  ),
  ...([true, false] as const).map((add) =>
    devRoute({
      method: add ? "PUT" : "DELETE",
      path: "/dev/v1/channels/:channel_id/messages/:message_id/reactions/:emoji",
      handle: ({ core, actor, param }) => {
        setReaction(core, actor(), param("channel_id"), param("message_id"), param("emoji"), add);
        return NO_CONTENT;
      },
    }),
  ),
];
