// The 50-file bot the dev-reload benchmark saves again and again: 24 commands, each with a service
// of its own, a listener and the entry, laid out as `npm create chat-bot` makes a project.

/** A bot of 50 files: 24 commands, each with a service of its own, a listener and the entry. */
export function fiftyFiles() {
  const files = {
    "package.json": JSON.stringify({ name: "bench-big-bot", private: true, type: "module" }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        // As the templates have it: without it the check also reads the DOM's types (2.3 MB).
        lib: ["ES2023"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        skipLibCheck: true,
        noEmit: true,
        types: ["node"],
      },
      include: ["src"],
    }),
    "src/version.ts": versionFile(0),
    "src/listeners/log.ts": `import { On } from "@chatbot/framework";\nexport class Log {\n  @On("MESSAGE_CREATE")\n  seen() {}\n}\n`,
  };
  const names = [];
  for (let i = 0; i < 24; i++) {
    names.push(`Cmd${i}`);
    files[`src/services/service${i}.ts`] =
      `import { singleton } from "@chatbot/framework";\nimport { Version } from "../version.js";\n@singleton()\nexport class Service${i} {\n  constructor(private readonly version: Version) {}\n  text(): string {\n    return this.version.value + " from ${i}";\n  }\n}\n`;
    files[`src/commands/cmd${i}.ts`] =
      `import { Command, CommandContext } from "@chatbot/framework";\nimport { Service${i} } from "../services/service${i}.js";\n@Command({ name: "${i === 0 ? "ping" : `cmd${i}`}", description: "Command ${i}" })\nexport class Cmd${i} {\n  constructor(private readonly service: Service${i}) {}\n  async run(ctx: CommandContext) {\n    await ctx.reply(this.service.text());\n  }\n}\n`;
  }
  files["src/bot.ts"] =
    `import { defineBot } from "@chatbot/framework";\nimport { Log } from "./listeners/log.js";\n${names.map((n, i) => `import { ${n} } from "./commands/cmd${i}.js";`).join("\n")}\nexport default defineBot({ commands: [${names.join(", ")}], listeners: [Log] });\n`;
  return files;
}

export function versionFile(i) {
  return `import { singleton } from "@chatbot/framework";\n@singleton()\nexport class Version {\n  readonly value = "v${i}";\n}\n`;
}
