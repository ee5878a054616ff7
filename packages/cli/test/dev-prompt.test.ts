import { spawn, spawnSync } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { DevProject, waitFor } from "./dev-project.js";
import { CHATBOT_BIN } from "./run-cli.js";

const project = new DevProject({
  "src/bot.ts": `import { Command, CommandContext, defineBot, Listener, On, Option, RestClient, type EventPayload } from "@chatbot/framework";

@Command({ name: "secret", description: "Whispers" })
class Secret {
  async run(ctx: CommandContext, @Option.integer("n", "A number") n: number) {
    await ctx.reply({ content: \`psst \${n * 2}\`, ephemeral: true });
  }
}

@Listener()
class Echo {
  constructor(private readonly rest: RestClient) {}
  @On("MESSAGE_CREATE")
  async echo(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.author.bot) return;
    if (message.content === "remind me") {
      // Posted on its own two seconds later, not as an answer to anything.
      setTimeout(() => void this.rest.createMessage(message.channel_id, { content: "your reminder" }), 2_000);
      return;
    }
    await this.rest.createMessage(message.channel_id, { content: \`heard \${message.content}\` });
  }
}

export default defineBot({ commands: [Secret], listeners: [Echo], messageContent: true });
`,
});
afterAll(() => project.remove());

// util-linux `script` gives chatbot dev a terminal, as a developer's shell does (`exec`: without
// $SHELL, as in CI, dash would stay in between).
const hasScript = spawnSync("script", ["--version"]).status === 0;
it.skipIf(!hasScript)(
  "the prompt posts as the dev person, uses commands, switches person, and Ctrl-C stops",
  async () => {
    const command = `exec ${process.execPath} ${CHATBOT_BIN} dev --port 0`;
    const child = spawn("script", ["-qfec", command, "/dev/null"], {
      cwd: project.root,
      stdio: ["pipe", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const read = () => out;
    try {
      await waitFor(read, /You are dev in #general\./, 30_000);
      child.stdin.write("hello there\r");
      // The bot shows by its display name (the project's name), not app_<id>.
      await waitFor(read, /devbot \[bot\]: heard hello there/);
      child.stdin.write("/secret n:21\r");
      await waitFor(read, /devbot \[bot\] \(only you can see this\): psst 42/);
      // What the bot posts on its own, long after, shows too.
      child.stdin.write("remind me\r");
      await waitFor(read, /devbot \[bot\]: your reminder/, 10_000);
      // A reload's line goes above the prompt, never after "> ".
      project.edit("src/bot.ts", "psst", "pssst");
      await waitFor(read, /reloaded src\/bot\.ts/);
      expect(read()).not.toMatch(/> reloaded/);
      child.stdin.write(":as alice\r");
      await waitFor(read, /you are alice/);
      child.stdin.write("/secret n:nope\r");
      await waitFor(read, /invalid_options/);
      child.stdin.write("\x03");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  },
);
