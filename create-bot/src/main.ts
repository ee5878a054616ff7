import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { hasNodeSqlite } from "@chatbot/kit/sqlite";
import * as prompts from "@clack/prompts";
import yargs from "yargs";
import { checkFolder, checkLocal, checkName, checkNodeLine, checkTemplate, CreateError } from "./checks.js";
import { firstCommit } from "./first-commit.js";
import { writeReleaseLock } from "./lockfile.js";
import { nextLine } from "./next-line.js";
import { renderTemplate } from "./render.js";
import {
  SHARED,
  type TemplateDescription,
  templateDescriptions,
  templateManifest,
  templatesFolder,
} from "./templates.js";

const PACKAGE_MANAGERS = ["npm", "pnpm", "yarn"] as const;
/** The better-sqlite3 a project made on a Node without node:sqlite depends on. */
export const BETTER_SQLITE3 = "^12.11.1";
type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** The generator's flags, declared once: registered with yargs and shown by `--help`. */
export const CREATE_OPTIONS = {
  template: {
    type: "string",
    requiresArg: true,
    describe: "The template to render (the templates are listed below)",
    default: "basic",
  },
  pm: {
    type: "string",
    requiresArg: true,
    choices: PACKAGE_MANAGERS,
    describe: "The package manager",
    default: "npm",
  },
  install: { type: "boolean", describe: "Install the dependencies (--no-install: do not)", default: true },
  git: {
    type: "boolean",
    describe: "Make a git repository with a first commit (--no-git: do not)",
    default: true,
  },
  yes: { type: "boolean", describe: "Take every default and ask nothing", default: false },
  local: {
    type: "string",
    requiresArg: true,
    describe: "Depend on the packages of this checkout of the chatbot repository (until they are published)",
  },
} as const;

interface Answers {
  name: string;
  template: string;
  pm: PackageManager;
  install: boolean;
  git: boolean;
}

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

/** `basic          A bot with /ping, …`: the name padded to the longest one's width, then its line. */
function templateLine(template: TemplateDescription, all: readonly TemplateDescription[]): string {
  const width = Math.max(...all.map((t) => t.name.length));
  return `${template.name.padEnd(width)}  ${template.description}`;
}

/** Asks, in a terminal, what the flags did not say; Ctrl-C answers null. */
async function ask(
  given: Partial<Answers>,
  templates: readonly TemplateDescription[],
): Promise<Answers | null> {
  prompts.intro("create-chat-bot");
  const name =
    given.name ??
    (await prompts.text({
      message: "Project name",
      placeholder: "my-bot",
      defaultValue: "my-bot",
      validate: (value) =>
        checkName(value || "my-bot") ?? checkFolder(resolve(value || "my-bot")) ?? undefined,
    }));
  if (prompts.isCancel(name)) return null;
  const template =
    given.template ??
    (await prompts.select({
      message: "Template",
      // Each template's line in its label, not its hint, which shows only on the focused option.
      options: templates.map((t) => ({ value: t.name, label: templateLine(t, templates) })),
      initialValue: "basic",
    }));
  if (prompts.isCancel(template)) return null;
  const pm =
    given.pm ??
    (await prompts.select({
      message: "Package manager",
      options: PACKAGE_MANAGERS.map((p) => ({ value: p, label: p })),
      initialValue: "npm" as PackageManager,
    }));
  if (prompts.isCancel(pm)) return null;
  const install =
    given.install ?? (await prompts.confirm({ message: "Install the dependencies?", initialValue: true }));
  if (prompts.isCancel(install)) return null;
  const git = given.git ?? (await prompts.confirm({ message: "Make a git repository?", initialValue: true }));
  if (prompts.isCancel(git)) return null;
  return { name, template, pm, install, git };
}

