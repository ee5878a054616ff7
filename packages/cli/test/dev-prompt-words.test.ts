import {
  closeSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join, relative } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DevProject } from "./dev-project.js";
import { codeBlock, readPage, REPO_ROOT } from "./doc-blocks.js";
import { DevTerminal, hasScript } from "./terminal.js";

const ECHO = `import { Command, CommandContext, Option } from "@chatbot/framework";

@Command({ name: "echo", description: "Says it back" })
export class Echo {
  async run(ctx: CommandContext, @Option.string("text", "What to say") text: string) {
    await ctx.reply(\`echo: \${text}\\nsecond line\\nthird line\`);
  }
}
`;

const ROLL = `import { Command, CommandContext, Option, type User } from "@chatbot/framework";

@Command({ name: "roll", description: "Rolls a die" })
export class Roll {
  async run(
    ctx: CommandContext,
    @Option.integer("sides", "How many sides", { min: 2, max: 100 }) sides: number,
    @Option.user("for", "Who it is for", { optional: true }) person?: User,
  ) {
    await ctx.reply(\`\${person?.username ?? "you"}: \${sides}\`);
  }
}
`;

const BOT = `import { defineBot } from "@chatbot/framework";
import { Echo } from "./commands/echo.js";
import { Roll } from "./commands/roll.js";

export default defineBot({ commands: [Echo, Roll] });
`;

const projects: DevProject[] = [];
afterAll(() => {
  for (const project of projects) project.remove();
});

function newProject(): DevProject {
  const project = new DevProject({
    "src/commands/echo.ts": ECHO,
    "src/commands/roll.ts": ROLL,
    "src/notes.ts": "export const notes: string[] = [];\n",
    "src/bot.ts": BOT,
  });
  projects.push(project);
  return project;
}

/** How many times `text` holds `part`. */
const count = (text: string, part: string) => text.split(part).length - 1;

