export { FaqBook } from "./faq-book.js";
export { FaqCommand } from "./faq-command.js";
export { FaqListener } from "./faq-listener.js";
export { FaqSettings } from "./faq-settings.js";
export { faq, type FaqOptions, FaqOptionsSchema } from "./plugin.js";
