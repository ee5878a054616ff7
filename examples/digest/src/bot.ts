import { defineBot } from "@chatbot/framework";
import { DigestCommand } from "./commands/digest.js";

/** The digest bot: `chatbot dev` runs it as it is; tests add the world's token and addresses. */
export default defineBot({ commands: [DigestCommand], messageContent: false });
