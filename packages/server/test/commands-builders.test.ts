import type { SlashCommand } from "@chatbot/protocol";
import { SlashCommandBuilder } from "@discordjs/builders";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
let w: TestWorld;
beforeEach(async () => {
  h = await startHarness();
  w = await setupWorld(h, { scopes: ["commands"] });
});
afterEach(() => h.close());

describe("commands built by discord.js's SlashCommandBuilder", () => {
  it("register as toJSON() gives them, localizations and all", async () => {
    const remind = new SlashCommandBuilder()
      .setName("remind")
      .setNameLocalizations({ de: "erinnern", fr: "rappel" })
      .setDescription("Sets a reminder")
      .setDescriptionLocalizations({ de: "Setzt eine Erinnerung" })
      .setDefaultMemberPermissions(8)
      .setNSFW(false)
      .addStringOption((o) =>
        o
          .setName("what")
          .setDescription("What to remind you of")
          .setDescriptionLocalizations({ fr: "De quoi se souvenir" })
          .setRequired(true)
          .setMinLength(1)
          .setMaxLength(200),
      )
      .addIntegerOption((o) =>
        o
          .setName("minutes")
          .setDescription("In how many minutes")
          .setRequired(true)
          .addChoices(
            { name: "five", value: 5 },
            { name: "an hour", value: 60, name_localizations: { de: "eine Stunde" } },
          ),
      )
      .addNumberOption((o) => o.setName("factor").setDescription("A factor").setMinValue(0.5).setMaxValue(2))
      .addBooleanOption((o) => o.setName("quiet").setDescription("Answer only to you"))
      .addUserOption((o) => o.setName("who").setDescription("Whom to remind"))
      .addChannelOption((o) => o.setName("where").setDescription("Where to post it").addChannelTypes(0, 5))
      .addRoleOption((o) => o.setName("role").setDescription("A role to ping"));
    const json = remind.toJSON();
    expect(json.name_localizations).toEqual({ de: "erinnern", fr: "rappel" });

    const created = ok(
      await h.bot<SlashCommand>(w.token, "POST", "/v1/applications/@me/commands", json),
      201,
    );
    expect(created).toMatchObject({
      name: "remind",
      description: "Sets a reminder",
      default_member_permissions: "8",
    });
    expect(created.options.map((o) => [o.name, o.type])).toEqual([
      ["what", 3],
      ["minutes", 4],
      ["factor", 10],
      ["quiet", 5],
      ["who", 6],
      ["where", 7],
      ["role", 8],
    ]);
    expect(created.options[1]).toEqual({
      type: 4,
      name: "minutes",
      description: "In how many minutes",
      required: true,
      choices: [
        { name: "five", value: 5 },
        { name: "an hour", value: 60 },
      ],
    });
    expect(JSON.stringify(created)).not.toContain("localizations");

    const ping = new SlashCommandBuilder().setName("ping").setDescription("Answers pong").toJSON();
    const put = ok(
      await h.bot<SlashCommand[]>(
        w.token,
        "PUT",
        `/v1/applications/${w.appId}/guilds/${w.guildId}/commands`,
        [json, ping],
      ),
    );
    expect(put.map((c) => c.name)).toEqual(["remind", "ping"]);
  });

  it("refuse a subcommand with a clear error, and register nothing", async () => {
    const json = new SlashCommandBuilder()
      .setName("settings")
      .setDescription("Changes settings")
      .addSubcommand((s) => s.setName("show").setDescription("Shows the settings"))
      .toJSON();
    const refused = await h.bot<ErrorAnswer>(w.token, "POST", "/v1/applications/@me/commands", json);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("invalid_body");
    expect(refused.body.errors?.["options.0.type"]).toEqual(["type 1 (subcommand) is unsupported"]);
    expect(ok(await h.bot<SlashCommand[]>(w.token, "GET", "/v1/applications/@me/commands"))).toEqual([]);
  });
});
