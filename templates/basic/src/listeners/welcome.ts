import { type EventPayload, Listener, On, RestClient } from "@chatbot/framework";
import { Greeter } from "../greeter.js";

/** Greets each person who joins, in the server's first text channel. */
@Listener()
export class Welcome {
  constructor(
    private readonly rest: RestClient,
    private readonly greeter: Greeter,
  ) {}

  @On("GUILD_MEMBER_ADD")
  async greet(member: EventPayload<"GUILD_MEMBER_ADD">) {
    const channels = await this.rest.getGuildChannels(member.guild_id);
    const first = channels.find((c) => c.kind === "text");
    if (first) await this.rest.createMessage(first.id, { content: this.greeter.welcome(member.user.name) });
  }
}
