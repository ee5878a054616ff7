import type { User } from "./api";
import { ClockControl } from "./clock";
import type { Live } from "./live";
import { NewPerson } from "./new-person";

/** The console's views, one per tab. */
export type Tab = "chat" | "world" | "inspector";

const TAB_NAMES: Record<Tab, string> = { chat: "Chat", world: "World", inspector: "Inspector" };

/** The bar at the top: the tabs, who the person is, a new person, the clock and whether it is live. */
export function TopBar({
  tab,
  setTab,
  me,
  setMe,
  people,
  onMade,
  live,
}: {
  tab: Tab;
  setTab: (tab: Tab) => void;
  me: string | null;
  setMe: (id: string | null) => void;
  people: User[];
  onMade: (user: User) => void;
  live: Live;
}) {
  return (
    <header class="top">
      <strong class="brand">chatbot console</strong>
      <nav class="tabs" aria-label="Views">
        {(["chat", "world", "inspector"] as const).map((name) => (
          <button
            type="button"
            key={name}
            class={tab === name ? "tab active" : "tab"}
            aria-pressed={tab === name}
            onClick={() => setTab(name)}
          >
            {TAB_NAMES[name]}
          </button>
        ))}
      </nav>
      <label class="person">
        You are{" "}
        <select aria-label="You are" value={me ?? ""} onChange={(e) => setMe(e.currentTarget.value || null)}>
          {people.length === 0 && <option value="">nobody yet</option>}
          {people.map((p) => (
            <option value={p.id} key={p.id}>
              {p.name ? `${p.name} (${p.username})` : p.username}
            </option>
          ))}
        </select>
      </label>
      <NewPerson onMade={onMade} />
      <ClockControl version={live.version} />
      <span class={live.connected ? "live on" : "live"} title="Live updates from the server">
        {live.connected ? "live" : "offline"}
      </span>
    </header>
  );
}
