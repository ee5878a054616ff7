import { existsSync } from "node:fs";
import { createBot, EXIT_CODES, runBot } from "@chatbot/framework";
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
// Stops gracefully on SIGINT and SIGTERM; exits 3 for a refused token, 4 for refused intents.
await runBot(createBot({ ...bot, token, baseUrl, ...(gatewayUrl ? { gatewayUrl } : {}) }));
