import { render } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiFailure, api, describe, type InspectorRecord, setDevKey, type User, type World } from "./api";
import { Chat } from "./chat";
import { Text } from "./fields";
import { ClockControl } from "./clock";
import { InspectorView } from "./inspector";
import { useLive } from "./live";
import { WorldView } from "./world";
import "./console.css";

type Tab = "chat" | "world" | "inspector";

const KEPT_RECORDS = 1_000;

/** The person chosen last time, if they still exist. */
function storedPerson(): string | null {
  try {
    return localStorage.getItem("chatbot-console:person");
  } catch {
    return null;
  }
}

function NewPerson({ onMade }: { onMade: (user: User) => void }) {
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <button type="button" class="link" onClick={() => setOpen(true)}>
        New person
      </button>
    );
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      const user = await api<User>("POST", "/dev/v1/users", { body: { username } });
      setOpen(false);
      setUsername("");
      setError(null);
      onMade(user);
    } catch (failure) {
      setError(describe(failure));
    }
  };
  return (
    <form class="inline" onSubmit={submit} aria-label="New person">
      <Text label="username" placeholder="username" value={username} set={setUsername} autoFocus />
      <button type="submit">Make</button>
      <button type="button" class="link" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error && <span class="error">{error}</span>}
    </form>
  );
}

function App() {
  const [tab, setTab] = useState<Tab>(() => (location.hash.slice(1) as Tab) || "chat");
  const [world, setWorld] = useState<World | null>(null);
  const [worldError, setWorldError] = useState<string | null>(null);
  const [me, setMe] = useState<string | null>(storedPerson);
  const [records, setRecords] = useState<InspectorRecord[]>([]);
  const lastSeq = useRef(0);
  /** Appends records newer than those kept (the stream and a catch-up read may both bring one). */
  const append = useCallback((more: InspectorRecord[]) => {
    setRecords((list) => {
      const after = list.at(-1)?.seq ?? 0;
      const fresh = more.filter((r) => r.seq > after);
      if (fresh.length === 0) return list;
      const next = [...list, ...fresh];
      lastSeq.current = next.at(-1)!.seq;
      return next.length > KEPT_RECORDS ? next.slice(next.length - KEPT_RECORDS) : next;
    });
  }, []);
  const live = useLive(useCallback((record: InspectorRecord) => append([record]), [append]));
  /** Reads the records the page has not seen yet (at first, and after the stream was broken). */
  const [inspectorError, setInspectorError] = useState<string | null>(null);
  const catchUp = useCallback(() => {
    const after = lastSeq.current === 0 ? "" : `&after=${lastSeq.current}`;
    api<{ records: InspectorRecord[] }>("GET", `/dev/v1/inspector?limit=500${after}`).then(
      (page) => {
        append(page.records);
        setInspectorError(null);
      },
      (failure: unknown) => setInspectorError(describe(failure)),
    );
  }, [append]);

  const loadWorld = useCallback(async () => {
    try {
      setWorld(await api<World>("GET", "/dev/v1/world"));
      setWorldError(null);
    } catch (failure) {
      setWorldError(describe(failure));
    }
  }, []);

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
    if (reset) {
      lastSeq.current = 0;
      setRecords([]);
      catchUp();
    } else if (reconnected) catchUp();
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
              {name === "chat" ? "Chat" : name === "world" ? "World" : "Inspector"}
            </button>
          ))}
        </nav>
        <label class="person">
          You are{" "}
          <select
            aria-label="You are"
            value={me ?? ""}
            onChange={(e) => setMe(e.currentTarget.value || null)}
          >
            {people.length === 0 && <option value="">nobody yet</option>}
            {people.map((p) => (
              <option value={p.id} key={p.id}>
                {p.name ? `${p.name} (${p.username})` : p.username}
              </option>
            ))}
          </select>
        </label>
        <NewPerson
          onMade={(user) => {
            setMe(user.id);
            void loadWorld();
          }}
        />
        <ClockControl version={live.version} />
        <span class={live.connected ? "live on" : "live"} title="Live updates from the server">
          {live.connected ? "live" : "offline"}
        </span>
      </header>
      {worldError && <p class="error banner">The dev API answered: {worldError}</p>}
      <main class="body">
        {tab === "chat" && <Chat me={me} world={world} live={live} />}
        {tab === "world" && <WorldView me={me} world={world} live={live} onChanged={loadWorld} />}
        {tab === "inspector" && <InspectorView records={records} world={world} error={inspectorError} />}
      </main>
    </div>
  );
}

/** Whether the dev API refuses the page for want of its key. */
async function refused(): Promise<boolean> {
  try {
    await api("GET", "/dev/v1/clock");
    return false;
  } catch (failure) {
    return failure instanceof ApiFailure && failure.status === 401;
  }
}

/**
 * Asks for the dev key when the server needs one (started with `--dev-key`), then shows the console.
 * On loopback without a key the dev API is open and the page goes straight in.
 */
function KeyGate() {
  const [state, setState] = useState<"checking" | "needed" | "open">("checking");
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void refused().then((no) => setState(no ? "needed" : "open"));
  }, []);
  if (state === "open") return <App />;
  if (state === "checking") return null;
  const submit = async (event: Event) => {
    event.preventDefault();
    setDevKey(key);
    if (await refused()) setError("The server refused that key.");
    else setState("open");
  };
  return (
    <form class="gate" onSubmit={submit} aria-label="The dev API's key">
      <strong class="brand">chatbot console</strong>
      <p>
        This server's dev API needs its key: the value given to <code>--dev-key</code>.
      </p>
      <input
        type="password"
        aria-label="Dev key"
        value={key}
        onInput={(e) => setKey(e.currentTarget.value)}
        autoFocus
      />
      <button type="submit">Open the console</button>
      {error && <p class="error">{error}</p>}
    </form>
  );
}

render(<KeyGate />, document.getElementById("app")!);
