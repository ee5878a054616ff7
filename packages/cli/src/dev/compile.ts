import { mkdirSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { codeFrame } from "./code-frame.js";
import { transformSync } from "rolldown/utils";

/** A bot source that does not compile: where, and the lines around it. */
export class CompileError extends Error {
  readonly code = "compile_error";
  constructor(
    /** The file, relative to the project. */
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
    /** The code frame: the lines around the error with a marker under it. */
    readonly frame: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}\n${frame}`);
    this.name = "CompileError";
  }
}

// oxc's output imports its decorator helpers from @oxc-project/runtime: point those imports at the
// copy this CLI depends on, so a bot project needs no such dependency of its own.
const RUNTIME_HELPERS = "@oxc-project/runtime/helpers/";
const runtimeUrl = (helper: string) => import.meta.resolve(`${RUNTIME_HELPERS}${helper}`);

const SOURCE = /\.(ts|mts)$/;

/** Every TypeScript file below `folder` (declaration files left out), sorted. */
function sourcesBelow(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourcesBelow(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
  }
  return found.sort();
}

/** When `file` was last written (Unix ms), or Infinity when it cannot be read (removed meanwhile). */
function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/** The text of `file` as it is on disk now, or null when it cannot be read (removed meanwhile). */
function textOnDisk(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The message of a transform error alone: its first line, without colours or its `[CODE]`. */
function firstLine(message: string): string {
  return stripVTControlCharacters(message)
    .split("\n")[0]!
    .replace(/^\[[A-Z_]+\]\s*/, "");
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/**
 * Compiles a bot project's sources with oxc's transform (rolldown's, which the project's Vite
 * and Vitest already install), which emits the decorator metadata tsyringe reads (esbuild and tsx
 * do not). Each build is written to a folder of its own inside the project,
 * so importing it gives new modules (new classes, new metadata) while bare imports still resolve
 * from the project's `node_modules`. A file whose text is unchanged is taken from a cache: by its
 * text, not its modification time, which two saves a few milliseconds apart can share.
 */
export class BotCompiler {
  readonly #cache = new Map<string, { text: string; code: string }>();
  /**
   * The text of each source the last build read, whether it compiled or not: a save that does not
   * compile is built (and reported) once, not again on each of its late file-system events.
   */
  #built = new Map<string, string>();
  /** When the last build began reading the sources (Unix ms). */
  #readAt = 0;
  #builds = 0;
  #buildsUrl: string | null = null;
  /** The last build's modules by URL, when builds are kept in memory. */
  #modules: { readonly folder: string; readonly modules: Record<string, string> } | null = null;

  constructor(
    /** The project's root folder. */
    readonly root: string,
    /** The folder of sources to compile (`src`). */
    readonly sources: string,
    /** Where builds go (`.chatbot/build`). */
    readonly out: string,
    /**
     * Keep each build in memory instead of writing it: for a code thread that loads the modules
     * from the message that names them (`modulesOf`), as one with {@link quickBuildResolve}'s
     * hooks does (Node 22.15 and later).
     */
    private readonly options: { readonly inMemory?: boolean } = {},
  ) {}

  /**
   * The folder of every build as a `file:` URL ending in `/`, its real path (as Node names the
   * modules it loads), made when missing; worked out once.
   */
  get buildsUrl(): string {
    if (this.#buildsUrl === null) {
      mkdirSync(this.out, { recursive: true });
      this.#buildsUrl = `${pathToFileURL(realpathSync(this.out)).href}/`;
    }
    return this.#buildsUrl;
  }

  /** The modules of `build` by URL, when it is the last build and builds are kept in memory. */
  modulesOf(build: string): Record<string, string> | undefined {
    return this.#modules?.folder === build ? this.#modules.modules : undefined;
  }

  /**
   * Compiles every source into a new build folder and answers it. A file that does not compile
   * throws a {@link CompileError}; nothing of that build is used. Kept in memory (`inMemory`), the
   * folder is only a name: nothing is written, and `modulesOf` answers its modules. Else the files
   * are written side by side on libuv's pool: one after the other, each new file's creation waits
   * on the disk (about 1 ms each on a virtual machine's disk: 50 ms for a bot of 50 files, against
   * 4 to 8 ms). For the 50-file bench bot a written build took 40 to 45 ms, one in memory about 5.
   */
  async build(): Promise<string> {
    const readAt = Date.now();
    const built = new Map<string, string>();
    for (const file of sourcesBelow(this.sources)) built.set(file, readFileSync(file, "utf8"));
    // Read, compiled or not: what is on disk now has been tried.
    this.#built = built;
    this.#readAt = readAt;
    const compiled: Array<[string, string]> = [];
    for (const [file, text] of built) compiled.push([file, this.#compile(file, text)]);
    if (this.options.inMemory) {
      const folder = join(fileURLToPath(this.buildsUrl), String(++this.#builds));
      const modules: Record<string, string> = {};
      for (const [file, code] of compiled) modules[pathToFileURL(this.builtPath(folder, file)).href] = code;
      this.#modules = { folder, modules };
      return folder;
    }
    const folder = join(this.out, String(++this.#builds));
    const targets = compiled.map(([file, code]) => ({ target: this.builtPath(folder, file), code }));
    for (const dir of new Set(targets.map(({ target }) => dirname(target))))
      mkdirSync(dir, { recursive: true });
    await Promise.all(targets.map(({ target, code }) => writeFile(target, code)));
    return folder;
  }

  /**
   * The sources whose text on disk is no longer what the last build compiled (added and removed
   * ones too): empty when the build is current. A save during a build makes it stale.
   */
  changedSince(): string[] {
    const files = sourcesBelow(this.sources);
    const changed = [...this.#built.keys()].filter((file) => !files.includes(file));
    for (const file of files) {
      if (textOnDisk(file) !== this.#built.get(file)) changed.push(file);
    }
    return changed;
  }

  /**
   * Whether the last build already has what saving `files` wrote: each still has the text that
   * build read (compiled or not) and was last written before it read them, or is gone and was
   * gone then. The file system's events for a save can come after a reload has taken it (an
   * editor's truncate and write, a rename, a removal, a busy machine), and need no second build;
   * a file saved again after that build, even with the same text, is newer than it and reloads.
   */
  hasBuilt(files: readonly string[]): boolean {
    if (files.length === 0 || this.#built.size === 0) return false;
    return files.every((file) => {
      const text = this.#built.get(file);
      if (text === undefined) return textOnDisk(file) === null;
      return modifiedAt(file) < this.#readAt && textOnDisk(file) === text;
    });
  }

  /** Whether one of `files` is empty on disk where the last build read some text. */
  emptied(files: readonly string[]): boolean {
    return files.some((file) => (this.#built.get(file)?.length ?? 0) > 0 && textOnDisk(file) === "");
  }

  /**
   * Removes every build folder but `keep` (the running generation's) and any newer one: a save
   * leaves one folder, not one more each time. The files go off the main thread (libuv's pool);
   * one that cannot be removed is left for the next call, or the next start's clean-up.
   */
  async removeBuildsExcept(keep: string): Promise<void> {
    const kept = Number(keep.slice(this.out.length + 1));
    const folders = await readdir(this.out).catch(() => [] as string[]);
    await Promise.all(
      folders
        .filter((name) => Number.isInteger(Number(name)) && Number(name) < kept)
        .map((name) => rm(join(this.out, name), { recursive: true, force: true }).catch(() => undefined)),
    );
  }

  /** Where `file` (a source of the project) lands in `build`. */
  builtPath(build: string, file: string): string {
    return join(build, relative(this.root, file)).replace(SOURCE, ".js");
  }

  #compile(file: string, text: string): string {
    const cached = this.#cache.get(file);
    if (cached && cached.text === text) return cached.code;
    const result = transformSync(file, text, {
      sourceType: "module",
      lang: "ts",
      typescript: { onlyRemoveTypeImports: false },
      decorator: { legacy: true, emitDecoratorMetadata: true },
      sourcemap: true,
    });
    const error = result.errors[0] as (Error & { pos?: number }) | undefined;
    if (error) {
      const name = relative(this.root, file).split(sep).join("/");
      const at = lineAndColumn(text, error.pos ?? 0);
      const frame = codeFrame(text, at, { linesAbove: 2, linesBelow: 2 });
      throw new CompileError(name, at.line, at.column, firstLine(error.message), frame);
    }
    let code = result.code.replaceAll(
      /(["'])@oxc-project\/runtime\/helpers\/([\w$]+)\1/g,
      (_, quote: string, helper: string) => `${quote}${runtimeUrl(helper)}${quote}`,
    );
    if (result.map) {
      const map = { ...result.map, sources: [pathToFileURL(file).href] };
      code += `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString("base64")}\n`;
    }
    this.#cache.set(file, { text, code });
    return code;
  }
}
