import { useCallback, useEffect, useState } from "preact/hooks";
import { api, describe, type InspectorRecord, type World } from "./api";
import { useLive } from "./live";
import { ChatView } from "./panels/chat/chat-view";
import { InspectorView } from "./panels/inspector/inspector-view";
import { WorldView } from "./panels/world/world-view";
import { type Tab, TopBar } from "./top-bar";
import { useInspectorRecords } from "./use-inspector-records";

/** The person chosen last time, if they still exist. */
function storedPerson(): string | null {
  try {
    return localStorage.getItem("chatbot-console:person");
  } catch {
    return null;
  }
}

/** The world as the dev API's `GET /dev/v1/world` gives it, and how to read it again. */
function useWorld() {
  const [world, setWorld] = useState<World | null>(null);
  const [worldError, setWorldError] = useState<string | null>(null);
  const loadWorld = useCallback(async () => {
    try {
      setWorld(await api<World>("GET", "/dev/v1/world"));
      setWorldError(null);
    } catch (failure) {
      setWorldError(describe(failure));
    }
  }, []);
  return { world, worldError, loadWorld };
}

/** The console: the bar at the top and the tab open (chat, world editor or inspector). */
export function App() {
  const [tab, setTab] = useState<Tab>(() => (location.hash.slice(1) as Tab) || "chat");
  const { world, worldError, loadWorld } = useWorld();
  const [me, setMe] = useState<string | null>(storedPerson);
  const inspector = useInspectorRecords();
  const { append, catchUp } = inspector;
  const live = useLive(useCallback((record: InspectorRecord) => append([record]), [append]));

  useEffect(() => {
    void loadWorld();
    catchUp();
  }, [loadWorld, catchUp]);

  // Messages and interactions change often; the rest of the world is read again when it changes.
  useEffect(() => {
    if (live.version === 0) return;
    const { reset, reconnected, tables } = live.last;
    const other = tables.some((t) => !["messages", "interactions", "presence"].includes(t));
    if (reset || reconnected || other) void loadWorld();
    if (reset) inspector.restart();
    else if (reconnected) catchUp();
  }, [live.version, live.last, loadWorld, catchUp]);

  const people = (world?.users ?? []).filter((u) => !u.bot);
  useEffect(() => {
    if (!world) return;
    if (me === null || !people.some((p) => p.id === me)) setMe(people[0]?.id ?? null);
  }, [world]);
  useEffect(() => {
    if (me) localStorage.setItem("chatbot-console:person", me);
  }, [me]);
  useEffect(() => {
    location.hash = tab;
  }, [tab]);

  return (
    <div class="shell">
      <TopBar
        {...{ tab, setTab, me, setMe, people, live }}
        onMade={(user) => {
          setMe(user.id);
          void loadWorld();
        }}
      />
      {worldError && <p class="error banner">The dev API answered: {worldError}</p>}
      <main class="body">
        {tab === "chat" && <ChatView me={me} world={world} live={live} />}
        {tab === "world" && <WorldView me={me} world={world} live={live} onChanged={loadWorld} />}
        {tab === "inspector" && (
          <InspectorView records={inspector.records} world={world} error={inspector.error} />
        )}
      </main>
    </div>
  );
}