/** `create-chat-bot [name] [flags]`: asks what is missing (in a terminal), checks, renders, installs. */
export async function main(argv: readonly string[]): Promise<void> {
  const described = templateDescriptions();
  const templates = described.map((t) => t.name);
  const unsupported = checkNodeLine(process.versions.node);
  if (unsupported) process.stderr.write(`create-chat-bot: warning: ${unsupported}\n`);
  let flags;
  try {
    flags = await yargs([...argv])
      .scriptName("create-chat-bot")
      .usage("$0 [name]", "Make a new bot project", (y) =>
        y.positional("name", { type: "string", describe: "The project's name and folder" }),
      )
      .options(CREATE_OPTIONS)
      .strict()
      .fail((message, error) => {
        throw error ?? new CreateError(message);
      })
      .epilogue(
        `Templates (--template):\n${described.map((t) => `  ${templateLine(t, described)}`).join("\n")}`,
      )
      .version(version())
      .help()
      .parseAsync();
  } catch (error) {
    process.stderr.write(`create-chat-bot: ${error instanceof Error ? error.message : String(error)}\n`);
    process.stderr.write("Run `create-chat-bot --help` to see the flags.\n");
    process.exitCode = 2;
    return;
  }

  const explicit = (flag: string) =>
    argv.some((a) => a === `--${flag}` || a === `--no-${flag}` || a.startsWith(`--${flag}=`));
  const given: Partial<Answers> = {};
  if (typeof flags.name === "string") given.name = flags.name;
  if (flags.yes || explicit("template")) given.template = flags.template;
  if (flags.yes || explicit("pm")) given.pm = flags.pm as PackageManager;
  if (flags.yes || explicit("install")) given.install = flags.install;
  if (flags.yes || explicit("git")) given.git = flags.git;

  const fail = (message: string) => {
    process.stderr.write(`create-chat-bot: ${message}\n`);
    process.exitCode = 2;
  };
  if (given.name !== undefined) {
    const problem = checkName(given.name) ?? checkFolder(resolve(given.name));
    if (problem) return fail(problem);
  }
  if (given.template !== undefined) {
    const problem = checkTemplate(given.template, templates);
    if (problem) return fail(problem);
  }
  // The clone is checked before anything is asked, for what every template needs, and once the
  // template is known, for its own packages.
  const local = flags.local === undefined ? null : resolve(flags.local);
  if (local) {
    const problem = checkLocal(local, ["framework", "testing"]);
    if (problem) return fail(problem);
  }

  let answers: Answers | null;
  const complete =
    given.name !== undefined &&
    given.template &&
    given.pm &&
    given.install !== undefined &&
    given.git !== undefined;
  if (complete) answers = given as Answers;
  else if (process.stdin.isTTY && !flags.yes) answers = await ask(given, described);
  else if (given.name === undefined)
    return fail("give the project's name: create-chat-bot <name> (nothing is asked without a terminal)");
  else
    answers = {
      name: given.name,
      template: flags.template,
      pm: flags.pm as PackageManager,
      install: flags.install,
      git: flags.git,
    };
  if (!answers) {
    prompts.cancel("Stopped; nothing was written.");
    process.exitCode = 130;
    return;
  }

  const folder = resolve(answers.name);
  const spec = (pkg: string) => (local ? `file:${join(local, "packages", pkg)}` : `^${version()}`);
  const started = performance.now();
  const templateFolder = join(templatesFolder(), answers.template);
  const manifest = templateManifest(templateFolder);
  if (local) {
    const needs = ["framework", "testing", ...(manifest.shared ? ["cli"] : []), ...manifest.packages];
    const problem = checkLocal(local, needs);
    if (problem) return fail(problem);
  }
  // A Ctrl-C while writing or installing removes the half-made folder.
  const removeHalfMade = () => {
    rmSync(folder, { recursive: true, force: true });
    process.stderr.write(`\ncreate-chat-bot: stopped; removed ${folder}\n`);
    process.exit(130);
  };
  process.once("SIGINT", removeHalfMade);
  try {
    const data = {
      name: answers.name,
      template: answers.template,
      pm: answers.pm,
      generatorVersion: version(),
      // With --local the project also takes the checkout's vitest: @chatbot/testing, linked from
      // there, adds its matchers to that copy, and there must be only one.
      deps: {
        framework: spec("framework"),
        cli: spec("cli"),
        testing: spec("testing"),
        vitest: local ? `file:${join(local, "node_modules", "vitest")}` : "^4.1.12",
        vite: local ? `file:${join(local, "node_modules", "vite")}` : "^8.3.8",
        // The state store runs on node:sqlite where the Node running this has it; before, on
        // better-sqlite3. With --local the framework, linked from the checkout, finds the
        // checkout's copy (a file: link to it would make npm build it again in the checkout).
        betterSqlite3: hasNodeSqlite() || local ? null : BETTER_SQLITE3,
      },
      packages: Object.fromEntries(manifest.packages.map((p) => [`@chatbot/${p}`, spec(p)])),
      localPackages: local ? localPackagesNote(answers.pm, spec("cluster")) : "",
    };
    if (manifest.shared) renderTemplate(join(templatesFolder(), SHARED), folder, data);
    renderTemplate(templateFolder, folder, data);
    // npm's first install then reads the tree the release locked instead of working it out one
    // registry document at a time (a --local project links the checkout and has no such lock).
    if (answers.pm === "npm" && !local) writeReleaseLock(folder, answers.template);
    process.stdout.write(
      `created ${answers.name} from the ${answers.template} template in ${Math.round(performance.now() - started)} ms\n`,
    );
    if (answers.install) {
      const install = spawnSync(answers.pm, ["install"], { cwd: folder, stdio: "inherit" });
      if (install.status !== 0)
        throw new CreateError(
          install.error
            ? `${answers.pm} could not be run (${install.error.message}); the project is in ${folder}`
            : `${answers.pm} install failed (exit ${install.status}); the project is in ${folder}`,
        );
    }
    if (answers.git) firstCommit(folder, "A new bot from create-chat-bot");
  } catch (error) {
    if (!(error instanceof CreateError)) rmSync(folder, { recursive: true, force: true });
    // A refusal is a line, as the checks' are; the project stays for the user to look into.
    if (error instanceof CreateError) return fail(error.message);
    throw error;
  } finally {
    process.off("SIGINT", removeHalfMade);
  }
  // A plugin package (no shared bot files) has no bot to run: its tests show it in one.
  process.stdout.write(
    `\n${nextLine({ name: answers.name, pm: answers.pm, installed: answers.install, bot: manifest.shared })}\n`,
  );
}

/**
 * The README's part on the clone's packages (`--local`): they are not on the registry, so
 * `npm install @chatbot/cluster` answers 404; the next one is added by its folder, as the others.
 */
function localPackagesNote(pm: string, cluster: string): string {
  const add = pm === "npm" ? "npm install" : `${pm} add`;
  return `
## Packages of a clone

This project depends on the \`@chatbot\` packages of a clone (\`create-chat-bot --local\`), which
are not on the npm registry: \`${add} @chatbot/cluster\` fails with a 404. Add another of them by its
folder in the clone, with \`file:\` as \`package.json\` does for the others; for
[scaling](https://github.com/chatbot-dev/chatbot/blob/main/docs/scaling.md) on many processes:

\`\`\`sh
${add} ${cluster}
\`\`\`
`;
}
