import { describe, expect, it } from "vitest";
import { begin, page, pickCommand, useChromium } from "./console-page.js";
import { openConsole, screenshot } from "./console-support.js";

// The world editor.
useChromium();

describe("the web console in Chromium", () => {
  it("edits the world as a person, refusals shown, and says when an app is not connected", async () => {
    const w = await begin();
    await openConsole(page, w, w.ada, "world");
    const roles = page.getByRole("region", { name: "Roles" });
    await roles.getByLabel("Role name").fill("Moderators");
    await roles.getByRole("button", { name: "Make role" }).click();
    await roles.getByText("Moderators").waitFor();
    const made = await w.dev<{ roles: { name: string; guild_id: string }[] }>("GET", "/world");
    expect(made.roles.filter((r) => r.guild_id === w.guildId).map((r) => r.name)).toContain("Moderators");
    // Bob may not make roles: the refusal is shown beside the form.
    await page.getByLabel("You are").selectOption(w.bob);
    await roles.getByLabel("Role name").fill("Bobs");
    await roles.getByRole("button", { name: "Make role" }).click();
    await roles
      .getByRole("alert")
      .getByText(/missing the permission manage_roles/)
      .waitFor();
    await page.getByLabel("You are").selectOption(w.ada);
    await screenshot(page, "world");

    await w.disconnect();
    await page.getByRole("button", { name: "Chat" }).click();
    await pickCommand("roll");
    const form = page.getByRole("form", { name: "/roll" });
    await form.getByLabel("sides").fill("6");
    await form.getByRole("button", { name: "Use /roll" }).click();
    await page.locator(".notice.not_delivered", { hasText: "The app is not connected." }).waitFor();
  });
});

describe("the world editor in Chromium", () => {
  it("makes a channel, overwrites, renames a role, times out and kicks, and makes webhooks and rules", async () => {
    const w = await begin();
    await openConsole(page, w, w.ada, "world");
    const world = () =>
      w.dev<{
        channels: { id: string; name: string; topic: string | null; slowmode_seconds: number }[];
        roles: { id: string; name: string; guild_id: string }[];
        members: { user_id: string; guild_id: string; communication_disabled_until: number | null }[];
        automod_rules: { name: string; keywords: string[] }[];
      }>("GET", "/world");

    const channels = page.getByRole("region", { name: "Channels" });
    await channels.getByLabel("Channel name").fill("news");
    await channels.getByLabel("Topic").fill("What changed");
    await channels.getByLabel("Slowmode (s)").fill("5");
    await channels.getByRole("button", { name: "Make channel" }).click();
    await channels.getByRole("cell", { name: "#news" }).waitFor();
    const news = (await world()).channels.find((c) => c.name === "news")!;
    expect(news).toMatchObject({ topic: "What changed", slowmode_seconds: 5 });

    // Bob may not post in #news: a member overwrite, saved and shown.
    await channels.getByRole("row", { name: /#news/ }).getByRole("button", { name: "Permissions" }).click();
    await channels.getByLabel("Overwrite for").selectOption({ label: "member bob" });
    await channels.getByRole("button", { name: "Add" }).click();
    await channels.getByLabel("send_messages for bob").selectOption("deny");
    await channels.getByRole("button", { name: "Save overwrites" }).click();
    await channels.getByText("overwrites saved").waitFor();
    await expect(w.dev("POST", `/channels/${news.id}/messages`, { content: "hi" }, w.bob)).rejects.toThrow(
      /missing_permission|send_messages/,
    );

    const roles = page.getByRole("region", { name: "Roles" });
    await roles.getByLabel("Role name").fill("Mods");
    await roles.getByRole("button", { name: "Make role" }).click();
    await roles.getByText("Mods", { exact: true }).waitFor();
    await roles.locator("li", { hasText: "Mods" }).getByRole("button", { name: "Edit" }).click();
    await roles.getByLabel("Name of Mods").fill("Moderators");
    await roles.getByRole("button", { name: "Save role" }).click();
    await roles.getByText("Moderators", { exact: true }).waitFor();
    expect((await world()).roles.map((r) => r.name)).toContain("Moderators");

    const members = page.getByRole("region", { name: "Members" });
    await members.getByRole("row", { name: /bob/ }).getByRole("button", { name: "Time out" }).click();
    await members.getByRole("row", { name: /bob/ }).getByRole("button", { name: "End timeout" }).waitFor();
    const { now } = await w.dev<{ now: number }>("GET", "/clock");
    const timedOut = (await world()).members.find((m) => m.user_id === w.bob && m.guild_id === w.guildId)!;
    expect(timedOut.communication_disabled_until).toBe(now + 10 * 60_000);

    const webhooks = page.getByRole("region", { name: "Webhooks" });
    await webhooks.getByLabel("Webhook name").fill("Builds");
    await webhooks.getByRole("button", { name: "Make webhook" }).click();
    const first = await webhooks.locator(".secret code").textContent();
    expect(first).toMatch(/\/api\/webhooks\/\d+\//);
    await webhooks.getByText("active").waitFor();
    await webhooks.getByRole("button", { name: "Renew URL" }).click();
    await expect.poll(() => webhooks.locator(".secret code").textContent()).not.toBe(first);

    const automod = page.getByRole("region", { name: "AutoMod rules" });
    await automod.getByLabel("Rule name").fill("No spoilers");
    await automod.getByLabel("Keywords").fill("spoiler, ending");
    await automod.getByRole("button", { name: "Make rule" }).click();
    await automod.getByText("spoiler, ending").waitFor();
    expect((await world()).automod_rules).toMatchObject([
      { name: "No spoilers", keywords: ["spoiler", "ending"] },
    ]);

    await members.getByRole("row", { name: /bob/ }).getByRole("button", { name: "Kick" }).click();
    await members.getByRole("row", { name: /bob/ }).waitFor({ state: "detached" });
    const audit = page.getByRole("region", { name: "Audit log" });
    await audit.getByRole("row").first().waitFor();
    expect(await audit.getByRole("row").count()).toBeGreaterThanOrEqual(5);
  });
});
