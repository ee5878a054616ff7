import { afterEach, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src/index.js";

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("GET /", () => {
  it("answers where everything is: JSON when asked for it", async () => {
    server = await startServer({ port: 0 });
    const answer = await fetch(`${server.baseUrl}/`, { headers: { accept: "application/json" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await answer.json()).toEqual({
      name: "chatbot reference server",
      base_url: server.baseUrl,
      rest_url: `${server.baseUrl}/v1`,
      gateway_url: server.gatewayUrl,
      dev_api: { url: `${server.baseUrl}/dev/v1`, access: "open", world: `${server.baseUrl}/dev/v1/world` },
      docs: ["docs/index.md", "docs/reference-server.md", "docs/cli.md", "docs/console.md"],
      console: `${server.baseUrl}/console/`,
    });
  });

  it("answers plain text to curl and a small HTML page to a browser", async () => {
    server = await startServer({ port: 0 });
    const text = await fetch(`${server.baseUrl}/`, { headers: { accept: "*/*" } });
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const body = await text.text();
    expect(body).toContain(`gateway       ${server.gatewayUrl}`);
    expect(body).toContain(`dev API       ${server.baseUrl}/dev/v1  open (loopback)`);
    const html = await fetch(`${server.baseUrl}/?from=browser`, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await html.text()).toContain(`<a href="${server.baseUrl}/dev/v1/world">`);
    const head = await fetch(`${server.baseUrl}/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("says when the dev API is off, and leaves other paths and methods to the API", async () => {
    server = await startServer({ port: 0, host: "0.0.0.0" });
    const page = (await (
      await fetch(`${server.baseUrl}/`, { headers: { accept: "application/json" } })
    ).json()) as { dev_api: { access: string } };
    expect(page.dev_api.access).toBe("off");
    expect((await fetch(`${server.baseUrl}/`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/nothing`)).status).toBe(404);
  });
});
