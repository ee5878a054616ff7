import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "@chatbot/testing/vitest";
import { afterAll, describe, expect, it } from "vitest";
import { Command, type CommandContext, observe } from "../src/index.js";
import { botFor, world } from "./support.js";

// A real bot serves /healthz, /readyz and /metrics; Debian's prometheus (started for this test on a
// free loopback port, its files in a temporary folder) scrapes it, and the test asks Prometheus's
// HTTP API for the interaction counter and the first-callback histogram.

const PROMETHEUS = "/usr/bin/prometheus";
const dir = mkdtempSync(join(tmpdir(), "prometheus-test-"));
let prometheus: ChildProcess | null = null;
afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus!.once("exit", resolve));
    prometheus.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

@Command({ name: "hello", description: "Answers at once" })
class Hello {
  async run(ctx: CommandContext) {
    await ctx.reply("hi");
  }
}

describe("health checks and Prometheus", () => {
  it(
    "serves /healthz, /readyz and /metrics, and Prometheus scrapes the interaction counter and histogram",
    { timeout: 60_000 },
    async () => {
      expect(existsSync(PROMETHEUS), `${PROMETHEUS} (Debian: apt-get install prometheus)`).toBe(true);
      const w = await world({ people: ["ada"] });
      const { bot } = botFor(w, { commands: [Hello] });
      const served = await observe(bot, { port: 0 });
      try {
        const get = (path: string) => fetch(`${served.url}${path}`);
        expect((await get("/healthz")).status).toBe(200);
        const early = await get("/readyz");
        expect(early.status).toBe(503);
        expect(await early.json()).toEqual({ status: "not ready", reason: "the bot is idle" });
        await bot.start();
        expect(await (await get("/readyz")).json()).toEqual({ status: "ready" });

        for (let i = 0; i < 3; i++) await (await w.people.ada.use(w.channels.general, "/hello")).answered();
        // Counted once each interaction has settled, a moment after its answer.
        await expect
          .poll(async () => (await get("/metrics")).text())
          .toMatch(/^chatbot_interactions_total\{[^}]*chatbot_command="hello"[^}]*\} 3/m);
        const text = await (await get("/metrics")).text();
        const histogram = /^(chatbot_interaction_first_callback\w*)_count\{/m.exec(text)?.[1];
        expect(histogram, text).toBeDefined();

        // Prometheus, scraping every second.
        const port = await freePort();
        const target = new URL(served.url).host;
        writeFileSync(
          join(dir, "prometheus.yml"),
          `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: bot\n    static_configs:\n      - targets: ["${target}"]\n`,
        );
        prometheus = spawn(
          PROMETHEUS,
          [
            `--config.file=${join(dir, "prometheus.yml")}`,
            `--storage.tsdb.path=${join(dir, "data")}`,
            `--web.listen-address=127.0.0.1:${port}`,
          ],
          { stdio: "ignore" },
        );
        const query = async (promql: string) => {
          const res = await fetch(
            `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(promql)}`,
          ).catch(() => null);
          if (!res?.ok) return null;
          const body = (await res.json()) as { data: { result: Array<{ value: [number, string] }> } };
          return body.data.result[0]?.value[1] ?? null;
        };
        await expect
          .poll(
            () => query('chatbot_interactions_total{chatbot_command="hello",chatbot_outcome="answered"}'),
            {
              timeout: 30_000,
              interval: 500,
            },
          )
          .toBe("3");
        expect(await query(`${histogram}_count{chatbot_command="hello"}`)).toBe("3");
        // Every use answered at once on the world's clock: all in the lowest bucket.
        expect(await query(`${histogram}_bucket{chatbot_command="hello",le="5"}`)).toBe("3");
        expect(await query('up{job="bot"}')).toBe("1");
      } finally {
        await served.close();
      }
    },
  );
});
