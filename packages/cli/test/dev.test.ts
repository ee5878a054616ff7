import { closeSync, openSync, readdirSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canLoadBuildsFromMemory } from "../src/dev/build-resolve.js";
import { BOT, GREETER, newProject, reloads, save, sessions, start } from "./dev-fixtures.js";
import { use, waitFor } from "./dev-project.js";

describe("chatbot dev", () => {
  it("prints the ready line, answers a command through DI, and reloads an edit on the same connection", async () => {
    const project = newProject();
    const dev = await start(project);
    expect(dev.stdout().split("\n")[0]).toMatch(
      /^ready base_url=(http:\/\/127\.0\.0\.1:\d+) gateway_url=ws:\/\/\S+ console_url=\1\/console\/$/,
    );

    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });
    await waitFor(
      dev.stdout,
      /\/ping by alice: answered, delivered \d+ ms after use, first callback after \d+ ms/,
    );

    const line = await save(dev, project, "src/greeter.ts", "pong v1", "pong v2");
    expect(line).toMatch(/^reloaded src\/greeter\.ts in \d+ ms, commands unchanged$/);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v2 for alice"] });
    // One gateway session the whole time: the reload did not identify again.
    expect(await sessions(dev, project)).toHaveLength(1);
  });

  it("re-syncs commands when their options change, and not for an unrelated edit", async () => {
    const project = newProject();
    const dev = await start(project);
    const changed = await save(
      dev,
      project,
      "src/commands/echo.ts",
      `@Option.string("text", "What to say") text: string`,
      `@Option.string("text", "What to say", { maxLength: 10 }) text: string`,
    );
    expect(changed).toMatch(
      /^reloaded src\/commands\/echo\.ts in \d+ ms, commands synced \(global: ~ echo \(options\.text\.max_length\)\)$/,
    );
    const refused = await fetch(
      `${dev.baseUrl}/dev/v1/channels/${project.world().channels.general}/interactions`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-user": "alice" },
        body: JSON.stringify({ name: "echo", options: [{ name: "text", value: "far too long for it" }] }),
      },
    );
    expect(refused.status).toBe(400);

    const unrelated = await save(dev, project, "src/commands/echo.ts", "echo: ", "echo! ");
    expect(unrelated).toMatch(/commands unchanged$/);
    expect(await use(dev, project, "echo", [{ name: "text", value: "hi" }])).toEqual({
      state: "answered",
      contents: ["echo! hi"],
    });
  });

  it("keeps the old code answering through a syntax error, printing where it is, until it is fixed", async () => {
    const project = newProject();
    const dev = await start(project);
    project.edit("src/greeter.ts", "return `pong v1", "return = `pong v1");
    const failed = await waitFor(
      dev.stderr,
      /reload of src\/greeter\.ts failed; the previous code keeps serving\n(.*)\n([^]*?)\n\s*\^?/,
    );
    expect(failed[1]).toMatch(/^src\/greeter\.ts:6:\d+: /);
    expect(dev.stderr()).toContain("> 6 |     return = `pong v1 for ${name}`;\n    |            ^");
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });

    const fixed = await save(dev, project, "src/greeter.ts", "return = `pong v1", "return `pong v3");
    expect(fixed).toMatch(/^reloaded src\/greeter\.ts in \d+ ms, commands unchanged$/);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v3 for alice"] });
  });

  it("holds an event that arrives during a reload and gives it to the new code once", async () => {
    const project = newProject();
    const dev = await start(project);
    const { channels } = project.world();
    // The new code takes a second to load (a top-level await), so the message surely comes meanwhile.
    project.write(
      "src/slow.ts",
      "export const loaded = await new Promise((r) => setTimeout(() => r(true), 1_000));\n",
    );
    project.edit(
      "src/bot.ts",
      `import { Seen } from "./listeners/seen.js";`,
      `import { Seen } from "./listeners/seen.js";\nimport "./slow.js";`,
    );
    await save(dev, project, "src/listeners/seen.ts", "seen v1", "seen v2");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = reloads(dev).length;
    // ... and this one arrives while the reload that makes it slow is under way.
    project.edit("src/listeners/seen.ts", "seen v2", "seen v3");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const posted = await fetch(`${dev.baseUrl}/dev/v1/channels/${channels.general}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dev-user": "alice" },
      body: JSON.stringify({ content: "during" }),
    });
    expect(posted.status).toBe(201);
    expect(reloads(dev).length).toBe(before); // still reloading when the message was posted
    await waitFor(() => (reloads(dev).length > before ? "yes" : ""), /yes/);
    const list = async () => {
      const res = await fetch(`${dev.baseUrl}/dev/v1/channels/${channels.general}/messages?limit=20`, {
        headers: { "x-dev-user": "alice" },
      });
      return ((await res.json()) as Array<{ content: string }>).map((m) => m.content);
    };
    for (let i = 0; i < 20 && !(await list()).includes("seen v3: during"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = (await list()).filter((c) => c.endsWith(": during"));
    expect(seen).toEqual(["seen v3: during"]);
  });

  it("stops everything on Ctrl-C within 2 s, leaving nothing on its port", async () => {
    const project = newProject();
    const dev = await start(project);
    const asked = Date.now();
    dev.child.kill("SIGINT");
    const exit = await dev.exited;
    expect(Date.now() - asked).toBeLessThan(2_000);
    expect(exit.code).toBe(0);
    await expect(fetch(`${dev.baseUrl}/v1/gateway`)).rejects.toThrow();
  });
});

describe("chatbot dev under quick saves", () => {
  it("always ends on what is on disk: two saves 35 ms apart, then 20 saves 10 ms apart", async () => {
    const project = newProject();
    const dev = await start(project);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });
    const greeter = (version: string) => GREETER.replace("pong v1", `pong ${version}`);
    const settle = async (version: string) => {
      // Whatever the reloads, the last one must answer with the last content saved.
      for (let i = 0; i < 100; i++) {
        const answer = await use(dev, project, "ping");
        if (answer.contents[0] === `pong ${version} for alice`) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await use(dev, project, "ping")).contents).toEqual([`pong ${version} for alice`]);
    };
    for (let pair = 0; pair < 3; pair++) {
      project.write("src/greeter.ts", greeter(`a${pair}`));
      await new Promise((resolve) => setTimeout(resolve, 35));
      project.write("src/greeter.ts", greeter(`b${pair}`));
      await settle(`b${pair}`);
    }
    for (let i = 0; i < 20; i++) {
      project.write("src/greeter.ts", greeter(`burst${i}`));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await settle("burst19");
    // Where the code thread loads builds from memory (Node 22.15 and later) none is written;
    // elsewhere only the running generation's build is kept: not one folder per save (the one
    // before it goes once the new generation has taken over, a moment after it answers).
    const kept = canLoadBuildsFromMemory ? 0 : 1;
    await expect.poll(() => readdirSync(join(project.root, ".chatbot", "build"))).toHaveLength(kept);
  });

  it("waits for a save caught between its truncate and its write, and reloads once", async () => {
    const project = newProject();
    const dev = await start(project);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });
    // A writeFile on a busy machine: the file is emptied, and its text comes 60 ms later.
    const file = openSync(join(project.root, "src", "greeter.ts"), "w");
    await new Promise((resolve) => setTimeout(resolve, 60));
    writeSync(file, GREETER.replace("pong v1", "pong v2"));
    closeSync(file);
    await waitFor(() => (reloads(dev).length > 0 ? "yes" : ""), /yes/);
    expect((await use(dev, project, "ping")).contents).toEqual(["pong v2 for alice"]);
    // One build, of the text written: not one of the empty file, which could not be imported.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reloads(dev)).toEqual([expect.stringMatching(/^reloaded src\/greeter\.ts in \d+ ms/)]);
    expect(dev.stderr()).not.toMatch(/failed/);
  });
});

describe("chatbot dev when a reload needs more intents", () => {
  const listener = (name: string, event: string) => `import { Listener, On } from "@chatbot/framework";

@Listener()
export class ${name} {
  @On("${event}")
  noted() {}
}
`;

  it("widens the install in place: no message posted meanwhile is lost", async () => {
    const project = newProject();
    // The bot notes each message it hears in a file (answering each would meet the channel's rate
    // limit, 5 posts per 5 s, and slow the test down to it).
    project.write(
      "src/listeners/seen.ts",
      `import { appendFileSync } from "node:fs";
import { Listener, On, type EventPayload } from "@chatbot/framework";

@Listener()
export class Seen {
  @On("MESSAGE_CREATE")
  seen(message: EventPayload<"MESSAGE_CREATE">) {
    appendFileSync("heard.txt", \`seen v1: \${message.content}\\n\`);
  }
}
`,
    );
    project.write("src/listeners/reacts.ts", listener("Reacts", "MESSAGE_REACTION_ADD"));
    project.write("src/listeners/bans.ts", listener("Bans", "GUILD_BAN_ADD"));
    // (Not GUILD_EMOJIS_UPDATE: every bot asks for guild_expressions already, for its world view.)
    project.write("src/listeners/members.ts", listener("Members", "GUILD_MEMBER_ADD"));
    const dev = await start(project);
    const { channels } = project.world();
    const post = (content: string) =>
      fetch(`${dev.baseUrl}/dev/v1/channels/${channels.general}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-user": "alice" },
        body: JSON.stringify({ content }),
      });
    // alice posts without pause (four posts in flight) while three saves each ask for a new intent.
    let posting = true;
    let sent = 0;
    const poster = async () => {
      while (posting) await post(`m${sent++}`);
    };
    const posters = Promise.all([poster(), poster(), poster(), poster()]);
    const listeners = ["Seen"];
    for (const name of ["Reacts", "Bans", "Members"]) {
      listeners.push(name);
      const imports = listeners
        .filter((l) => l !== "Seen")
        .map((l) => `import { ${l} } from "./listeners/${l.toLowerCase()}.js";`)
        .join("\n");
      const before = reloads(dev).length;
      project.write(
        "src/bot.ts",
        BOT.replace(
          'import { Seen } from "./listeners/seen.js";',
          `import { Seen } from "./listeners/seen.js";\n${imports}`,
        ).replace("listeners: [Seen]", `listeners: [${listeners.join(", ")}]`),
      );
      await waitFor(() => (reloads(dev).length > before ? reloads(dev).at(-1)! : ""), /\(reconnected\)/);
    }
    posting = false;
    await posters;
    // Every message alice posted was seen by the bot (it answers each with "seen v1: <text>").
    const expected = Array.from({ length: sent }, (_, i) => `seen v1: m${i}`);
    let seen: string[] = [];
    for (let waited = 0; waited < 10_000; waited += 100) {
      seen = project.read("heard.txt").split("\n").filter(Boolean);
      if (expected.every((s) => seen.includes(s))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect({ sent, unexpected: seen.filter((s) => !expected.includes(s)) }).toEqual({ sent, unexpected: [] });
    expect(
      expected.filter((s) => !seen.includes(s)),
      dev.stdout() + dev.stderr(),
    ).toEqual([]);
    expect(sent).toBeGreaterThan(5);
  });
});
