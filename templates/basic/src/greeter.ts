import { singleton } from "@chatbot/framework";

/** A service: one instance for the whole bot, given to every class that asks for it. */
@singleton()
export class Greeter {
  welcome(name: string): string {
    return `Welcome, ${name}!`;
  }
}
