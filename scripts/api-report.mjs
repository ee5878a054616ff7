// The public API of each published package as a checked-in report, made by @microsoft/api-extractor
// from the built declarations: one report per entry point of each package's `exports`, in
// `<package>/api/<name>.api.md` (scripts/api-entry-points.mjs finds them).
//
//   node scripts/api-report.mjs            check: fails when a report differs from the code, or is
//                                          missing, or the analysis warns (npm run lint:api)
//   node scripts/api-report.mjs --update   writes the reports (npm run api:update)
//   ... [--root <folder>] [<package name>...]   another checkout; only the named packages
//
// The declarations must be built first (`tsc -b tsconfig.build.json`, which the npm scripts run).
// One TypeScript program, api-extractor's own compiler, serves every entry point.
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel } from "@microsoft/api-extractor";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { assertBuilt, publicEntryPoints } from "./api-entry-points.mjs";
import { deepImportTypes } from "./api-import-depth.mjs";

const UPDATE_HINT = "npm run api:update";

function parseArgs(argv) {
  const options = { update: false, root: resolve(new URL("..", import.meta.url).pathname), only: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--update") options.update = true;
    else if (argv[i] === "--root") options.root = resolve(argv[++i]);
    else if (argv[i].startsWith("--")) throw new Error(`api-report: unknown option ${argv[i]}`);
    else options.only.push(argv[i]);
  }
  return options;
}

/** The prepared api-extractor configuration of one entry point. */
function configOf(root, base, entry, tempFolder) {
  const projectFolder = join(root, entry.folder);
  const configObject = {
    ...base,
    projectFolder,
    mainEntryPointFilePath: join(root, entry.typesPath),
    compiler: {
      overrideTsconfig: { ...base.compiler.overrideTsconfig, files: [join(root, entry.typesPath)] },
    },
    apiReport: {
      ...base.apiReport,
      reportFileName: entry.reportName,
      reportFolder: join(projectFolder, "api"),
      reportTempFolder: tempFolder,
    },
  };
  return ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: join(root, "api-extractor.base.json"),
    packageJsonFullPath: join(projectFolder, "package.json"),
  });
}

/**
 * api-extractor reads one entry point at a time, so a type one entry of a package names and another
 * entry of the same package exports (`@chatbot/protocol/dev`'s answers are made of the root's
 * `Channel`, `Member`...) is flagged as forgotten though users import it from that entry. Answers
 * whether an ae-forgotten-export message is such a case: its symbol, by name, is exported by another
 * entry point of the same package. The report still notes it.
 */
function siblingExports(program, entries, configs) {
  const checker = program.getTypeChecker();
  const names = configs.map((config) => {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(config.mainEntryPointFilePath));
    return new Set(moduleSymbol ? checker.getExportsOfModule(moduleSymbol).map((s) => s.name) : []);
  });
  return (entry, text) => {
    const symbol = /The symbol "([^"]+)"/.exec(text)?.[1];
    return entries.some(
      (other, index) =>
        other !== entry &&
        other.packageName === entry.packageName &&
        symbol !== undefined &&
        names[index].has(symbol),
    );
  };
}

/** Report files no entry point makes any more (a subpath export removed, a package made private). */
function staleReports(root, entries) {
  const expected = new Set(entries.map((e) => join(root, e.folder, "api", `${e.reportName}.api.md`)));
  const folders = new Set(entries.map((e) => e.folder));
  const stale = [];
  for (const folder of folders) {
    const apiFolder = join(root, folder, "api");
    if (!existsSync(apiFolder)) continue;
    for (const name of readdirSync(apiFolder))
      if (name.endsWith(".api.md") && !expected.has(join(apiFolder, name))) stale.push(join(apiFolder, name));
  }
  return stale;
}

