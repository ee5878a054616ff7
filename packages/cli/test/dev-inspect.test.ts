// `chatbot dev --inspect`: a debugger attaches over the inspector protocol (as VS Code and Chrome
// DevTools do), sets a breakpoint by .ts file and line through the source maps of the build's
// scripts, and the bot's code stops there when a person uses the command, before and after a save.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SourceMapConsumer } from "source-map-js";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { echoBoomCrashes, newProject, save, start } from "./dev-fixtures.js";
import { use, waitFor } from "./dev-project.js";

interface Paused {
  readonly callFrames: ReadonlyArray<{
    readonly location: {
      readonly scriptId: string;
      readonly lineNumber: number;
      readonly columnNumber: number;
    };
  }>;
}

/** A client of the inspector protocol on one WebSocket: commands answered by id, events by method. */
class InspectorClient {
  #ids = 0;
  readonly #waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  readonly #handlers = new Map<string, Array<(params: never) => void>>();
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data: Buffer) => {
      const message = JSON.parse(data.toString()) as {
        id?: number;
        method?: string;
        params?: unknown;
        result?: unknown;
        error?: { message: string };
      };
      if (message.id !== undefined) this.#waiting.get(message.id)?.(message);
      else for (const handler of this.#handlers.get(message.method!) ?? []) handler(message.params as never);
    });
  }
  static async connect(url: string): Promise<InspectorClient> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return new InspectorClient(socket);
  }
  send<T = unknown>(method: string, params: object = {}): Promise<T> {
    const id = ++this.#ids;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, (message) =>
        message.error
          ? reject(new Error(`${method}: ${message.error.message}`))
          : resolve(message.result as T),
      );
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }
  on<T>(method: string, handler: (params: T) => void): void {
    this.#handlers.set(method, [...(this.#handlers.get(method) ?? []), handler as (params: never) => void]);
  }
  /** The next `method` event whose params `match`. */
  next<T>(method: string, match: (params: T) => boolean = () => true): Promise<T> {
    return new Promise((resolve) => this.on<T>(method, (params) => match(params) && resolve(params)));
  }
}

const clients: InspectorClient[] = [];
afterAll(() => {
  for (const client of clients) client.socket.terminate();
});

/** The source map inlined in a script's `sourceMappingURL` (a data: URL), as a debugger reads it. */
function inlineMap(sourceMapURL: string): SourceMapConsumer {
  const base64 = /^data:application\/json;(?:charset=utf-8;)?base64,(.*)$/.exec(sourceMapURL)?.[1];
  if (!base64) throw new Error(`not an inline source map: ${sourceMapURL.slice(0, 60)}`);
  return new SourceMapConsumer(JSON.parse(Buffer.from(base64, "base64").toString("utf8")));
}

