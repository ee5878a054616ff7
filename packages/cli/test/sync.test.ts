import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { DevProject } from "./dev-project.js";
import { CHATBOT_BIN, REPO_ROOT, type ServerProcess, startServerProcess } from "./run-cli.js";

const DEMO = `${REPO_ROOT}examples/worlds/demo.json`;

const project = new DevProject({
  "src/bot.ts": `import { Command, CommandContext, defineBot, Option } from "@chatbot/framework";

@Command({ name: "roll", description: "Rolls a die" })
class Roll {
  async run(ctx: CommandContext, @Option.integer("sides", "Sides", { min: 2 }) sides: number) {
    await ctx.reply(String(1 + Math.floor(Math.random() * sides)));
  }
}

export default defineBot({ commands: [Roll] });
`,
});
let server: ServerProcess;
afterAll(() => {
  server?.child.kill("SIGKILL");
  project.remove();
});

function sync(args: readonly string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, [CHATBOT_BIN, "sync", ...args], {
    cwd: project.root,
    encoding: "utf8",
    timeout: 20_000,
    env: { ...process.env, ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function registered(): Promise<string[]> {
  const res = await fetch(`${server.baseUrl}/v1/applications/@me/commands`, {
    headers: { authorization: "Bot demo-bot-token" },
  });
  return ((await res.json()) as Array<{ name: string }>).map((c) => c.name);
}

describe("chatbot sync", () => {
  it("prints the plan with --dry-run and writes nothing; without it writes once; then has nothing to do", async () => {
    server = await startServerProcess(["--port", "0", "--seed", DEMO]);
    const env = { CHATBOT_TOKEN: "demo-bot-token", CHATBOT_BASE_URL: server.baseUrl };
    const before = await registered();

    const dry = sync(["--dry-run"], env);
    expect(dry.stdout).toBe("plan: global: + roll\ndry run: nothing written\n");
    expect(dry.status).toBe(0);
    expect(await registered()).toEqual(before);

    const wrote = sync([], env);
    expect(wrote.stdout).toBe("plan: global: + roll\nwritten: 1 scope(s), one PUT each\n");
    expect(await registered()).toEqual(["roll"]);

    expect(sync([], env).stdout).toBe("plan: commands unchanged\n");
  });

  it("names what is missing: the token, the address, the entry", () => {
    const noToken = sync([], { CHATBOT_TOKEN: "", CHATBOT_BASE_URL: "http://127.0.0.1:1" });
    expect(noToken.stderr).toBe(
      "chatbot sync: the bot token is missing: set CHATBOT_TOKEN or give --token\nRun `chatbot sync --help` to see the flags.\n",
    );
    expect(noToken.status).toBe(2);
    const noUrl = sync(["--token", "t"], { CHATBOT_BASE_URL: "" });
    expect(noUrl.stderr).toContain(
      "chatbot sync: the service's address is missing: set CHATBOT_BASE_URL or give --base-url\n",
    );
    const badUrl = sync(["--token", "t", "--base-url", "ftp://x"], {});
    expect(badUrl.stderr).toContain("chatbot sync: --base-url must be an http or https URL, got ftp://x\n");
    const noEntry = sync(["src/nope.ts", "--token", "t", "--base-url", "http://127.0.0.1:1"], {});
    expect(noEntry.stderr).toContain("chatbot sync: the entry src/nope.ts does not exist");
    expect(noEntry.status).toBe(2);
  });
});
