import { existsSync } from "node:fs";
import { createBot, EXIT_CODES, runBot, SqliteStore } from "@chatbot/framework";
import bot from "./bot.js";

// `npm start` as deployed: the settings come from the environment, or from `.env` when there is one.
if (existsSync(".env")) process.loadEnvFile(".env");
const token = process.env.CHATBOT_TOKEN;
const baseUrl = process.env.CHATBOT_BASE_URL;
if (!token || !baseUrl) {
  console.error(`set ${token ? "CHATBOT_BASE_URL" : "CHATBOT_TOKEN"} (see .env.example)`);
  process.exit(EXIT_CODES.config);
}
const gatewayUrl = process.env.CHATBOT_GATEWAY_URL;
// The bot's state and scheduled jobs, in one SQLite file that survives restarts and deploys.
const store = new SqliteStore({ path: process.env.CHATBOT_STORE_PATH || ".data/state.db" });
// /healthz, /readyz and /metrics (Prometheus) for the orchestrator, when a port is given; /metrics
// needs `npm install @opentelemetry/sdk-metrics @opentelemetry/exporter-prometheus`.
const observePort = process.env.CHATBOT_OBSERVE_PORT;
const observe = observePort
  ? { port: Number(observePort), host: process.env.CHATBOT_OBSERVE_HOST || "127.0.0.1" }
  : undefined;
// Stops gracefully on SIGINT and SIGTERM; exits 3 for a refused token, 4 for refused intents.
const code = await runBot(
  createBot({ ...bot, token, baseUrl, store, ...(gatewayUrl ? { gatewayUrl } : {}) }),
  { exit: () => undefined, ...(observe && { observe }) },
);
await store.close();
process.exit(code);
