import { describe, expect, it } from "vitest";
import { newProject, save, start } from "./dev-fixtures.js";
import { use } from "./dev-project.js";

// A conversation under `chatbot dev`: started by the code before a save, answered after it by the
// reloaded code (the store, .chatbot/state.db, and the connection outlive the reload).

const ASK = `import { Command, CommandContext, defineConversation } from "@chatbot/framework";

const VERSION = "v1";

export const askName = defineConversation<{ name?: string }, "name" | "colour">({
  name: "ask-name",
  first: "name",
  steps: {
    name: {
      ask: "What is your name?",
      answer: (message, c) => c.next("colour", { name: message.content }),
    },
    colour: {
      ask: (c) => \`Hello \${c.data.name} (\${VERSION}). Your favourite colour?\`,
      answer: (message, c) => c.end(\`\${c.data.name} likes \${message.content} (\${VERSION})\`),
    },
  },
});

@Command({ name: "ask", description: "Asks two questions" })
export class Ask {
  async run(ctx: CommandContext) {
    await askName.start(ctx);
  }
}
`;

describe("chatbot dev and conversations", () => {
  it(
    "keeps a conversation waiting across a save: the reloaded code takes the answer",
    { timeout: 90_000 },
    async () => {
      const project = newProject();
      project.write("src/ask.ts", ASK);
      project.edit(
        "src/bot.ts",
        "commands: [Ping, Echo]",
        "commands: [Ping, Echo, Ask], conversations: [askName]",
      );
      project.edit(
        "src/bot.ts",
        `import { Seen }`,
        `import { Ask, askName } from "./ask.js";\nimport { Seen }`,
      );
      const dev = await start(project);
      expect(await use(dev, project, "ask")).toEqual({ state: "answered", contents: ["What is your name?"] });

      await save(dev, project, "src/ask.ts", 'const VERSION = "v1";', 'const VERSION = "v2";');
      const { channels } = project.world();
      const url = `${dev.baseUrl}/dev/v1/channels/${channels.general}/messages`;
      const headers = { "content-type": "application/json", "x-dev-user": "alice" };
      const say = (content: string) =>
        fetch(url, { method: "POST", headers, body: JSON.stringify({ content }) });
      const messages = async () =>
        ((await (await fetch(`${url}?limit=20`, { headers })).json()) as Array<{ content: string }>).map(
          (m) => m.content,
        );
      const waitFor = async (text: string) => {
        for (let i = 0; i < 200 && !(await messages()).includes(text); i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await messages()).toContain(text);
      };

      await say("Ada");
      await waitFor("Hello Ada (v2). Your favourite colour?");
      await say("green");
      await waitFor("Ada likes green (v2)");
      // The answers were the conversation's: the listener that repeats every message saw neither.
      expect((await messages()).filter((m) => m.startsWith("seen"))).toEqual([]);
    },
  );
});
