import { defineBot } from "@chatbot/framework";
import { OpenPoll } from "./commands/poll.js";
import { Tally } from "./listeners/tally.js";

/** The poll bot: `chatbot dev` runs it as it is; tests add the world's token and addresses. */
export default defineBot({ commands: [OpenPoll], listeners: [Tally] });
