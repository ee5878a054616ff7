import { useState } from "preact/hooks";
import {
  api,
  ApiFailure,
  type ChannelView,
  type Command,
  type CommandOption,
  describe,
  type GuildView,
  type World,
} from "./api";
import { Alert } from "./alert";

/** Option type numbers of the interface. */
const TYPE_NAMES: Record<number, string> = {
  3: "text",
  4: "integer",
  5: "true/false",
  6: "user",
  7: "channel",
  8: "role",
  10: "number",
};

/** The limits of an option, as the form says them. */
function limits(option: CommandOption): string {
  const parts: string[] = [TYPE_NAMES[option.type] ?? `type ${option.type}`];
  if (option.min_length !== undefined || option.max_length !== undefined)
    parts.push(`${option.min_length ?? 0}–${option.max_length ?? 6000} characters`);
  if (option.min_value !== undefined) parts.push(`≥ ${option.min_value}`);
  if (option.max_value !== undefined) parts.push(`≤ ${option.max_value}`);
  if (option.required) parts.push("required");
  return parts.join(", ");
}

/** Checks one value as the service would, before sending; returns the problem or null. */
export function checkOption(option: CommandOption, raw: string | boolean | undefined): string | null {
  if (raw === undefined || raw === "") return option.required ? "is required" : null;
  if (option.type === 5) return null;
  const text = String(raw);
  if (option.type === 4 || option.type === 10) {
    const value = Number(text);
    if (!Number.isFinite(value)) return "must be a number";
    if (option.type === 4 && !Number.isInteger(value)) return "must be a whole number";
    if (option.min_value !== undefined && value < option.min_value)
      return `must be at least ${option.min_value}`;
    if (option.max_value !== undefined && value > option.max_value)
      return `must be at most ${option.max_value}`;
  }
  if (option.type === 3) {
    if (option.min_length !== undefined && text.length < option.min_length)
      return `must be at least ${option.min_length} characters`;
    if (option.max_length !== undefined && text.length > option.max_length)
      return `must be at most ${option.max_length} characters`;
  }
  if (option.choices && option.choices.length > 0 && !option.choices.some((c) => String(c.value) === text))
    return "must be one of the choices";
  return null;
}

function valueOf(option: CommandOption, raw: string | boolean): unknown {
  if (option.type === 5) return raw === true;
  if (option.type === 4 || option.type === 10) return Number(raw);
  return raw;
}

/** The form of a picked slash command: its options with types, choices and limits, checked here first. */
export function CommandForm({
  command,
  me,
  guild,
  world,
  onCancel,
  onUsed,
  channel,
}: {
  command: Command;
  me: string;
  guild: GuildView;
  channel: ChannelView;
  world: World | null;
  onCancel: () => void;
  onUsed: (answer: { id: string; state: string; notice?: string }) => void;
}) {
  const options = command.options;
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const members = (world?.members ?? []).filter((m) => m.guild_id === guild.id);
  const users = new Map((world?.users ?? []).map((u) => [u.id, u]));
  const roles = (world?.roles ?? []).filter((r) => r.guild_id === guild.id);
  /** What a list offers for an option: its choices, or the server's members, channels or roles. */
  const pickable = (option: CommandOption): { value: string; label: string }[] | null => {
    if (option.choices && option.choices.length > 0)
      return option.choices.map((c) => ({ value: String(c.value), label: c.name }));
    if (option.type === 6)
      return members.map((m) => ({ value: m.user_id, label: users.get(m.user_id)?.username ?? m.user_id }));
    if (option.type === 7) return guild.channels.map((c) => ({ value: c.id, label: `#${c.name}` }));
    if (option.type === 8) return roles.map((r) => ({ value: r.id, label: r.name }));
    return null;
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const option of options) {
      const problem = checkOption(option, values[option.name]);
      if (problem) found[option.name] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const given = options.filter((o) => values[o.name] !== undefined && values[o.name] !== "");
    try {
      const answer = await api<{ id: string; state: string; notice?: string }>(
        "POST",
        `/dev/v1/channels/${channel.id}/interactions`,
        {
          as: me,
          body: {
            name: command.name,
            application_id: command.application_id,
            options: given.map((o) => ({ name: o.name, value: valueOf(o, values[o.name]!) })),
          },
        },
      );
      onUsed(answer);
    } catch (failure) {
      // The service's own checks: `options.<i>.value` names the i-th option sent.
      if (failure instanceof ApiFailure && failure.code === "invalid_options") {
        const named: Record<string, string> = {};
        const general: string[] = [];
        for (const [path, messages] of Object.entries(failure.errors)) {
          const index = /^options\.(\d+)\./.exec(path)?.[1];
          const option = index === undefined ? undefined : given[Number(index)];
          if (option) named[option.name] = messages.join("; ");
          else general.push(...messages);
        }
        setProblems(named);
        setError(general.length > 0 ? general.join("; ") : "The service refused these options.");
      } else setError(describe(failure));
    }
  };

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
      {options.map((option) => {
        const list = pickable(option);
        return (
          <label key={option.name} class={problems[option.name] ? "option bad" : "option"}>
            <span class="option-name">
              {option.name}
              {option.required && <span class="required">*</span>}
            </span>
            {list ? (
              <select
                aria-label={option.name}
                value={String(values[option.name] ?? "")}
                onChange={(e) => set(option.name, e.currentTarget.value)}
              >
                <option value="">—</option>
                {list.map((item) => (
                  <option key={item.value} value={item.value}>
                    {item.label}
                  </option>
                ))}
              </select>
            ) : option.type === 5 ? (
              <input
                type="checkbox"
                aria-label={option.name}
                checked={values[option.name] === true}
                onChange={(e) => set(option.name, e.currentTarget.checked)}
              />
            ) : (
              <input
                aria-label={option.name}
                inputMode={option.type === 3 ? "text" : "decimal"}
                value={String(values[option.name] ?? "")}
                onInput={(e) => set(option.name, e.currentTarget.value)}
              />
            )}
            <span class="hint">
              {option.description} · {limits(option)}
            </span>
            {problems[option.name] && (
              <span class="error">
                {option.name} {problems[option.name]}
              </span>
            )}
          </label>
        );
      })}
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
