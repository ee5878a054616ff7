import type { CommandOption, GuildView, World } from "../../api";
import { optionLimits } from "@chatbot/protocol/dev";

/** One entry of a list an option offers. */
export interface Pickable {
  value: string;
  label: string;
}

/** What a list offers for an option: its choices, or the server's members, channels or roles; null for a box. */
export function pickable(option: CommandOption, guild: GuildView, world: World | null): Pickable[] | null {
  if (option.choices && option.choices.length > 0)
    return option.choices.map((c) => ({ value: String(c.value), label: c.name }));
  if (option.type === 6) {
    const users = new Map((world?.users ?? []).map((u) => [u.id, u]));
    return (world?.members ?? [])
      .filter((m) => m.guild_id === guild.id)
      .map((m) => ({ value: m.user_id, label: users.get(m.user_id)?.username ?? m.user_id }));
  }
  if (option.type === 7) return guild.channels.map((c) => ({ value: c.id, label: `#${c.name}` }));
  if (option.type === 8)
    return (world?.roles ?? [])
      .filter((r) => r.guild_id === guild.id)
      .map((r) => ({ value: r.id, label: r.name }));
  return null;
}

/** One option of a command's form: a list, a box to tick or one to type in, its limits and its problem. */
export function OptionField({
  option,
  list,
  value,
  problem,
  set,
}: {
  option: CommandOption;
  list: Pickable[] | null;
  value: string | boolean | undefined;
  problem: string | undefined;
  set: (name: string, value: string | boolean) => void;
}) {
  return (
    <label class={problem ? "option bad" : "option"}>
      <span class="option-name">
        {option.name}
        {option.required && <span class="required">*</span>}
      </span>
      {list ? (
        <select
          aria-label={option.name}
          value={String(value ?? "")}
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
          checked={value === true}
          onChange={(e) => set(option.name, e.currentTarget.checked)}
        />
      ) : (
        <input
          aria-label={option.name}
          inputMode={option.type === 3 ? "text" : "decimal"}
          value={String(value ?? "")}
          onInput={(e) => set(option.name, e.currentTarget.value)}
        />
      )}
      <span class="hint">
        {option.description} · {optionLimits(option)}
      </span>
      {problem && (
        <span class="error">
          {option.name} {problem}
        </span>
      )}
    </label>
  );
}
