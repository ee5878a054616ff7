import { Permissions, RestClient } from "@chatbot/rest";
import { describe, expect, it } from "vitest";
import { GatewayClient, type GatewayInteraction } from "../src/index.js";
import { cleanupAfterEach, dev, devWorld, until } from "./dev-world.js";

const onCleanup = cleanupAfterEach();

describe("INTERACTION_CREATE", () => {
  it("carries member.permissions and app_permissions as Permissions bitfields", async () => {
    const w = await devWorld();
    onCleanup(() => w.server.close());
    const rest = new RestClient({ token: w.token, baseUrl: w.server.baseUrl });
    await rest.setGlobalCommands([{ name: "whoami", description: "Who am I" }]);
    const gateway = new GatewayClient({ token: w.token, intents: ["guilds"], rest });
    onCleanup(() => gateway.close());
    const received: GatewayInteraction[] = [];
    gateway.on("INTERACTION_CREATE", (interaction) => void received.push(interaction));
    await gateway.connect();

    const bob = await dev<{ id: string }>(w.server, "POST", "/users", { username: "bob" });
    await dev(w.server, "POST", `/guilds/${w.guildId}/members`, { user_id: bob.id });
    await dev(w.server, "POST", `/channels/${w.channelId}/interactions`, { name: "whoami" }, bob.id);
    await until("the interaction", () => received.length === 1);

    const [interaction] = received;
    expect(interaction!.user.username).toBe("bob");
    expect(interaction!.member.permissions).toBeInstanceOf(Permissions);
    expect(interaction!.member.permissions.has("send_messages")).toBe(true);
    expect(interaction!.member.permissions.has("manage_messages")).toBe(false);
    expect(interaction!.member.permissions.toArray()).toEqual(
      expect.arrayContaining(["view_channels", "send_messages", "use_application_commands"]),
    );
    expect(interaction!.app_permissions).toBeInstanceOf(Permissions);
    expect(interaction!.app_permissions.has("read_message_history")).toBe(true);
    expect(interaction!.app_permissions.missing(["send_messages", "manage_messages"])).toEqual([
      "manage_messages",
    ]);
    expect(interaction!.member.roles).toEqual([]);
  });
});
