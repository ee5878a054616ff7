/** The service's refusal of a command's options (`400 invalid_options`), sorted by option. */
export interface OptionRefusal {
  /** The problems of each option given, by the option's name. */
  readonly byOption: Readonly<Record<string, string>>;
  /** The problems of no one option given: a required option missing, say. */
  readonly general: readonly string[];
}

/**
 * Sorts the `errors` of a `400 invalid_options` answer by option: `options.<i>.value` and
 * `options.<i>.name` name the i-th option of `given` (the options as they were sent, in order);
 * the rest (`options`: a required option missing) is general. The web console shows the first
 * beside each field and the second under the form; `chatbot dev`'s prompt prints both.
 */
export function optionRefusal(
  errors: Readonly<Record<string, readonly string[]>>,
  given: readonly { readonly name: string }[],
): OptionRefusal {
  const byOption: Record<string, string> = {};
  const general: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const index = /^options\.(\d+)\./.exec(path)?.[1];
    const option = index === undefined ? undefined : given[Number(index)];
    if (option) byOption[option.name] = messages.join("; ");
    else general.push(...messages);
  }
  return { byOption, general };
}
