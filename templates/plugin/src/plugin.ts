import { definePlugin } from "@chatbot/framework";
import * as v from "valibot";
import { FaqBook } from "./faq-book.js";
import { FaqCommand } from "./faq-command.js";
import { FaqListener } from "./faq-listener.js";
import { FaqSettings } from "./faq-settings.js";
import { PLUGIN_NAME } from "./plugin-name.js";

/** The plugin's options, checked when a bot that adds it is made. */
export const FaqOptionsSchema = v.strictObject({
  /** Topic → answer: topics of lower-case letters, digits and dashes. */
  answers: v.pipe(
    v.record(
      v.pipe(
        v.string(),
        v.regex(/^[a-z0-9-]{1,32}$/, "must be 1 to 32 lower-case letters, digits or dashes"),
      ),
      v.pipe(
        v.string(),
        v.minLength(1, "must not be empty"),
        v.maxLength(2000, "must be at most 2000 characters"),
      ),
    ),
    v.check((answers) => Object.keys(answers).length > 0, "must hold at least one topic"),
  ),
  /** What starts a question in a message (default `?`). */
  prefix: v.optional(v.pipe(v.string(), v.minLength(1, "must not be empty")), "?"),
});

/** The options of {@link faq}. */
export type FaqOptions = v.InferInput<typeof FaqOptionsSchema>;

/**
 * Answers frequently asked questions: `/faq rules`, or a message that is only `?rules`. Reading
 * messages needs the message content intent, which the plugin asks for.
 *
 * @example
 * export default defineBot({ plugins: [faq({ answers: { rules: "Be kind." } })] });
 */
export const faq = definePlugin({
  name: PLUGIN_NAME,
  options: FaqOptionsSchema,
  commands: [FaqCommand],
  listeners: [FaqListener],
  exports: [FaqBook],
  messageContent: true,
  setup: (options) => ({
    providers: [{ provide: FaqSettings, useValue: new FaqSettings(options.answers, options.prefix) }],
  }),
});
