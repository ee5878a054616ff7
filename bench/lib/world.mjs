// Builds a small world through the dev API, the way a developer would: a person, a server, an app
// installed with the scopes a bot needs, and some history.

async function dev(baseUrl, method, path, body, user) {
  const headers = { "content-type": "application/json" };
  if (user) headers["x-dev-user"] = user;
  const res = await fetch(`${baseUrl}/dev/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Returns `{ token, appId, guildId, channelId, ownerId }` for a world with `history` messages. */
export async function benchWorld(baseUrl, { history = 60, intents = ["guilds", "guild_messages"] } = {}) {
  const owner = await dev(baseUrl, "POST", "/users", { username: "bench_owner", name: "Bench Owner" });
  const guild = await dev(baseUrl, "POST", "/guilds", { name: "Bench", owner_id: owner.id });
  const app = await dev(baseUrl, "POST", "/apps", { name: "Bench bot" });
  await dev(
    baseUrl,
    "POST",
    `/guilds/${guild.id}/installs`,
    {
      application_id: app.application.id,
      scopes: ["commands", "messages.read", "messages.send", "reactions", "message_content"],
      intents,
      permissions: ["view_channels", "send_messages", "read_message_history", "embed_links"],
    },
    owner.id,
  );
  const channelId = guild.channels[0].id;
  for (let i = 0; i < history; i++) {
    await dev(
      baseUrl,
      "POST",
      `/channels/${channelId}/messages`,
      { content: `history message ${i}` },
      owner.id,
    );
  }
  return {
    token: app.token,
    appId: app.application.id,
    guildId: guild.id,
    channelId,
    ownerId: owner.id,
    dev,
  };
}

export { dev };
