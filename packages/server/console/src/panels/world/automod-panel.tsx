import { useState } from "preact/hooks";
import { api } from "../../api";
import { Text } from "../../fields";
import { Panel } from "./panel";
import type { PanelProps } from "./panel-props";
import { useRun } from "./use-run";

/** A server's AutoMod rules (keywords to block) and a form to make one. */
export function AutomodPanel({ me, world, guild, onChanged }: PanelProps) {
  const rules = (world.automod_rules ?? []).filter((r) => r.guild_id === guild.id);
  const [name, setName] = useState("");
  const [keywords, setKeywords] = useState("");
  const [exempt, setExempt] = useState(false);
  const { run, note } = useRun(onChanged);
  return (
    <Panel title="AutoMod rules">
      <ul>
        {rules.map((r) => (
          <li key={r.id}>
            <strong>{r.name}</strong>: {r.keywords.join(", ")}{" "}
            {r.exempt_webhooks && <span class="muted">(webhooks exempt)</span>}
          </li>
        ))}
      </ul>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() =>
            api("POST", `/dev/v1/guilds/${guild.id}/automod-rules`, {
              as: me,
              body: {
                name,
                keywords: keywords
                  .split(",")
                  .map((k) => k.trim())
                  .filter(Boolean),
                exempt_webhooks: exempt,
              },
            }),
          );
        }}
      >
        <Text label="Rule name" placeholder="rule name" value={name} set={(v) => setName(v)} />
        <Text
          label="Keywords"
          placeholder="keywords, comma separated"
          value={keywords}
          set={(v) => setKeywords(v)}
        />
        <label class="check">
          <input type="checkbox" checked={exempt} onChange={(e) => setExempt(e.currentTarget.checked)} />{" "}
          exempt webhooks
        </label>
        <button type="submit">Make rule</button>
      </form>
      {note}
    </Panel>
  );
}
