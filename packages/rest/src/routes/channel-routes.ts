import {
  type Channel,
  type CreateMessageBody,
  CreateMessageBodySchema,
  type EditMessageBody,
  EditMessageBodySchema,
  LIMITS,
  type Message,
} from "@chatbot/protocol";
import type { InferInput } from "valibot";
import type { RequestOptions } from "../request/request-options.js";
import type { Requester } from "../request/requester.js";
import { checkArgs, checkBody } from "./checks.js";
import { type MessageList, toMessageList } from "./message-list.js";
import { createNonce } from "./nonce.js";

/** The query of {@link ChannelRoutes.listMessages}: at most one of `before` and `after`. */
export interface MessageListQuery {
  /** Messages older than this message id. */
  before?: string;
  /** Messages newer than this message id. */
  after?: string;
  /** 1 to 100; the service's default when absent. */
  limit?: number;
}

/** A create-message body as the caller writes it (`nonce` is added when absent). */
export type CreateMessageInput = InferInput<typeof CreateMessageBodySchema>;
/** An edit-message body as the caller writes it. */
export type EditMessageInput = InferInput<typeof EditMessageBodySchema>;

/** The channel and message routes of a {@link RestClient}. */
export interface ChannelRoutes {
  /** `GET /v1/channels/{id}`: a channel the bot can see. */
  getChannel(channelId: string, options?: RequestOptions): Promise<Channel>;
  /**
   * `GET /v1/channels/{id}/messages`: messages newest first, with `historyHidden`; needs
   * `messages.read`.
   */
  listMessages(channelId: string, query?: MessageListQuery, options?: RequestOptions): Promise<MessageList>;
  /** `GET /v1/channels/{id}/messages/{message_id}`: one message; needs `messages.read`. */
  getMessage(channelId: string, messageId: string, options?: RequestOptions): Promise<Message>;
  /**
   * `POST /v1/channels/{id}/messages`: posts a message. A `nonce` is generated when the body has
   * none, so the call is retried safely after a network error or `5xx`: it never posts twice.
   */
  createMessage(channelId: string, body: CreateMessageInput, options?: RequestOptions): Promise<Message>;
  /** `PATCH /v1/channels/{id}/messages/{message_id}`: edits one of the bot's own messages. */
  editMessage(
    channelId: string,
    messageId: string,
    body: EditMessageInput,
    options?: RequestOptions,
  ): Promise<Message>;
  /** `DELETE /v1/channels/{id}/messages/{message_id}`: deletes one of the bot's own messages. */
  deleteMessage(channelId: string, messageId: string, options?: RequestOptions): Promise<void>;
}

/** Builds the {@link ChannelRoutes} over `requester`. */
export function channelRoutes(requester: Requester): ChannelRoutes {
  return {
    getChannel: async (channelId, options) => {
      checkArgs().id("channelId", channelId).done();
      return (
        await requester.request<Channel>({
          method: "GET",
          path: `/channels/${channelId}`,
          retry: true,
          options,
        })
      ).data;
    },
    listMessages: async (channelId, query = {}, options) => {
      checkArgs()
        .id("channelId", channelId)
        .optionalId("before", query.before)
        .optionalId("after", query.after)
        .optionalInt("limit", query.limit, LIMITS.messageListMin, LIMITS.messageListMax)
        .done();
      const result = await requester.request<Message[]>({
        method: "GET",
        path: `/channels/${channelId}/messages`,
        query: { before: query.before, after: query.after, limit: query.limit },
        retry: true,
        options,
      });
      return toMessageList(result.data, result.headers.get("x-history-hidden") === "1");
    },
    getMessage: async (channelId, messageId, options) => {
      checkArgs().id("channelId", channelId).id("messageId", messageId).done();
      const path = `/channels/${channelId}/messages/${messageId}`;
      return (await requester.request<Message>({ method: "GET", path, retry: true, options })).data;
    },
    createMessage: async (channelId, body, options) => {
      checkArgs().id("channelId", channelId).done();
      const checked: CreateMessageBody = checkBody(CreateMessageBodySchema, body);
      const sent = checked.nonce === undefined ? { ...checked, nonce: createNonce() } : checked;
      const result = await requester.request<Message>({
        method: "POST",
        path: `/channels/${channelId}/messages`,
        body: sent,
        bucket: `message_create:${channelId}`,
        retry: true,
        options,
      });
      return result.data;
    },
    editMessage: async (channelId, messageId, body, options) => {
      checkArgs().id("channelId", channelId).id("messageId", messageId).done();
      const checked: EditMessageBody = checkBody(EditMessageBodySchema, body);
      const path = `/channels/${channelId}/messages/${messageId}`;
      return (await requester.request<Message>({ method: "PATCH", path, body: checked, options })).data;
    },
    deleteMessage: async (channelId, messageId, options) => {
      checkArgs().id("channelId", channelId).id("messageId", messageId).done();
      const path = `/channels/${channelId}/messages/${messageId}`;
      await requester.request<undefined>({ method: "DELETE", path, options });
    },
  };
}
