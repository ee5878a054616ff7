import * as v from "valibot";
import { AllowedMentionsSchema } from "../allowed-mentions/allowed-mentions.js";
import {
  EMPTY_MESSAGE,
  isMessageEmpty,
  MessageContentSchema,
} from "../create-message-body/message-content.js";
import { EmbedListSchema } from "../embed/embed-list.js";
import { obj, uint } from "../shared/fields.js";
import { keyPath } from "../shared/list-checks.js";
import { expected } from "../shared/messages.js";

/** The message flag that makes an interaction answer ephemeral. */
export const EPHEMERAL_FLAG = 64;

/** Callback types: `4` answers, `5` shows a thinking state. */
export const InteractionCallbackType = { Answer: 4, Thinking: 5 } as const;

/** Whether message `flags` ask for an ephemeral answer. */
export function isEphemeral(flags: number | undefined): boolean {
  return flags !== undefined && (flags & EPHEMERAL_FLAG) === EPHEMERAL_FLAG;
}

/** `data` of a callback: content (up to 2,000), flags, embeds (up to 10) and allowed_mentions. */
export const InteractionCallbackDataSchema = obj({
  content: v.optional(MessageContentSchema),
  flags: v.optional(uint()),
  embeds: v.optional(EmbedListSchema),
  allowed_mentions: v.optional(AllowedMentionsSchema),
});

/** The `data` of a callback. */
export type InteractionCallbackData = v.InferOutput<typeof InteractionCallbackDataSchema>;

/**
 * The body of `POST /v1/interactions/{id}/callback`: `{ type: 4 | 5, data? }`. Type `4` answers and
 * needs content or an embed (reported at `data.content`); type `5` is a thinking state. `flags` 64
 * makes the answer ephemeral. Other keys (`tts`, `components`, ...) are dropped.
 */
export const InteractionCallbackBodySchema = v.pipe(
  obj({
    type: v.picklist(
      [InteractionCallbackType.Answer, InteractionCallbackType.Thinking],
      expected("4 (answer) or 5 (thinking)"),
    ),
    data: v.optional(InteractionCallbackDataSchema),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const body = dataset.value;
    if (body.type !== InteractionCallbackType.Answer || !isMessageEmpty(body.data ?? {})) return;
    const data = body.data ?? {};
    addIssue({ message: EMPTY_MESSAGE, path: [keyPath(body, "data"), keyPath(data, "content")] });
  }),
);

/** An interaction callback body. */
export type InteractionCallbackBody = v.InferOutput<typeof InteractionCallbackBodySchema>;
