import { afterAll, expect, it } from "vitest";
import { DevProject, waitFor } from "./dev-project.js";
import { type ServerProcess, startServerProcess } from "./run-cli.js";

// `chatbot dev` keeps where its connection stood in `.chatbot/state.db`: run again (here on a
// server of its own, which stays up), it reads back what was posted while it was stopped, and a
// hot reload reads back nothing.

const project = new DevProject({
  "src/bot.ts": `import { defineBot, Listener, On, RestClient, type EventContext, type EventPayload } from "@chatbot/framework";

@Listener()
class Seen {
  constructor(private readonly rest: RestClient) {}
  @On("MESSAGE_CREATE")
  async seen(message: EventPayload<"MESSAGE_CREATE">, ctx: EventContext<"MESSAGE_CREATE">) {
    if (message.author.bot) return;
    const how = ctx.recovered ? " (recovered)" : "";
    await this.rest.createMessage(message.channel_id, { content: \`seen v1: \${message.content}\${how}\` });
  }
}

export default defineBot({ listeners: [Seen], messageContent: true });
`,
});
const running: ServerProcess[] = [];
afterAll(() => {
  for (const process of running) process.child.kill("SIGKILL");
  project.remove();
});

async function stop(process: ServerProcess) {
  process.child.kill("SIGINT");
  expect((await process.exited).code).toBe(0);
}

it("reads back, once each, what was posted while it was stopped, and nothing on a hot reload", async () => {
  const server = await startServerProcess(["--port", "0", "--no-rate-limits"]);
  running.push(server);
  const say = async (content: string) => {
    const res = await fetch(
      `${server.baseUrl}/dev/v1/channels/${project.world().channels.general}/messages`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-user": "alice" },
        body: JSON.stringify({ content }),
      },
    );
    expect(res.status).toBe(201);
  };
  const replies = async () => {
    const general = project.world().channels.general;
    const res = await fetch(`${server.baseUrl}/dev/v1/channels/${general}/messages?limit=50`, {
      headers: { "x-dev-user": "alice" },
    });
    const all = ((await res.json()) as Array<{ content: string }>).map((m) => m.content).reverse();
    return all.filter((content) => content.startsWith("seen ")).join("\n");
  };

  const first = await project.dev(["--server-url", server.baseUrl]);
  running.push(first);
  await say("one");
  let text = "";
  const until = async (pattern: RegExp) => {
    for (let waited = 0; waited < 10_000 && !pattern.test(text); waited += 50) {
      text = await replies();
      if (!pattern.test(text)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text).toMatch(pattern);
  };
  await until(/seen v1: one$/);

  // A hot reload keeps the connection: nothing is read back.
  project.edit("src/bot.ts", "seen v1", "seen v2");
  await waitFor(first.stdout, /^reloaded src\/bot\.ts in \d+ ms/m);
  await say("two");
  await until(/seen v2: two$/);
  await stop(first);

  await say("while stopped");
  const again = await project.dev(["--server-url", server.baseUrl]);
  running.push(again);
  await until(/seen v2: while stopped \(recovered\)$/);
  await say("three");
  await until(/seen v2: three$/);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await replies()).toBe(
    ["seen v1: one", "seen v2: two", "seen v2: while stopped (recovered)", "seen v2: three"].join("\n"),
  );
  expect(again.stderr() + again.stdout()).toMatch(/reading back what was posted since the last process/);
  await stop(again);
});