describe("chatbot dev --inspect", () => {
  it(
    "stops at a breakpoint set by .ts file and line, and again in the code a save reloads",
    { timeout: 90_000 },
    async () => {
      const project = newProject();
      const dev = await start(project, ["--inspect=0"]);
      const url = (await waitFor(dev.stdout, /^inspector: (ws:\/\/\S+)/m))[1]!;
      const client = await InspectorClient.connect(url);
      clients.push(client);

      // The breakpoint, as an editor holds it: src/greeter.ts, line 6 (`return \`pong … \``).
      const source = pathToFileURL(join(project.root, "src", "greeter.ts")).href;
      const line = 6;
      const maps = new Map<string, SourceMapConsumer>();
      const bound: string[] = [];
      // What VS Code and DevTools do: for each script whose source map names the .ts file, the
      // breakpoint is placed where the map puts that line, in this build's script and each later one.
      client.on<{ scriptId: string; url: string; sourceMapURL?: string }>(
        "Debugger.scriptParsed",
        (script) => {
          if (!/\/\.chatbot\/build\/\d+\/src\/greeter\.js$/.test(script.url) || !script.sourceMapURL) return;
          const map = inlineMap(script.sourceMapURL);
          if (!map.sources.includes(source)) return;
          maps.set(script.scriptId, map);
          const at = map.generatedPositionFor({
            source,
            line,
            column: 0,
            bias: SourceMapConsumer.LEAST_UPPER_BOUND,
          });
          void client
            .send("Debugger.setBreakpoint", {
              location: { scriptId: script.scriptId, lineNumber: at.line! - 1, columnNumber: at.column! },
            })
            .then(() => bound.push(script.url));
        },
      );
      await client.send("Runtime.enable");
      await client.send("Debugger.enable");
      await expect.poll(() => bound.length).toBe(1);

      /** Uses /ping, sees the code stopped at the breakpoint (by the map: greeter.ts line 6), resumes it. */
      const stopsAtBreakpoint = async (answer: string) => {
        const paused = client.next<Paused>("Debugger.paused");
        const used = use(dev, project, "ping");
        const top = (await paused).callFrames[0]!;
        const original = maps
          .get(top.location.scriptId)!
          .originalPositionFor({ line: top.location.lineNumber + 1, column: top.location.columnNumber });
        expect({ source: original.source, line: original.line }).toEqual({ source, line });
        await client.send("Debugger.resume");
        expect(await used).toEqual({ state: "answered", contents: [answer] });
        return top.location.scriptId;
      };
      const first = await stopsAtBreakpoint("pong v1 for alice");

      await save(dev, project, "src/greeter.ts", "pong v1", "pong v2");
      await expect.poll(() => bound.length).toBe(2);
      const second = await stopsAtBreakpoint("pong v2 for alice");
      await templateAttaches(dev.stdout());
      // docs/cli.md shows the line, its address aside.
      const page = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8");
      const shown = /```text\n(inspector: .*)\n```/.exec(page)![1]!;
      const printed = /^inspector: .*$/m.exec(dev.stdout())![0];
      const withoutAddress = (line: string) => line.replace(/ws:\/\/\S+/, "ws://…");
      expect(withoutAddress(printed)).toBe(withoutAddress(shown));
      // The new code, another script (the new build's): the breakpoint held across the reload.
      expect(second).not.toBe(first);
    },
  );

  it(
    "opens the inspector again on the same port when the code restarts after a crash",
    { timeout: 60_000 },
    async () => {
      const project = newProject();
      echoBoomCrashes(project);
      const port = await freePort();
      const dev = await start(project, [`--inspect=${port}`]);
      const opened = () => dev.stdout().match(/^inspector: ws:\/\/127\.0\.0\.1:(\d+)\//gm) ?? [];
      await waitFor(() => String(opened().length), /^1$/);
      await use(dev, project, "echo", [{ name: "text", value: "boom" }]);
      await waitFor(dev.stdout, /^restarted the bot's code in \d+ ms/m, 20_000);
      await waitFor(() => String(opened().length), /^2$/);
      expect(opened()).toEqual([`inspector: ws://127.0.0.1:${port}/`, `inspector: ws://127.0.0.1:${port}/`]);
      expect(dev.stderr()).not.toContain("the inspector could not open");
    },
  );
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The templates' `.vscode/launch.json` attaches where `--inspect` alone opens the inspector, after
 * its task has started `chatbot dev --inspect` and seen the line this run printed.
 */
async function templateAttaches(printed: string): Promise<void> {
  const folder = new URL("../../../templates/_shared/.vscode/", import.meta.url);
  const launch = JSON.parse(readFileSync(new URL("launch.json", folder), "utf8")) as {
    configurations: Array<{ request: string; port: number; preLaunchTask: string }>;
  };
  const tasks = JSON.parse(readFileSync(new URL("tasks.json", folder), "utf8")) as {
    tasks: Array<{ label: string; command: string; problemMatcher: { background: { endsPattern: string } } }>;
  };
  const { INSPECT_PORT } = await import("../src/dev/dev-options.js");
  const [attach] = launch.configurations;
  expect(attach).toMatchObject({ request: "attach", port: INSPECT_PORT });
  const task = tasks.tasks.find((t) => t.label === attach!.preLaunchTask);
  expect(task?.command).toBe("npm run dev -- --inspect");
  expect(printed).toMatch(new RegExp(task!.problemMatcher.background.endsPattern, "m"));
}
