import { createBot } from "@chatbot/framework";
import bot from "./bot.js";

const token = process.env.CHATBOT_TOKEN;
const baseUrl = process.env.CHATBOT_BASE_URL;
if (!token || !baseUrl) {
  console.error(`set ${token ? "CHATBOT_BASE_URL" : "CHATBOT_TOKEN"} (see .env.example)`);
  process.exit(2);
}
const gatewayUrl = process.env.CHATBOT_GATEWAY_URL;
const running = createBot({ ...bot, token, baseUrl, ...(gatewayUrl ? { gatewayUrl } : {}) });
await running.start();
process.once("SIGINT", () => void running.stop());
process.once("SIGTERM", () => void running.stop());
