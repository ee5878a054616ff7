// The cluster of the fault suite, as operators run it: a real redis-server, the reference server,
// and each node a `chatbot-cluster` process on the recorder bot, serving /readyz. People post
// numbered messages at a steady rate across six servers while a test does harm to one piece.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestWorld, type TestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { RedisStore } from "../src/redis-store.js";
import { type RedisServer, startRedisServer } from "../src/testing/redis-server.js";

const BIN = fileURLToPath(new URL("../bin/chatbot-cluster.js", import.meta.url));
const BOT = fileURLToPath(new URL("./fixtures/recorder-bot.mjs", import.meta.url));
export const SERVERS = ["s1", "s2", "s3", "s4", "s5", "s6"] as const;

/** One `chatbot-cluster` process. */
export interface FaultNode {
  readonly id: string;
  readonly role: "gateway" | "worker";
  readonly child: ChildProcess;
  readonly observeUrl: string;
  /** Everything it wrote (its log lines are on stderr), so far. */
  output: string;
}

/** A line of the recorder's log, in the order the processes appended them. */
export interface Recorded {
  readonly kind: "start" | "done" | "job";
  readonly node: string;
  readonly text: string;
}

/** A message a person posted and the service kept. */
export interface Sent {
  readonly n: number;
  readonly server: number;
  readonly content: string;
}

export interface FaultCluster {
  readonly redis: RedisServer;
  readonly world: TestWorld;
  readonly nodes: readonly FaultNode[];
  readonly sent: Sent[];
  /** A client of the test's own, for the lease and the jobs. */
  readonly client: Redis;
  node(id: string): FaultNode;
  records(): Recorded[];
  /** The node that holds the gateway lease now, or null. */
  owner(): Promise<string | null>;
  /** Whether every node answers /readyz with 200 now. */
  allReady(): Promise<string[]>;
  /** Keeps a `fault-job` due at `dueAt` in the bot's store, with `run` as its key and payload. */
  schedule(run: string, dueAt: number): Promise<void>;
  /** People post `step <n>` messages, round the six servers, about 55 a second until `stop()`. */
  flow(): { stop(): Promise<void> };
  close(): Promise<void>;
}

/** Starts Redis with `config`, the world, two gateway processes (gw1 owns) and three workers. */
export async function startFaultCluster(config: readonly string[]): Promise<FaultCluster> {
  const closers: (() => Promise<unknown> | void)[] = [];
  const close = async () => {
    for (const c of closers.splice(0).reverse()) await Promise.resolve(c()).catch(() => undefined);
  };
  try {
    const redis = await startRedisServer({ config });
    closers.push(() => redis.close());
    const servers = Object.fromEntries(SERVERS.map((s) => [s, {}]));
    const world = await createTestWorld({ people: ["ada"], servers, rateLimits: false });
    closers.push(() => world.close());
    // The world's clock moves only when told: here it follows real time, as the service's does, so
    // that its windows (5 identifies in 5 s) pass while the processes reconnect again and again.
    const ticking = setInterval(() => world.clock.advance(250), 250);
    closers.push(() => clearInterval(ticking));
    const dir = mkdtempSync(join(tmpdir(), "chatbot-faults-"));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const log = join(dir, "handled.log");
    // FAULT_KEEP=<folder>: the recorder's log and every process's output are kept there.
    const keep = process.env.FAULT_KEEP;
    if (keep)
      closers.push(() => {
        const to = mkdtempSync(join(keep, "run-"));
        cpSync(log, join(to, "handled.log"));
        for (const n of nodes) writeFileSync(join(to, `${n.id}.log`), n.output);
      });
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    closers.push(() => client.disconnect());
    const app = (await (
      await fetch(`${world.baseUrl}/v1/applications/@me`, {
        headers: { authorization: `Bot ${world.token}` },
      })
    ).json()) as { id: string };
    const store = new RedisStore(client, { prefix: `chatbot:${app.id}:state` });
    const nodes: FaultNode[] = [];
    const start = async (role: FaultNode["role"], id: string) => {
      const child = spawn(
        process.execPath,
        [BIN, BOT, "--role", role, "--node-id", id, "--gateway-url", world.gatewayUrl, "--observe-port", "0"],
        {
          stdio: ["ignore", "pipe", "pipe"],
          env: {
            ...process.env,
            REDIS_URL: redis.url,
            CHATBOT_TOKEN: world.token,
            CHATBOT_BASE_URL: world.baseUrl,
            RECORDER_LOG: log,
            RECORDER_NODE: id,
            RECORDER_LOG_LEVEL: "info",
          },
        },
      );
      closers.push(() => {
        child.kill("SIGCONT");
        child.kill("SIGKILL");
      });
      const node = { id, role, child, observeUrl: "", output: "" };
      child.stderr!.on("data", (c: Buffer) => (node.output += c.toString()));
      node.observeUrl = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${id} did not start:\n${node.output}`)), 20_000);
        child.stdout!.on("data", (c: Buffer) => {
          node.output += c.toString();
          const ready = /ready node=\S+ .*observe_url=(\S+)/.exec(node.output);
          if (ready) {
            clearTimeout(timer);
            resolve(ready[1]!);
          }
        });
        child.once("exit", (code) => reject(new Error(`${id} exited with ${code}:\n${node.output}`)));
      });
      nodes.push(node);
    };
    await start("gateway", "gw1");
    await world.app.connected();
    await start("gateway", "gw2");
    for (const id of ["w1", "w2", "w3"]) await start("worker", id);
    const sent: Sent[] = [];
    let next = 0;
    return {
      redis,
      world,
      nodes,
      sent,
      client,
      node: (id) => nodes.find((n) => n.id === id)!,
      records() {
        let text: string;
        try {
          text = readFileSync(log, "utf8");
        } catch {
          return [];
        }
        return text
          .split("\n")
          .filter(Boolean)
          .map((line) => {
            const [kind, node, ...rest] = line.split(" ");
            return { kind: kind as Recorded["kind"], node: node!, text: rest.join(" ") };
          });
      },
      async owner() {
        const value = await client.get(`chatbot:${app.id}:gateway:lease`);
        return value === null ? null : value.slice(0, value.lastIndexOf(":"));
      },
      async allReady() {
        const answers = await Promise.all(
          nodes.map(async (n) => {
            const res = await fetch(`${n.observeUrl}/readyz`).catch(() => null);
            return res?.status === 200
              ? null
              : `${n.id}: ${res ? `${res.status} ${await res.text()}` : "no answer"}`;
          }),
        );
        return answers.filter((a): a is string => a !== null);
      },
      async schedule(run, dueAt) {
        await store.jobs.add({
          id: run,
          key: run,
          name: "fault-job",
          payload: JSON.stringify({ run }),
          dueAt,
        });
      },
      flow() {
        let running = true;
        const ada = world.people.ada!;
        const loop = (async () => {
          const began = Date.now();
          for (let i = 0; running; i++) {
            const n = next++;
            const server = n % SERVERS.length;
            const content = `step ${n}`;
            // A post the service refused it did not keep: nothing to handle.
            const kept = await ada
              .say(world.servers[SERVERS[server]!]!.channels.general!, content)
              .then(() => true)
              .catch(() => false);
            if (kept) sent.push({ n, server, content });
            const wait = began + (i + 1) * (1000 / 55) - Date.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          }
        })();
        return {
          async stop() {
            running = false;
            await loop;
          },
        };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
