import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventsForIntents } from "@chatbot/server";
import { afterAll, describe, expect, it } from "vitest";
import { bash, codeBlock, codeSpans, readPage, REPO_ROOT, runModule, tableRows } from "./doc-blocks.js";
import { type ServerProcess, startReadyProcess, startServerProcess } from "./run-cli.js";

const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function startServer(args: readonly string[]): Promise<ServerProcess> {
  const server = await startServerProcess(["--port", "0", ...args]);
  servers.push(server);
  return server;
}

/** A JSON call to the server; answers the status and the parsed body (null when empty). */
async function call(
  server: ServerProcess,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: { "content-type": "application/json", ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === "" ? null : (JSON.parse(text) as Record<string, unknown>) };
}

describe("README.md", () => {
  const readme = readPage("README.md");

  it("has exactly two set-up commands: the example bot in chatbot dev, and the tests", () => {
    const setUp = readme.slice(
      readme.indexOf("## Set up"),
      readme.indexOf("\n## ", readme.indexOf("## Set up") + 1),
    );
    const commands = [...setUp.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());
    expect(commands).toEqual([
      "npm ci && npm run dev -w examples/polls",
      "bash scripts/install-test-deps.sh && npm ci && npm run test:lines",
    ]);
  });

  it("CI runs the README's test command exactly as written", () => {
    const ci = readFileSync(join(REPO_ROOT, ".ci/run"), "utf8");
    const lines = ci.split("\n").map((l) => l.trim());
    expect(lines).toContain("bash scripts/install-test-deps.sh && npm ci && npm run test:lines");
  });

  it("the example bot's command runs as written: chatbot dev starts, and the bot answers /poll", async () => {
    const line = codeBlock(readme, "README.md", "npm ci && npm run dev").trim();
    // `npm ci` is the setup this test run has already done; a free port instead of 8787.
    const [command, ...args] = line.split(" && ")[1]!.split(" ");
    const dev = await startReadyProcess(
      command!,
      [...args, "--", "--port", "0", "--no-prompt"],
      REPO_ROOT,
      60_000,
    );
    try {
      const world = JSON.parse(readFileSync(join(REPO_ROOT, "examples/polls/.chatbot/dev.json"), "utf8")) as {
        channels: Record<string, string>;
      };
      const used = await fetch(`${dev.baseUrl}/dev/v1/channels/${world.channels.general}/interactions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-user": "dev" },
        body: JSON.stringify({ name: "poll", options: [{ name: "question", value: "Lunch at noon?" }] }),
      });
      const { id } = (await used.json()) as { id: string };
      await expect
        .poll(
          async () =>
            ((await (await fetch(`${dev.baseUrl}/dev/v1/interactions/${id}`)).json()) as { state: string })
              .state,
          {
            timeout: 5_000,
          },
        )
        .toBe("answered");
    } finally {
      dev.child.kill("SIGTERM");
      await dev.exited;
    }
  });

  it("the demo server and the curl examples run as written", async () => {
    const start = codeBlock(readme, "README.md", "npx chatbot server");
    const args = start.trim().split("npx chatbot server ")[1]!.split(" ");
    const server = await startServer(
      args.map((arg) => (existsSync(join(REPO_ROOT, arg)) ? join(REPO_ROOT, arg) : arg)),
    );
    const curl = codeBlock(readme, "README.md", "curl -s localhost:8787");
    const run = bash(curl.replaceAll("localhost:8787", new URL(server.baseUrl).host));
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const [me, guilds] = run.stdout.replaceAll("}[", "}\n[").split("\n");
    expect(JSON.parse(me!)).toMatchObject({ username: "app_100000000000001001", bot: true });
    expect(JSON.parse(guilds!)).toEqual([{ id: "100000000000002001", name: "Demo Server", icon_id: null }]);
  });
});

describe("docs/reference-server.md", () => {
  it("the startServer example starts and closes a server with a seed file", () => {
    const guide = readPage("docs/reference-server.md");
    const code = codeBlock(
      guide,
      "docs/reference-server.md",
      'import { startServer } from "@chatbot/server"',
      "ts",
    );
    const run = runModule(code, { "world.json": readPage("examples/worlds/demo.json") });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("the DevClient example calls the dev API and reports a refused body with its field", () => {
    const code = codeBlock(
      readPage("docs/reference-server.md"),
      "docs/reference-server.md",
      'import { DevApiError, DevClient } from "@chatbot/protocol/dev"',
      "ts",
    );
    const run = runModule(code);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("ada hello\ncreateUser 400 [ 'must be lowercase letters, digits, _ or .' ]\n");
  });

  it("shows the demo world whole, as examples/worlds/demo.json holds it, and that world loads", async () => {
    const shown = codeBlock(
      readPage("docs/reference-server.md"),
      "docs/reference-server.md",
      '{\n  "version"',
      "json",
    );
    const file = readPage("examples/worlds/demo.json");
    expect(JSON.parse(shown), "copy examples/worlds/demo.json into the seed section whole").toEqual(
      JSON.parse(file),
    );
    const dir = mkdtempSync(join(tmpdir(), "docs-demo-"));
    dirs.push(dir);
    writeFileSync(join(dir, "world.json"), shown);
    const server = await startServer(["--seed", join(dir, "world.json")]);
    const me = await call(server, "GET", "/v1/users/@me", {
      headers: { authorization: "Bot demo-bot-token" },
    });
    expect(me.status).toBe(200);
    // The `version` key the page explains comes back in the world export.
    expect((await call(server, "GET", "/dev/v1/world")).body).toMatchObject({ version: 1 });
  });
});

describe("the dev API of docs/reference-server.md", () => {
  it("documents every /dev/v1 route of the server, each with exactly the methods it answers", async () => {
    const documented = devRoutesOf(readPage("docs/reference-server.md"));
    // The dev routes live in the server's feature folders and its dev-api/ folder: read every source.
    const folder = join(REPO_ROOT, "packages/server/src");
    const sources = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".ts"),
    );
    const served = new Set(
      sources.flatMap((file) =>
        [...readFileSync(join(folder, file), "utf8").matchAll(/path: "(\/dev\/v1\/[^"]*)"/g)].map((m) =>
          m[1]!.replace(/:\w+/g, "{}"),
        ),
      ),
    );
    expect([...documented.keys()].sort()).toEqual([...served].sort());
    const server = await startServer([]);
    for (const path of documented.keys()) {
      // Any method the route does not take answers 405 with the ones it takes in `Allow`; a path such
      // as `…/messages/bulk-delete` also matches `…/messages/{}`, so both routes' methods count.
      const url = path.replaceAll("{}", "100000000000000001");
      const res = await fetch(server.baseUrl + url, { method: "OPTIONS" });
      expect(res.status, path).toBe(405);
      const allowed = res.headers.get("allow")?.split(", ") ?? [];
      const matching = [...documented].filter(([other]) => matches(other, url));
      const methods = new Set(matching.flatMap(([, m]) => [...m]));
      expect([...methods].sort(), path).toEqual(allowed.sort());
    }
  });
});

/** Whether `url` is a path of the route `path` (whose parameters are `{}`). */
function matches(path: string, url: string): boolean {
  const want = path.split("/");
  const got = url.split("/");
  return want.length === got.length && want.every((part, i) => part === "{}" || part === got[i]);
}

/**
 * The `/dev/v1` routes a page names in code spans, each path (parameters as `{}`) with its methods.
 * Reads the page's shorthands: `` `PATCH` / `DELETE /dev/v1/x` `` and `` `…/emojis/{emoji_id}` ``
 * (the end of the previous path of the line replaced).
 */
function devRoutesOf(page: string): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const line of page.split("\n")) {
    let methods: string[] = [];
    let last = "";
    for (const span of codeSpans(line)) {
      const only = /^(GET|POST|PUT|PATCH|DELETE)$/.exec(span);
      if (only) {
        methods.push(only[1]!);
        continue;
      }
      const route = /^(GET|POST|PUT|PATCH|DELETE) ([^\s?]+)/.exec(span);
      if (!route) continue;
      let path = route[2]!;
      if (path.startsWith("…")) {
        const rest = path.slice(1);
        path = last.slice(0, last.lastIndexOf("/" + rest.split("/")[1]!)) + rest;
      }
      last = path;
      if (path.startsWith("/dev/v1/")) {
        const key = path.replace(/\{\w*\}/g, "{}");
        const known = routes.get(key) ?? new Set<string>();
        for (const method of [...methods, route[1]!]) known.add(method);
        routes.set(key, known);
      }
      methods = [];
    }
  }
  return routes;
}

describe("the validation examples of docs/protocol.md and the protocol package's README", () => {
  for (const page of ["docs/protocol.md", "packages/protocol/README.md"]) {
    it(`${page} prints the errors its comment shows`, () => {
      const code = codeBlock(readPage(page), page, "import { CreateMessageBodySchema", "ts");
      const run = runModule(code);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const shown = /\/\/ (\{.*\})$/m.exec(code)?.[1] ?? "";
      expect(JSON.parse(run.stdout)).toEqual(JSON.parse(shown));
    });
  }
});

describe("docs/scopes-and-intents.md", () => {
  const page = readPage("docs/scopes-and-intents.md");
  const routes = tableRows(page, "| Route | Scope |").map(([route, scope]) => ({
    route: codeSpans(route!)[0]!,
    scope: scope!.startsWith("none") ? null : codeSpans(scope!)[0]!,
  }));

  it("lists every /v1 route of the interface document, each once", () => {
    const iface = readPage("docs/interface.md");
    const listed = [...iface.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `(\/v1\/[^`]+)` \|/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    for (const [, method, suffix] of iface.matchAll(
      /^\| (GET|POST|PUT|PATCH|DELETE) \| `(\/commands[^`]*)` \|/gm,
    )) {
      listed.push(
        `${method} /v1/applications/@me${suffix}`,
        `${method} /v1/applications/@me/guilds/{guild_id}${suffix}`,
      );
    }
    expect(listed.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.route).sort()).toEqual(listed.sort());
  });

  it("each route answers 403 missing_scope naming its scope without it, and never with every scope", async () => {
    const server = await startServer(["--manual-clock", "--no-rate-limits"]);
    const ada = (await call(server, "POST", "/dev/v1/users", { body: { username: "ada" } })).body!;
    const guild = (await call(server, "POST", "/dev/v1/guilds", { body: { name: "Home", owner_id: ada.id } }))
      .body as { id: string; channels: Array<{ id: string }> };
    const channel = guild.channels[0]!.id;
    const permissions = [
      "view_channels",
      "send_messages",
      "read_message_history",
      "embed_links",
      "add_reactions",
    ];
    const token = async (name: string, scopes: string[]) => {
      const app = (
        await call(server, "POST", "/dev/v1/apps", { body: { name, privileged_intents: ["guild_members"] } })
      ).body as { application: { id: string }; token: string };
      const install = await call(server, "POST", `/dev/v1/guilds/${guild.id}/installs`, {
        headers: { "x-dev-user": String(ada.id) },
        body: { application_id: app.application.id, scopes, permissions },
      });
      expect(install.status).toBe(201);
      return app.token;
    };
    const allScopes = [...new Set(routes.flatMap((r) => (r.scope ? [r.scope] : [])))];
    const bare = await token("Bare", []);
    const full = await token("Full", allScopes);
    const posted = await call(server, "POST", `/dev/v1/channels/${channel}/messages`, {
      headers: { "x-dev-user": String(ada.id) },
      body: { content: "hello" },
    });
    const ids: Record<string, string> = {
      guild_id: guild.id,
      channel_id: channel,
      message_id: String(posted.body!.id),
      user_id: String(ada.id),
      emoji: encodeURIComponent("👍"),
      command_id: "100000000000000999",
      interaction_id: "100000000000000999",
    };
    const bodyOf = (method: string, path: string): unknown => {
      if (method === "PUT" && path.endsWith("/commands")) return [];
      if (method === "POST" && path.endsWith("/commands"))
        return { name: "ping", description: "Answers pong" };
      if (method === "PATCH" && path.includes("/commands/")) return { description: "Answers pong" };
      if (path.endsWith("/callback")) return { type: 4, data: { content: "pong" } };
      return method === "POST" || method === "PATCH" ? { content: "hi" } : undefined;
    };
    for (const { route, scope } of routes) {
      const [method, template] = route.split(" ") as [string, string];
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
      const body = bodyOf(method, template);
      const without = await call(server, method, path, { body, headers: { authorization: `Bot ${bare}` } });
      const withAll = await call(server, method, path, { body, headers: { authorization: `Bot ${full}` } });
      if (scope) {
        expect([without.status, without.body?.code, without.body?.scope], route).toEqual([
          403,
          "missing_scope",
          scope,
        ]);
      } else {
        expect(without.body?.code, route).not.toBe("missing_scope");
      }
      // A real route (not unknown_route or method_not_allowed) that every scope together opens.
      expect([without.status, withAll.status], route).not.toContain(405);
      expect([without.body?.code, withAll.body?.code], route).not.toContain("unknown_route");
      expect(withAll.body?.code, route).not.toBe("missing_scope");
    }
  });

  it("the intents table is what the gateway's intents filter lets through", () => {
    const always = eventsForIntents([]);
    const rows = tableRows(page, "| Intent | Events it carries |");
    for (const [intent, events] of rows) {
      const named = codeSpans(events!).filter((e) => /^[A-Z_]+$/.test(e));
      if (intent === "none needed") {
        expect(named.sort()).toEqual([...always].sort());
        continue;
      }
      const name = codeSpans(intent!)[0]! as Parameters<typeof eventsForIntents>[0][number];
      const gated = [...eventsForIntents([name])].filter((e) => !always.has(e));
      expect(named.sort(), name).toEqual(gated.sort());
    }
    expect(rows.length).toBe(8);
  });
});
