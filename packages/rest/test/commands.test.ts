import { describe, expect, it } from "vitest";
import { ApiError, ValidationError } from "../src/index.js";
import { useWorld } from "./world.js";

const t = useWorld();

const ping = { name: "ping", description: "Answers pong" };
const roll = {
  name: "roll",
  description: "Rolls a die",
  options: [{ type: 4 as const, name: "sides", description: "How many sides", required: true, min_value: 2 }],
};

describe("global commands", () => {
  it("puts, creates, lists, reads, edits and deletes", async () => {
    const set = await t.rest.setGlobalCommands([ping]);
    expect(set.map((c) => c.name)).toEqual(["ping"]);
    const created = await t.rest.createGlobalCommand(roll);
    expect(created).toMatchObject({ name: "roll", guild_id: null, type: 1 });
    expect((await t.rest.getGlobalCommands()).map((c) => c.name).sort()).toEqual(["ping", "roll"]);
    expect((await t.rest.getGlobalCommand(created.id)).name).toBe("roll");
    const edited = await t.rest.editGlobalCommand(created.id, { description: "Rolls one die" });
    expect(edited).toMatchObject({ id: created.id, description: "Rolls one die" });
    await t.rest.deleteGlobalCommand(created.id);
    await expect(t.rest.getGlobalCommand(created.id)).rejects.toMatchObject({
      status: 404,
      code: "unknown_command",
    });
    expect((await t.rest.setGlobalCommands([])).length).toBe(0);
  });

  it("refuses a bad command before sending, naming each field", async () => {
    const error = await t.rest
      .createGlobalCommand({ name: "Bad Name", description: "" })
      .catch((e: unknown) => e as ValidationError);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).errors).sort()).toEqual(["description", "name"]);
    await expect(t.rest.setGlobalCommands([ping, ping])).rejects.toThrow(ValidationError);
    await expect(t.rest.editGlobalCommand("x", {})).rejects.toThrow(/commandId: must be an id/);
  });
});

describe("server commands", () => {
  it("puts, creates, lists, reads, edits and deletes in one server", async () => {
    const set = await t.rest.setGuildCommands(t.world.guildId, [ping, roll]);
    expect(set.every((c) => c.guild_id === t.world.guildId)).toBe(true);
    const created = await t.rest.createGuildCommand(t.world.guildId, { name: "echo", description: "Echoes" });
    expect((await t.rest.getGuildCommands(t.world.guildId)).length).toBe(3);
    expect((await t.rest.getGuildCommand(t.world.guildId, created.id)).name).toBe("echo");
    const edited = await t.rest.editGuildCommand(t.world.guildId, created.id, { name: "say" });
    expect(edited).toMatchObject({ id: created.id, name: "say" });
    await t.rest.deleteGuildCommand(t.world.guildId, created.id);
    expect((await t.rest.getGuildCommands(t.world.guildId)).map((c) => c.name).sort()).toEqual([
      "ping",
      "roll",
    ]);
  });

  it("answers a server the app is not in, and an unknown command, with 404", async () => {
    const error = await t.rest.getGuildCommands("1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    await expect(t.rest.deleteGuildCommand(t.world.guildId, "1")).rejects.toMatchObject({
      code: "unknown_command",
    });
  });
});
