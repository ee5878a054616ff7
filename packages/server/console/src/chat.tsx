import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import {
  api,
  ApiFailure,
  type ChannelView,
  type Command,
  describe,
  type GuildView,
  type InteractionView,
  type Message,
  type World,
} from "./api";
import { CommandForm } from "./command-form";
import { Text } from "./fields";
import { type Live, touched, useLiveEffect } from "./live";
import { Alert } from "./alert";

/** Messages read per page when paging, and shown at first. */
const PAGE = 50;
/** Messages read per call when reading again what is shown (the API's most). */
const READ = 100;
/** The most messages on screen at once: paging further back drops the newest, and forth the oldest. */
const WINDOW = 250;

/** Orders snowflakes (decimal strings) as numbers. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function emojiKey(emoji: { name: string; id?: string | null }): string {
  return emoji.id ? `${emoji.name}:${emoji.id}` : emoji.name;
}

/** An embed's colour for CSS: a `#rrggbb` string as it is, a number as `#rrggbb`. */
function colorOf(value: string | number | undefined): string | undefined {
  return typeof value === "number" ? `#${value.toString(16).padStart(6, "0")}` : value;
}

/** A message's time of day (UTC) from its `created_at` in Unix milliseconds. */
function when(createdAt: number): string {
  return new Date(createdAt).toISOString().slice(11, 16);
}

/** A slash command use the person made from this page, until it is answered. */
interface Pending {
  id: string;
  name: string;
  app: string;
  state: InteractionView["state"];
  notice: string | null;
}