it.skipIf(!hasScript)(
  "the prompt lists and completes the bot's commands, says why a use is refused, reacts and indents",
  async () => {
    const project = newProject();
    const term = new DevTerminal(project.root);
    try {
      const [, baseUrl] = await term.waitFor(/ready base_url=(\S+)/, 0, 30_000);
      await term.waitFor(/You are dev in #general\./);
      // :help lists the bot's commands, each with its options.
      let at = term.text().length;
      term.type(":help\r");
      await term.waitFor(/Commands in #general:\n {2}\/echo text:<text> {2}Says it back\n/, at);
      await term.waitFor(/ {6}text: What to say \(text, required\)\n/, at);
      await term.waitFor(/ {2}\/roll sides:<integer> \[for:<@person>\] {2}Rolls a die\n/, at);
      await term.waitFor(
        / {6}sides: How many sides \(integer, ≥ 2, ≤ 100, required\)\n {6}for: Who it is for \(user\)/,
        at,
      );

      // Tab completes a command's name, then its options, then a person.
      at = term.text().length;
      term.type("/ec\t");
      await term.waitFor(/\/echo $/, at);
      term.type("te\t");
      await term.waitFor(/\/echo text:$/, at);
      term.type("hi\r");
      // A message of several lines: its later lines under its first.
      const [, number] = await term.waitFor(
        /\[(\d+)\] devbot \[bot\]: echo: hi\n {6}second line\n {6}third line\n/,
        at,
      );
      at = term.text().length;
      term.type("/roll s\t");
      await term.waitFor(/\/roll sides:$/, at);
      term.type("6 \t");
      await term.waitFor(/\/roll sides:6 for:$/, at);
      term.type("@al\t");
      await term.waitFor(/\/roll sides:6 for:@alice$/, at);
      term.type("\r");
      await term.waitFor(/devbot \[bot\]: alice: 6/, at);

      // Refusals in words: which rule, which option, what to write instead; never the raw answer.
      at = term.text().length;
      term.type("/nosuch\r");
      await term.waitFor(/\/nosuch: there is no command of that name here \(unknown_command\)\.\n/, at);
      await term.waitFor(/The commands here: \/echo, \/roll; :help lists them with their options/, at);
      term.type("/echo\r");
      await term.waitFor(
        / {2}\/echo was refused \(invalid_options\):\n {4}the required option "text" is missing\n/,
        at,
      );
      await term.waitFor(
        / {2}Write it as \/echo text:<text>\n {4}text: What to say \(text, required\)\n/,
        at,
      );
      term.type("/roll sides:1\r");
      await term.waitFor(/\/roll was refused \(invalid_options\):\n {4}sides: must be at least 2\n/, at);
      expect(term.text().slice(at)).not.toMatch(/POST \/dev|\{"/);

      // A reaction to the echo's answer, by its number, and to the last message printed.
      at = term.text().length;
      term.type(`:react ${number} 👍\r`);
      await term.waitFor(new RegExp(`dev reacted 👍 to \\[${number}\\]`), at);
      term.type(":as alice\r");
      await term.waitFor(/you are alice/, at);
      term.type(":react 🎲\r");
      await term.waitFor(/alice reacted 🎲 to \[\d+\]/, at);
      term.type(":react 99 👍\r");
      await term.waitFor(/no message \[99\] was printed here/, at);
      const { channels } = project.world();
      const listed = await fetch(`${baseUrl}/dev/v1/channels/${channels.general}/messages?limit=10`, {
        headers: { "x-dev-user": "dev" },
      });
      const messages = (await listed.json()) as {
        content: string;
        reactions?: { emoji: { name: string }; count: number }[];
      }[];
      const reactions = (content: RegExp) =>
        messages.find((m) => content.test(m.content))?.reactions?.map((r) => [r.emoji.name, r.count]);
      expect(reactions(/^echo: hi/)).toEqual([["👍", 1]]);
      expect(reactions(/^alice: 6/)).toEqual([["🎲", 1]]);
      term.type("\x03");
      expect(await term.exited).toBe(0);
    } finally {
      term.kill();
    }
  },
);

it.skipIf(!hasScript)(
  "one save gives one report, written in place or renamed over, and a removed file one reload",
  async () => {
    const project = newProject();
    const term = new DevTerminal(project.root, ["--no-typecheck"]);
    const echo = join(project.root, "src/commands/echo.ts");
    const broken = (n: number) =>
      `import { Command } from "@chatbot/framework";\nexport class Echo${n} {\n  run( {\n}\n`;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
    try {
      await term.waitFor(/You are dev in #general\./, 0, 30_000);
      // Truncated, then written a moment later (an editor's or a tool's writeFile).
      const file = openSync(echo, "r+");
      ftruncateSync(file, 0);
      await new Promise((resolve) => setTimeout(resolve, 20));
      writeSync(file, broken(1));
      closeSync(file);
      await term.waitFor(/reload of src\/commands\/echo\.ts failed; the previous code keeps serving\n/);
      await settle();
      // Written beside it and renamed over it (an editor's safe write).
      project.write("src/commands/echo.ts.tmp", broken(2));
      renameSync(`${echo}.tmp`, echo);
      await term.waitFor(/(reload of src\/commands\/echo\.ts failed[^]*){2}/);
      await settle();
      // Fixed, then a file removed: one reload each.
      project.write("src/commands/echo.ts", ECHO);
      await term.waitFor(/reloaded src\/commands\/echo\.ts in/);
      rmSync(join(project.root, "src/notes.ts"));
      await term.waitFor(/reloaded src\/notes\.ts in/);
      await settle();
      const text = term.text();
      expect(count(text, "reload of src/commands/echo.ts failed")).toBe(2);
      expect(count(text, "src/commands/echo.ts:5:1:")).toBe(2);
      expect(count(text, "reloaded src/commands/echo.ts in")).toBe(1);
      expect(count(text, "reloaded src/notes.ts in")).toBe(1);
      term.type("\x03");
      expect(await term.exited).toBe(0);
    } finally {
      term.kill();
    }
  },
);

/** The files of a folder of the repository (recursively), by their path from `base`. */
function filesBelow(folder: string, base = folder): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) Object.assign(files, filesBelow(path, base));
    else files[relative(base, path)] = readFileSync(path, "utf8");
  }
  return files;
}

/** Types each `> ` line of `walk` and waits for the lines shown after it, in order (others between). */
async function replay(term: DevTerminal, walk: string): Promise<void> {
  for (const step of walk.trimEnd().split(/^> /m).filter(Boolean)) {
    const [typed, ...shown] = step.split("\n");
    let from = term.text().length;
    term.type(`${typed}\r`);
    for (const line of shown) {
      const escaped = line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const found = await term.waitFor(new RegExp(`^${escaped}$`, "m"), from);
      from += found.index + line.length;
    }
  }
}

it.skipIf(!hasScript).each([
  ["docs/examples/polls.md", ['> /poll question:"Lunch at noon?" minutes:1']],
  ["docs/cli.md", ['> /poll question:"Lunch at noon?"\n', "> :help", "> /poll minutes:0"]],
])("%s: the poll bot at the prompt, as the page shows it", async (page, firsts) => {
  // The example's own sources, in a project of their own (its .chatbot/ is not touched).
  const project = new DevProject(
    filesBelow(join(REPO_ROOT, "examples/polls/src"), join(REPO_ROOT, "examples/polls")),
  );
  projects.push(project);
  project.write(
    "package.json",
    JSON.stringify({ name: "@chatbot-examples/polls", private: true, type: "module" }),
  );
  const term = new DevTerminal(project.root, ["--no-typecheck"]);
  try {
    await term.waitFor(/You are dev in #general\./, 0, 30_000);
    for (const first of firsts) await replay(term, codeBlock(readPage(page), page, first, "text"));
    term.type("\x03");
    expect(await term.exited).toBe(0);
  } finally {
    term.kill();
  }
});
