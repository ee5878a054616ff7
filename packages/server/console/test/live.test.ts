import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { begin, page, useChromium } from "./console-page.js";
import { openConsole, screenshot } from "./console-support.js";

// The dev key, and the live stream broken and back.
useChromium();

describe("the web console in Chromium", () => {
  it("asks for the dev key when the server needs one, then works with it, live updates included", async () => {
    const w = await begin({ devKey: "console-key" });
    await page.addInitScript((id: string) => localStorage.setItem("chatbot-console:person", id), w.bob);
    await page.goto(`${w.server.baseUrl}/console/#chat`);
    const key = page.getByLabel("Dev key", { exact: true });
    await key.fill("not-the-key");
    await page.getByRole("button", { name: "Open the console" }).click();
    await page.getByText("The server refused that key.").waitFor();
    await screenshot(page, "dev-key");
    await key.fill("console-key");
    await page.getByRole("button", { name: "Open the console" }).click();
    await page.locator(".live.on").waitFor();
    await page.getByText("# general").first().waitFor();

    // The stream carries the key too: what Ada posts arrives without a reload.
    await w.dev("POST", `/channels/${w.general}/messages`, { content: "posted beside the page" }, w.ada);
    await page.locator(".message", { hasText: "posted beside the page" }).waitFor();
    await page.getByLabel("Message", { exact: true }).fill("posted from the page");
    await page.keyboard.press("Enter");
    await page.locator(".message", { hasText: "posted from the page" }).waitFor();
    const seen = await w.dev<{ content: string; author: { id: string } }[]>(
      "GET",
      `/channels/${w.general}/messages?limit=1`,
      undefined,
      w.ada,
    );
    expect(seen[0]).toMatchObject({ content: "posted from the page", author: { id: w.bob } });

    // The key is kept for the tab: a reload goes straight in.
    await page.reload();
    await page.locator(".live.on").waitFor();
    expect(await key.count()).toBe(0);
  });

  it("says when the live stream is down, and catches up on what it missed once it is back", async () => {
    const w = await begin();
    const streams: ServerResponse[] = [];
    w.server.httpServer.on("request", (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith("/dev/v1/stream")) streams.push(res);
    });
    await openConsole(page, w, w.bob);
    await page.getByText("# general").first().waitFor();
    // The stream breaks, and cannot come back until the route is lifted.
    await page.route("**/dev/v1/stream", (route) => route.abort());
    for (const res of streams.splice(0)) res.destroy();
    await page.locator(".live", { hasText: "offline" }).waitFor();
    await w.dev("POST", `/channels/${w.general}/messages`, { content: "posted while offline" }, w.ada);
    await page.unroute("**/dev/v1/stream");
    await page.locator(".live.on").waitFor();
    await page.locator(".message", { hasText: "posted while offline" }).waitFor();
    expect(streams).toHaveLength(1);
  });
});
