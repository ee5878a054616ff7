import {
  EditMessageBodySchema,
  FollowupMessageBodySchema,
  InteractionCallbackBodySchema,
  type Message,
} from "@chatbot/protocol";
import type { InferInput } from "valibot";
import type { RequestOptions } from "../request/request-options.js";
import type { Requester } from "../request/requester.js";
import type { HttpMethod } from "../request/route-call.js";
import type { EditMessageInput } from "./channel-routes.js";
import { checkArgs, checkBody } from "./checks.js";

/** A callback body as the caller writes it: `{ type: 4, data }` answers, `{ type: 5 }` thinks. */
export type InteractionCallbackInput = InferInput<typeof InteractionCallbackBodySchema>;
/** A followup body as the caller writes it (`flags: 64` makes it ephemeral). */
export type FollowupMessageInput = InferInput<typeof FollowupMessageBodySchema>;

/**
 * The three interaction replies of a {@link RestClient}. They use the bot token, skip the queue of
 * message sends (their own calls go first when the global limit makes calls wait), and are never
 * retried blindly: an answer must be sent once.
 */
export interface InteractionRoutes {
  /** `POST /v1/interactions/{id}/callback`: answers (`type: 4`) or thinks (`type: 5`), once, within 3 s. */
  createInteractionResponse(
    interactionId: string,
    body: InteractionCallbackInput,
    options?: RequestOptions,
  ): Promise<void>;
  /** `PATCH /v1/interactions/{id}/messages/@original`: posts the answer after thinking, or edits it. */
  editOriginalResponse(
    interactionId: string,
    body: EditMessageInput,
    options?: RequestOptions,
  ): Promise<Message>;
  /** `POST /v1/interactions/{id}/followups`: another message, within 15 minutes. */
  createFollowupMessage(
    interactionId: string,
    body: FollowupMessageInput,
    options?: RequestOptions,
  ): Promise<Message>;
}

/** Builds the {@link InteractionRoutes} over `requester`. */
export function interactionRoutes(requester: Requester): InteractionRoutes {
  const call = async <T>(
    method: HttpMethod,
    interactionId: string,
    suffix: string,
    body: unknown,
    options: RequestOptions | undefined,
  ): Promise<T> => {
    const path = `/interactions/${interactionId}/${suffix}`;
    return (await requester.request<T>({ method, path, body, urgent: true, options })).data;
  };
  const checked = (interactionId: string) => checkArgs().id("interactionId", interactionId).done();
  return {
    createInteractionResponse: async (interactionId, body, options) => {
      checked(interactionId);
      await call("POST", interactionId, "callback", checkBody(InteractionCallbackBodySchema, body), options);
    },
    editOriginalResponse: async (interactionId, body, options) => {
      checked(interactionId);
      return call(
        "PATCH",
        interactionId,
        "messages/@original",
        checkBody(EditMessageBodySchema, body),
        options,
      );
    },
    createFollowupMessage: async (interactionId, body, options) => {
      checked(interactionId);
      return call("POST", interactionId, "followups", checkBody(FollowupMessageBodySchema, body), options);
    },
  };
}