export function Chat({ me, world, live }: { me: string | null; world: World | null; live: Live }) {
  const [guilds, setGuilds] = useState<GuildView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [channelId, setChannelId] = useState<string | null>(() =>
    localStorage.getItem("chatbot-console:channel"),
  );

  useLiveEffect(
    live,
    (n) => touched(n, "guilds", "channels", "members", "roles", "categories", "bans"),
    () => {
      if (!me) return;
      api<GuildView[]>("GET", "/dev/v1/users/@me/guilds", { as: me }).then(
        (list) => {
          setGuilds(list);
          setError(null);
        },
        (failure: unknown) => setError(describe(failure)),
      );
    },
    [me],
  );

  const channels = (guilds ?? []).flatMap((g) => g.channels.map((c) => ({ guild: g, channel: c })));
  const current =
    channels.find((c) => c.channel.id === channelId) ?? channels.find((c) => c.channel.kind !== "voice");
  useEffect(() => {
    if (current) localStorage.setItem("chatbot-console:channel", current.channel.id);
  }, [current?.channel.id]);

  if (!me) return <p class="empty">Make a person first (New person, at the top).</p>;
  return (
    <div class="chat">
      <aside class="sidebar" aria-label="Servers and channels">
        {error && <p class="error">{error}</p>}
        {guilds?.length === 0 && <p class="muted">This person is in no server yet: add them in World.</p>}
        {guilds?.map((guild) => (
          <section key={guild.id} class="guild">
            <h2>{guild.name}</h2>
            {groupByCategory(guild).map(([category, list]) => (
              <div key={category ?? "none"}>
                {category && <h3>{category}</h3>}
                <ul>
                  {list.map((channel) => (
                    <li key={channel.id}>
                      <button
                        type="button"
                        class={current?.channel.id === channel.id ? "channel active" : "channel"}
                        onClick={() => setChannelId(channel.id)}
                        disabled={channel.kind === "voice"}
                      >
                        {channel.kind === "voice" ? "♪" : channel.kind === "announcement" ? "»" : "#"}{" "}
                        {channel.name}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
      </aside>
      {current ? (
        <ChannelPane
          key={`${me}:${current.channel.id}`}
          me={me}
          guild={current.guild}
          channel={current.channel}
          world={world}
          live={live}
        />
      ) : (
        <p class="empty">No channel this person can see.</p>
      )}
    </div>
  );
}

function groupByCategory(guild: GuildView): [string | null, ChannelView[]][] {
  const out: [string | null, ChannelView[]][] = [];
  const loose = guild.channels.filter((c) => c.category_id === null);
  if (loose.length > 0) out.push([null, loose]);
  for (const category of guild.categories) {
    const list = guild.channels.filter((c) => c.category_id === category.id);
    if (list.length > 0) out.push([category.name, list]);
  }
  return out;
}

/** The messages on screen: a window of the channel's history, at most {@link WINDOW} of them. */
interface History {
  /** Oldest first. */
  readonly messages: Message[];
  /** Whether older messages exist before the window. */
  readonly hasOlder: boolean;
  /** Whether newer messages exist after it (the person scrolled back far enough to drop them). */
  readonly hasNewer: boolean;
}

/** The snowflake just before `id`, so that `after=` includes `id` itself. */
function idBefore(id: string): string {
  return (BigInt(id) - 1n).toString();
}

function ChannelPane({
  me,
  guild,
  channel,
  world,
  live,
}: {
  me: string;
  guild: GuildView;
  channel: ChannelView;
  world: World | null;
  live: Live;
}) {
  const [history, setHistory] = useState<History>({ messages: [], hasOlder: false, hasNewer: false });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const list = useRef<HTMLDivElement>(null);
  /** Whether the view follows the newest message (it is scrolled to the bottom). */
  const stick = useRef(true);
  /** A message to keep in place on screen across the next change of the window. */
  const anchor = useRef<{ id: string; top: number } | null>(null);
  /** The window as the last change left it (the reads below run one at a time and start from it). */
  const shown = useRef(history);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const paging = useRef(false);
  const base = `/dev/v1/channels/${channel.id}/messages`;

  const read = (query: string) => api<Message[]>("GET", `${base}?${query}`, { as: me });
  const commit = (next: History) => {
    shown.current = next;
    setHistory(next);
  };
  /** Runs reads of the history one after another, so that none overwrites a newer one. */
  const enqueue = (step: () => Promise<void>): Promise<void> => {
    queue.current = queue.current
      .then(step)
      .then(
        () => setError(null),
        (failure: unknown) => setError(describe(failure)),
      )
      .finally(() => setLoading(false));
    return queue.current;
  };
  const keepInPlace = (id: string | undefined) => {
    const element = id ? list.current?.querySelector(`[data-message-id="${id}"]`) : null;
    anchor.current = id && element ? { id, top: element.getBoundingClientRect().top } : null;
  };

  /** The newest page, alone: at first, and to jump back to the present. */
  const loadNewest = async () => {
    const page = (await read(`limit=${PAGE}`)).reverse();
    stick.current = true;
    commit({ messages: page, hasOlder: page.length === PAGE, hasNewer: false });
  };

  /** Reads again what is shown (edits, deletions, reactions, pins) and, at the present, what came after. */
  const refresh = async () => {
    const { messages, hasOlder, hasNewer } = shown.current;
    if (messages.length === 0) return loadNewest();
    const newest = messages.at(-1)!.id;
    const fresh: Message[] = [];
    let cursor = idBefore(messages[0]!.id);
    let reachedEnd = false;
    for (let reads = 0; reads <= WINDOW / READ; reads++) {
      const page = (await read(`limit=${READ}&after=${cursor}`)).reverse();
      fresh.push(...page);
      if (page.length < READ) {
        reachedEnd = true;
        break;
      }
      cursor = page.at(-1)!.id;
      if (hasNewer && compareIds(cursor, newest) >= 0) break;
    }
    if (hasNewer) {
      commit({ messages: fresh.filter((m) => compareIds(m.id, newest) <= 0), hasOlder, hasNewer });
    } else if (!reachedEnd) {
      // More arrived than a window holds: show the present.
      await loadNewest();
    } else {
      const over = fresh.length - WINDOW;
      commit({
        messages: over > 0 ? fresh.slice(over) : fresh,
        hasOlder: hasOlder || over > 0,
        hasNewer: false,
      });
    }
  };

  const loadOlder = async () => {
    const { messages, hasOlder, hasNewer } = shown.current;
    if (!hasOlder || messages.length === 0) return;
    const page = (await read(`limit=${PAGE}&before=${messages[0]!.id}`)).reverse();
    keepInPlace(messages[0]!.id);
    const all = [...page, ...messages];
    stick.current = false;
    commit({
      messages: all.slice(0, WINDOW),
      hasOlder: page.length === PAGE,
      hasNewer: hasNewer || all.length > WINDOW,
    });
  };

  const loadNewer = async () => {
    const { messages, hasOlder, hasNewer } = shown.current;
    if (!hasNewer || messages.length === 0) return;
    const page = (await read(`limit=${PAGE}&after=${messages.at(-1)!.id}`)).reverse();
    keepInPlace(messages.at(-1)!.id);
    const all = [...messages, ...page];
    const over = all.length - WINDOW;
    commit({
      messages: over > 0 ? all.slice(over) : all,
      hasOlder: hasOlder || over > 0,
      hasNewer: page.length === PAGE,
    });
  };

  /** Pages on scroll, one read at a time. */
  const page = (step: () => Promise<void>) => {
    if (paging.current) return;
    paging.current = true;
    void enqueue(step).finally(() => (paging.current = false));
  };

  useLiveEffect(
    live,
    // A deletion may name no channel: a change of messages anywhere else is read again too.
    (n) =>
      n.channel_ids.includes(channel.id) ||
      touched(n, "members", "roles", "interactions") ||
      (n.channel_ids.length === 0 && touched(n, "messages", "reactions")),
    () => void enqueue(refresh),
    [base, me],
  );

  // The state of each pending command use, read again on every change and twice a second.
  const refreshPending = useCallback(async () => {
    const open = pending.filter((p) => p.state === "delivered" || p.state === "thinking");
    if (open.length === 0) return;
    const views = await Promise.all(
      open.map((p) => api<InteractionView>("GET", `/dev/v1/interactions/${p.id}`).catch(() => null)),
    );
    setPending((list) =>
      list
        .map((p) => {
          const view = views.find((v) => v?.id === p.id);
          return view ? { ...p, state: view.state, notice: view.notice } : p;
        })
        .filter((p) => p.state !== "answered"),
    );
    if (views.some((v) => v?.state === "answered")) void enqueue(refresh);
  }, [pending]);
  useEffect(() => {
    void refreshPending();
  }, [live.version, live.interactions]);
  useEffect(() => {
    if (!pending.some((p) => p.state === "delivered" || p.state === "thinking")) return;
    const timer = setInterval(() => void refreshPending(), 500);
    return () => clearInterval(timer);
  }, [pending, refreshPending]);

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const kept = anchor.current;
    anchor.current = null;
    const target = kept && element.querySelector(`[data-message-id="${kept.id}"]`);
    if (kept && target) element.scrollTop += target.getBoundingClientRect().top - kept.top;
    else if (stick.current) element.scrollTop = element.scrollHeight;
  }, [history, pending]);

  const { messages, hasOlder, hasNewer } = history;
  const byId = new Map(messages.map((m) => [m.id, m]));
  const act = async (method: string, path: string, body?: unknown) => {
    try {
      await api(method, path, { as: me, ...(body === undefined ? {} : { body }) });
      setError(null);
    } catch (failure) {
      setError(describe(failure));
      return;
    }
    await enqueue(refresh);
  };
  const toPresent = () => void enqueue(shown.current.hasNewer ? loadNewest : refresh);

  return (
    <section class="pane" aria-label={`#${channel.name}`}>
      <header class="pane-head">
        <h2>
          # {channel.name} <span class="muted">in {guild.name}</span>
        </h2>
        {channel.topic && <p class="muted">{channel.topic}</p>}
      </header>
      <div
        class="messages"
        ref={list}
        onScroll={(e) => {
          const el = e.currentTarget;
          const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          stick.current = atBottom && !shown.current.hasNewer;
          if (el.scrollTop < 60 && shown.current.hasOlder) page(loadOlder);
          else if (atBottom && shown.current.hasNewer) page(loadNewer);
        }}
      >
        <div class="spacer" />
        {hasOlder && (
          <button type="button" class="older" onClick={() => page(loadOlder)}>
            Load older messages
          </button>
        )}
        {loading && <p class="muted">Loading…</p>}
        {!loading && messages.length === 0 && pending.length === 0 && <p class="muted">No messages yet.</p>}
        {messages.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            me={me}
            replied={message.reply_to ? byId.get(message.reply_to) : undefined}
            act={act}
            onReply={() => setReplyTo(message)}
          />
        ))}
        {hasNewer && (
          <button type="button" class="older" onClick={() => page(loadNewer)}>
            Load newer messages
          </button>
        )}
        {pending.map((p) => (
          <div key={p.id} class={`notice ${p.state}`} role="status">
            <strong>/{p.name}</strong> {p.state === "delivered" && <span>sent to {p.app}…</span>}
            {p.state === "thinking" && <span>{p.app} is thinking…</span>}
            {p.notice === "app_did_not_respond" && <span>The app did not respond.</span>}
            {p.notice === "app_not_connected" && <span>The app is not connected.</span>}
            {(p.state === "unanswered" || p.state === "not_delivered") && (
              <button
                type="button"
                class="link"
                onClick={() => setPending((l) => l.filter((x) => x.id !== p.id))}
              >
                Dismiss
              </button>
            )}
          </div>
        ))}
      </div>
      {hasNewer && (
        <div class="back-bar" role="status">
          You are reading older messages.{" "}
          <button type="button" class="link" onClick={toPresent}>
            Jump to the newest
          </button>
        </div>
      )}
      <Alert text={error} />
      <Composer
        me={me}
        guild={guild}
        channel={channel}
        world={world}
        live={live}
        replyTo={replyTo}
        clearReply={() => setReplyTo(null)}
        onPosted={() => {
          stick.current = true;
          toPresent();
        }}
        onUsed={(p) => {
          stick.current = true;
          setPending((list) => [...list, p]);
          if (shown.current.hasNewer) toPresent();
        }}
      />
    </section>
  );
}

function MessageRow({
  message,
  me,
  replied,
  act,
  onReply,
}: {
  message: Message;
  me: string;
  replied: Message | undefined;
  act: (method: string, path: string, body?: unknown) => Promise<void>;
  onReply: () => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const ephemeral = ((message.flags ?? 0) & 64) !== 0;
  const path = `/dev/v1/channels/${message.channel_id}/messages/${message.id}`;
  const mine = message.author.id === me;
  const tag = message.webhook_id ? "WEBHOOK" : message.author.bot ? "BOT" : null;
  return (
    <article class={ephemeral ? "message ephemeral" : "message"} data-message-id={message.id}>
      {message.reply_to && (
        <div class="reply-quote">
          ↪{" "}
          {replied
            ? `${replied.author.name ?? replied.author.username}: ${replied.content.slice(0, 80)}`
            : "replying to an older message"}
        </div>
      )}
      {message.interaction && <div class="used">used /{message.interaction.name}</div>}
      <header>
        <span class="author">{message.author.name ?? message.author.username}</span>
        {tag && <span class={`tag ${tag.toLowerCase()}`}>{tag}</span>}
        <span class="time">{when(message.created_at)}</span>
        {message.edited_at !== null && <span class="muted">(edited)</span>}
        {message.pinned && <span class="pinned">pinned</span>}
        {!ephemeral && (
          <span class="actions">
            <button type="button" onClick={onReply}>
              Reply
            </button>
            <button type="button" aria-expanded={picking} onClick={() => setPicking(!picking)}>
              React
            </button>
            {mine && (
              <button type="button" onClick={() => setEditing(message.content)}>
                Edit
              </button>
            )}
            <button type="button" onClick={() => void act(message.pinned ? "DELETE" : "PUT", `${path}/pin`)}>
              {message.pinned ? "Unpin" : "Pin"}
            </button>
            <button type="button" onClick={() => void act("DELETE", path)}>
              Delete
            </button>
          </span>
        )}
      </header>
      {picking && (
        <EmojiPicker
          onPick={(emoji) => {
            setPicking(false);
            void act("PUT", `${path}/reactions/${encodeURIComponent(emoji)}`);
          }}
          onCancel={() => setPicking(false)}
        />
      )}
      {editing === null ? (
        message.content && <div class="content">{message.content}</div>
      ) : (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            void act("PATCH", path, { content: editing }).then(() => setEditing(null));
          }}
        >
          <Text label="Edit message" value={editing} set={setEditing} />
          <button type="submit">Save</button>
          <button type="button" class="link" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      )}
      {message.embeds.map((embed, i) => (
        <div key={i} class="embed" style={{ borderLeftColor: colorOf(embed.color) }}>
          {embed.title && <div class="embed-title">{embed.title}</div>}
          {embed.description && <div class="embed-description">{embed.description}</div>}
          {embed.fields && embed.fields.length > 0 && (
            <dl class="embed-fields">
              {embed.fields.map((field, j) => (
                <div key={j} class={field.inline ? "field inline" : "field"}>
                  <dt>{field.name}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {embed.footer && <div class="embed-footer">{embed.footer.text}</div>}
        </div>
      ))}
      {message.reactions.length > 0 && (
        <div class="reactions">
          {message.reactions.map((r) => (
            <button
              type="button"
              key={emojiKey(r.emoji)}
              class={r.me ? "reaction me" : "reaction"}
              disabled={ephemeral}
              onClick={() =>
                void act(
                  r.me ? "DELETE" : "PUT",
                  `${path}/reactions/${encodeURIComponent(emojiKey(r.emoji))}`,
                )
              }
            >
              {r.emoji.name} {r.count}
            </button>
          ))}
        </div>
      )}
      {ephemeral && <div class="only-you">Only you can see this</div>}
    </article>
  );
}

const QUICK_EMOJI = ["👍", "❤️", "😂", "🎉", "👀", "✅"];

/** A few common emoji, or any typed one (a server's custom emoji as `name:id`). */
function EmojiPicker({ onPick, onCancel }: { onPick: (emoji: string) => void; onCancel: () => void }) {
  const [typed, setTyped] = useState("");
  return (
    <form
      class="inline picker"
      aria-label="React with"
      onSubmit={(e) => {
        e.preventDefault();
        if (typed.trim()) onPick(typed.trim());
      }}
    >
      {QUICK_EMOJI.map((emoji) => (
        <button type="button" key={emoji} class="reaction" onClick={() => onPick(emoji)}>
          {emoji}
        </button>
      ))}
      <Text label="Other emoji" placeholder="other emoji" size={12} value={typed} set={setTyped} />
      <button type="submit">React</button>
      <button type="button" class="link" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function Composer({
  me,
  guild,
  channel,
  world,
  live,
  replyTo,
  clearReply,
  onPosted,
  onUsed,
}: {
  me: string;
  guild: GuildView;
  channel: ChannelView;
  world: World | null;
  live: Live;
  replyTo: Message | null;
  clearReply: () => void;
  onPosted: () => void;
  onUsed: (pending: Pending) => void;
}) {
  const [text, setText] = useState("");
  const [commands, setCommands] = useState<Command[] | null>(null);
  const [commandsError, setCommandsError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Command | null>(null);
  const [error, setError] = useState<string | null>(null);

  useLiveEffect(
    live,
    (n) => touched(n, "commands", "installs", "apps", "members", "roles", "channels"),
    () => {
      api<Command[]>("GET", `/dev/v1/channels/${channel.id}/commands`, { as: me }).then(
        (list) => {
          setCommands(list);
          setCommandsError(null);
        },
        (failure: unknown) => {
          setCommands([]);
          setCommandsError(failure instanceof ApiFailure ? failure.message : describe(failure));
        },
      );
    },
    [channel.id, me],
  );

  const typed = text.startsWith("/") && !picked ? text.slice(1).split(" ")[0]!.toLowerCase() : null;
  const matches = typed === null ? [] : (commands ?? []).filter((c) => c.name.startsWith(typed));

  const post = async (event: Event) => {
    event.preventDefault();
    if (picked) return;
    if (typed !== null && matches.length > 0) {
      setPicked(matches[0]!);
      return;
    }
    if (text.trim() === "") return;
    try {
      await api("POST", `/dev/v1/channels/${channel.id}/messages`, {
        as: me,
        body: { content: text, ...(replyTo ? { reply_to: replyTo.id } : {}) },
      });
      setText("");
      setError(null);
      clearReply();
      onPosted();
    } catch (failure) {
      setError(describe(failure));
    }
  };

  return (
    <div class="composer">
      {typed !== null && (
        <div class="command-list" role="listbox" aria-label="Commands">
          {commandsError && <p class="error">You cannot use commands here: {commandsError}</p>}
          {!commandsError && matches.length === 0 && <p class="muted">No command matches /{typed}.</p>}
          {matches.map((command) => (
            <button
              type="button"
              role="option"
              key={command.id}
              class="command"
              onClick={() => {
                setPicked(command);
                setText(`/${command.name}`);
              }}
            >
              <strong>/{command.name}</strong> <span class="muted">{command.description}</span>
              <span class="app">{command.app_name}</span>
            </button>
          ))}
        </div>
      )}
      {picked && (
        <CommandForm
          key={picked.id}
          command={picked}
          me={me}
          guild={guild}
          channel={channel}
          world={world}
          onCancel={() => {
            setPicked(null);
            setText("");
          }}
          onUsed={(answer) => {
            onUsed({
              id: answer.id,
              name: picked.name,
              app: picked.app_name,
              state: answer.state as Pending["state"],
              notice: answer.notice ?? null,
            });
            setPicked(null);
            setText("");
          }}
        />
      )}
      {replyTo && (
        <div class="replying">
          Replying to {replyTo.author.name ?? replyTo.author.username}{" "}
          <button type="button" class="link" onClick={clearReply}>
            Cancel
          </button>
        </div>
      )}
      {!picked && (
        <form class="send" onSubmit={post}>
          <input
            aria-label="Message"
            placeholder={`Message #${channel.name}, or / for commands`}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") setText("");
            }}
          />
          <button type="submit">Send</button>
        </form>
      )}
      <Alert text={error} />
    </div>
  );
}
