import { type EventPayload, Listener, On, RestClient, StateStore } from "@chatbot/framework";
import { Greeter } from "../greeter.js";

/**
 * Greets each person who joins, in the server's first text channel, with how many have joined so
 * far. The count is kept in the bot's state store: in `.chatbot/` under `chatbot dev`, in the file
 * of `CHATBOT_STORE_PATH` under `npm start`, so it survives reloads and restarts.
 */
@Listener()
export class Welcome {
  constructor(
    private readonly rest: RestClient,
    private readonly greeter: Greeter,
    private readonly store: StateStore,
  ) {}

  @On("GUILD_MEMBER_ADD")
  async greet(member: EventPayload<"GUILD_MEMBER_ADD">) {
    // One step: two people joining at once are both counted.
    const joins = await this.store.update<number>(`joins:${member.guild_id}`, (n) => (n ?? 0) + 1);
    const channels = await this.rest.getGuildChannels(member.guild_id);
    const first = channels.find((c) => c.kind === "text");
    if (first) {
      const content = `${this.greeter.welcome(member.user.name)} (joins so far: ${joins})`;
      await this.rest.createMessage(first.id, { content });
    }
  }
}
