import { useState } from "preact/hooks";
import { optionRefusal } from "@chatbot/protocol/dev";
import { Alert } from "../../alert";
import {
  api,
  ApiFailure,
  type ChannelView,
  type Command,
  type CommandOption,
  describe,
  type GuildView,
  type World,
} from "../../api";
import { checkOption, valueOf } from "./option-check";
import { OptionField, pickable } from "./option-field";

/** What the service answers to a command use. */
type UseAnswer = { id: string; state: string; notice?: string };

/** The values the form holds, by option name. */
type Values = Record<string, string | boolean>;

/** The problems of the values as this page checks them, by option name; none means the form may be sent. */
function problemsOf(options: readonly CommandOption[], values: Values): Record<string, string> {
  const found: Record<string, string> = {};
  for (const option of options) {
    const problem = checkOption(option, values[option.name]);
    if (problem) found[option.name] = problem;
  }
  return found;
}

/** The command picked, where it is used and by whom, and what to tell when it was or was not. */
interface CommandFormProps {
  command: Command;
  me: string;
  guild: GuildView;
  channel: ChannelView;
  world: World | null;
  onCancel: () => void;
  onUsed: (answer: UseAnswer) => void;
}

/** The form of a picked slash command: its options with types, choices and limits, checked here first. */
export function CommandForm(props: CommandFormProps) {
  const { command, guild, world, onCancel } = props;
  const options = command.options;
  const [values, setValues] = useState<Values>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = submitUse(props, values, setProblems, setError);
  const set = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setProblems(({ [name]: _gone, ...rest }) => rest);
  };
  return (
    <form class="command-form" onSubmit={submit} aria-label={`/${command.name}`}>
      <header>
        <strong>/{command.name}</strong> <span class="muted">{command.description}</span>
        <span class="app">{command.app_name}</span>
      </header>
      {options.length === 0 && <p class="muted">No options.</p>}
      {options.map((option) => (
        <OptionField
          key={option.name}
          option={option}
          list={pickable(option, guild, world)}
          value={values[option.name]}
          problem={problems[option.name]}
          set={set}
        />
      ))}
      <div class="buttons">
        <button type="submit">Use /{command.name}</button>
        <button type="button" class="link" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <Alert text={error} />
    </form>
  );
}

/**
 * Sends the command's use once the values pass this page's checks; the problems found, here or by
 * the service, go beside their options.
 */
function submitUse(
  { command, channel, me, onUsed }: CommandFormProps,
  values: Values,
  setProblems: (problems: Record<string, string>) => void,
  setError: (error: string) => void,
) {
  const options = command.options;
  return async (event: Event) => {
    event.preventDefault();
    const found = problemsOf(options, values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const given = options.filter((o) => values[o.name] !== undefined && values[o.name] !== "");
    try {
      const answer = await api<UseAnswer>("POST", `/dev/v1/channels/${channel.id}/interactions`, {
        as: me,
        body: {
          name: command.name,
          application_id: command.application_id,
          options: given.map((o) => ({ name: o.name, value: valueOf(o, values[o.name]!) })),
        },
      });
      onUsed(answer);
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.code === "invalid_options") {
        const { byOption, general } = optionRefusal(failure.errors, given);
        setProblems({ ...byOption });
        setError(general.length > 0 ? general.join("; ") : "The service refused these options.");
      } else setError(describe(failure));
    }
  };
}
