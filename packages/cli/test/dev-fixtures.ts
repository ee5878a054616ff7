// The project and helpers the `chatbot dev` tests share: a bot with a DI service, two commands and
// a listener, started under the real `chatbot dev`; every project and process is removed after the file.
import { afterAll } from "vitest";
import { DevProject, type ProjectTypeScript, waitFor } from "./dev-project.js";
import type { ServerProcess } from "./run-cli.js";

export const GREETER = `import { singleton } from "@chatbot/framework";

@singleton()
export class Greeter {
  greet(name: string): string {
    return \`pong v1 for \${name}\`;
  }
}
`;

// The command gets its service by constructor injection: this runs only if the transform of
// \`chatbot dev\` emits decorator metadata (esbuild and tsx do not).
export const PING = `import { Command, CommandContext } from "@chatbot/framework";
import { Greeter } from "../greeter.js";

@Command({ name: "ping", description: "Answers pong" })
export class Ping {
  constructor(private readonly greeter: Greeter) {}
  async run(ctx: CommandContext) {
    await ctx.reply(this.greeter.greet(ctx.user.username));
  }
}
`;

const ECHO = `import { Command, CommandContext, Option } from "@chatbot/framework";

@Command({ name: "echo", description: "Says it back" })
export class Echo {
  async run(ctx: CommandContext, @Option.string("text", "What to say") text: string) {
    await ctx.reply(\`echo: \${text}\`);
  }
}
`;

const SEEN = `import { Listener, On, RestClient, type EventPayload } from "@chatbot/framework";

@Listener()
export class Seen {
  constructor(private readonly rest: RestClient) {}
  @On("MESSAGE_CREATE")
  async seen(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.author.bot) return;
    await this.rest.createMessage(message.channel_id, { content: \`seen v1: \${message.content}\` });
  }
}
`;

export const BOT = `import { defineBot } from "@chatbot/framework";
import { Echo } from "./commands/echo.js";
import { Ping } from "./commands/ping.js";
import { Seen } from "./listeners/seen.js";

export default defineBot({ commands: [Ping, Echo], listeners: [Seen], messageContent: true });
`;

const projects: DevProject[] = [];
const running: ServerProcess[] = [];
afterAll(() => {
  for (const dev of running) dev.child.kill("SIGKILL");
  for (const project of projects) project.remove();
});

export function newProject(typescript?: ProjectTypeScript): DevProject {
  const project = new DevProject(
    {
      "src/greeter.ts": GREETER,
      "src/commands/ping.ts": PING,
      "src/commands/echo.ts": ECHO,
      "src/listeners/seen.ts": SEEN,
      "src/bot.ts": BOT,
    },
    typescript,
  );
  projects.push(project);
  return project;
}

/**
 * Makes `/echo text:boom` of `project` start a timer that throws a moment after the reply: an error
 * outside any handler, which ends the bot's code thread.
 */
export function echoBoomCrashes(project: DevProject): void {
  project.edit(
    "src/commands/echo.ts",
    "await ctx.reply(`echo: ${text}`);",
    `await ctx.reply(\`echo: \${text}\`);
    if (text === "boom") setTimeout(() => { throw new Error("a timer of the bot's own blew up"); }, 5);`,
  );
}

export async function start(project: DevProject, args: readonly string[] = []): Promise<ServerProcess> {
  const dev = await project.dev(args);
  running.push(dev);
  return dev;
}

export const reloads = (dev: ServerProcess) => dev.stdout().match(/^reloaded .*$/gm) ?? [];

/** Saves an edit and waits for the reload line it causes. */
export async function save(dev: ServerProcess, project: DevProject, path: string, from: string, to: string) {
  const before = reloads(dev).length;
  project.edit(path, from, to);
  await waitFor(() => (reloads(dev).length > before ? "yes" : ""), /yes/);
  return reloads(dev).at(-1)!;
}

export async function sessions(dev: ServerProcess, project: DevProject): Promise<unknown[]> {
  const res = await fetch(`${dev.baseUrl}/dev/v1/apps/${project.world().appId}/sessions`);
  return (await res.json()) as unknown[];
}

/** A project's `tsconfig.json` as the dev tests write it: decorators with metadata, `src` only. */
export function projectTsconfig(types: readonly string[]): string {
  return JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      skipLibCheck: true,
      types,
    },
    include: ["src"],
  });
}
