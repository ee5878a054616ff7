// chatbot dev keeps the bot's world view across saves, a fresh code thread included (issue 39).
import { describe, expect, it } from "vitest";
import { newProject, save, sessions, start } from "./dev-fixtures.js";
import { use } from "./dev-project.js";

const WHERE = `import { threadId } from "node:worker_threads";
import { Command, CommandContext } from "@chatbot/framework";
import { Greeter } from "../greeter.js";

@Command({ name: "where", description: "Says where it was used, from the bot's world view" })
export class Where {
  constructor(private readonly greeter: Greeter) {}
  async run(ctx: CommandContext) {
    const server = ctx.server;
    const met = server?.members.user(ctx.user.id)?.username;
    await ctx.reply(\`\${this.greeter.greet("w")}: \${server?.name} #\${ctx.channel?.name} met \${met} thread \${threadId}\`);
  }
}
`;

describe("chatbot dev and the bot's world", () => {
  it("keeps the view across saves and a fresh code thread, and follows the world meanwhile", async () => {
    const project = newProject();
    project.write("src/commands/where.ts", WHERE);
    project.edit("src/bot.ts", "commands: [Ping, Echo]", "commands: [Ping, Echo, Where]");
    project.edit(
      "src/bot.ts",
      `import { Seen }`,
      `import { Where } from "./commands/where.js";\nimport { Seen }`,
    );
    const dev = await start(project, ["--recycle-after", "2"]);
    const { channels, people, token } = project.world();
    const channel = (await (
      await fetch(`${dev.baseUrl}/v1/channels/${channels.general}`, {
        headers: { authorization: `Bot ${token}` },
      })
    ).json()) as { guild_id: string };
    const rename = async (name: string) => {
      const res = await fetch(`${dev.baseUrl}/dev/v1/guilds/${channel.guild_id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", "x-dev-user": people.dev! },
        body: JSON.stringify({ name }),
      });
      expect(res.status).toBe(200);
    };
    // A rename reaches the bot as GUILD_UPDATE, merged by the server up to 300 ms: asked again until then.
    const where = async (server: string) => {
      for (let tries = 0; ; tries++) {
        const outcome = await use(dev, project, "where");
        const match = /^pong (v\d+) for w: (.+) #general met alice thread (\d+)$/.exec(
          outcome.contents[0] ?? "",
        );
        expect(match, JSON.stringify(outcome)).not.toBeNull();
        if (match![2] === server || tries === 10) {
          return { version: match![1], server: match![2], thread: Number(match![3]) };
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await rename("Before the saves");
    const first = await where("Before the saves");
    expect(first).toMatchObject({ version: "v1", server: "Before the saves" });
    await save(dev, project, "src/greeter.ts", "pong v1", "pong v2");
    expect(await where("Before the saves")).toEqual({
      version: "v2",
      server: "Before the saves",
      thread: first.thread,
    });
    // Renamed between builds: the running view follows.
    await rename("Between the saves");
    await save(dev, project, "src/greeter.ts", "pong v2", "pong v3");
    // A fresh thread (past --recycle-after 2) starts from the host's view: nothing is lost.
    const third = await where("Between the saves");
    expect(third).toMatchObject({ version: "v3", server: "Between the saves" });
    expect(third.thread).not.toBe(first.thread);
    await rename("After the saves");
    expect(await where("After the saves")).toMatchObject({
      version: "v3",
      server: "After the saves",
      thread: third.thread,
    });
    expect(await sessions(dev, project)).toHaveLength(1);
  });
});