function run({ update, root, only }) {
  let entries = publicEntryPoints(root);
  if (only.length > 0) {
    const unknown = only.filter((name) => !entries.some((e) => e.packageName === name));
    if (unknown.length > 0) throw new Error(`api-report: no published package named ${unknown.join(", ")}`);
    entries = entries.filter((e) => only.includes(e.packageName));
  }
  assertBuilt(root, entries);
  const base = ExtractorConfig.loadFile(join(root, "api-extractor.base.json"));
  const tempFolder = mkdtempSync(join(tmpdir(), "api-report-"));
  const failures = [];
  try {
    const configs = entries.map((entry) => configOf(root, base, entry, tempFolder));
    if (update) for (const entry of entries) mkdirSync(join(root, entry.folder, "api"), { recursive: true });
    // One program for all entry points: each invoke reuses its analysis of the shared files.
    const compilerState = CompilerState.create(configs[0], {
      additionalEntryPoints: configs.map((c) => c.mainEntryPointFilePath),
    });
    const deep = deepImportTypes(compilerState.program, root + "/");
    if (deep.length > 0)
      throw new Error(
        `api-report: these declarations nest import() types so deep that api-extractor would take minutes` +
          ` (its time doubles per level):\n${deep.map((d) => `  ${d}`).join("\n")}\nGive the value a declared` +
          ` type, or import the library's namespace in its source file (import type * as v from "valibot")` +
          ` so that tsc names its types v.X; docs/decisions.md#the-public-api-reports.`,
      );
    const exportedBySibling = siblingExports(compilerState.program, entries, configs);
    for (const [index, entry] of entries.entries()) {
      const label =
        entry.subpath === "." ? entry.packageName : `${entry.packageName}/${entry.subpath.slice(2)}`;
      const reportPath = relative(root, join(root, entry.folder, "api", `${entry.reportName}.api.md`));
      const problems = [];
      const result = Extractor.invoke(configs[index], {
        localBuild: update,
        compilerState,
        printApiReportDiff: !update,
        messageCallback(message) {
          // Our own lines below say what changed; api-extractor's progress lines are left out.
          message.handled = true;
          if (message.messageId === "console-api-report-diff") {
            console.error(`${label}: ${message.text}`);
            return;
          }
          if (
            message.logLevel === ExtractorLogLevel.Error ||
            message.logLevel === ExtractorLogLevel.Warning
          ) {
            // Whether the report changed is said by the result, in our words, below.
            if (String(message.messageId).startsWith("console-api-report-")) return;
            if (message.messageId === "ae-forgotten-export" && exportedBySibling(entry, message.text)) return;
            problems.push(message.formatMessageWithLocation(root + "/"));
          }
        },
      });
      for (const problem of problems) console.error(`  ${label}: ${problem}`);
      if (update) {
        console.log(`${result.apiReportChanged ? "wrote  " : "same   "} ${reportPath}`);
        if (problems.length > 0) failures.push(`${label}: ${problems.length} warning(s) or error(s) above`);
      } else if (result.apiReportChanged) {
        failures.push(
          existsSync(join(root, reportPath))
            ? `${label}: its public API differs from ${reportPath} (the diff is above)`
            : `${label}: has no API report yet (${reportPath})`,
        );
      } else if (problems.length > 0) {
        failures.push(`${label}: ${problems.length} warning(s) or error(s) above`);
      }
    }
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
  if (only.length === 0)
    for (const path of staleReports(root, entries)) {
      if (update) {
        rmSync(path);
        console.log(`removed ${relative(root, path)} (no entry point makes it)`);
      } else failures.push(`${relative(root, path)}: no published entry point makes this report any more`);
    }
  return failures;
}

try {
  const options = parseArgs(process.argv.slice(2));
  const failures = run(options);
  if (failures.length > 0) {
    console.error(`\nAPI report check failed:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    if (!options.update)
      console.error(
        `\nIf the change is meant: run \`${UPDATE_HINT}\`, review the reports' diff and commit it, and add a` +
          " change note (`npx changeset`), marked major if a user's code could break (docs/contributing.md).",
      );
    process.exitCode = 1;
  } else if (!options.update) console.log("API reports match the code.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
