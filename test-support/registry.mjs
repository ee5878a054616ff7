// A real npm registry on this machine, for the registry test and the create benchmark: Verdaccio
// (the npm package) on a free loopback port, its storage and configuration in a temporary folder.
// Our packages are served only from it; everything else is proxied to the registry npm is
// configured with. `publishRelease` publishes this checkout to it with `npm run release`.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));
const VERDACCIO = join(ROOT, "node_modules", "verdaccio", "bin", "verdaccio");

/** Our own packages: never proxied, only what was published to the local registry. */
const OURS = ["@chatbot/*", "create-chat-bot"];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * This process's environment without what an npm script passes down (`npm_config_*`,
 * `npm_package_*`, `INIT_CWD`, ...): a command run with it behaves as if typed in a shell.
 */
export function cleanEnv() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== "INIT_CWD"),
  );
}

/** The registry npm uses here (the environment's, else npm's own configuration). */
export function upstreamRegistry() {
  return execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8", env: cleanEnv() }).trim();
}

/**
 * Starts Verdaccio and makes a user on it. Answers its URL, an npmrc that points npm at it with
 * that user's token (`userconfig`), the environment for npm commands that must use only it
 * (`env`), and `stop()`, which ends it and removes its folder.
 */
export async function startRegistry() {
  const dir = mkdtempSync(join(tmpdir(), "registry-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const packages = OURS.map(
    (name) => `  "${name}":\n    access: $all\n    publish: $authenticated\n    unpublish: $authenticated\n`,
  ).join("");
  writeFileSync(
    join(dir, "config.yaml"),
    `storage: ${join(dir, "storage")}
auth:
  htpasswd:
    file: ${join(dir, "htpasswd")}
    max_users: 10
uplinks:
  upstream:
    url: ${upstreamRegistry()}
    timeout: 60s
    max_fails: 5
packages:
${packages}  "**":
    access: $all
    publish: $authenticated
    proxy: upstream
web:
  enable: false
max_body_size: 200mb
log: { type: stdout, format: json, level: error }
`,
  );
  const child = spawn(
    process.execPath,
    [VERDACCIO, "--config", join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}): ${stderr}`);
      const up = await fetch(`${url}-/ping`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (waited > 30_000) throw new Error(`verdaccio did not answer on ${url} within 30 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const made = await fetch(`${url}-/user/org.couchdb.user:release`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "release", password: "release-password", email: "release@127.0.0.1" }),
    });
    if (!made.ok) throw new Error(`making a user on verdaccio: ${made.status} ${await made.text()}`);
    const { token } = await made.json();
    const userconfig = join(dir, "npmrc");
    writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    const env = { ...cleanEnv(), npm_config_registry: url, npm_config_userconfig: userconfig };
    return { url, dir, userconfig, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Publishes every package of this checkout to `registry` as a release does (`npm run release`,
 * without git tags). Throws with npm's output when it fails.
 */
export function publishRelease(registry) {
  const done = spawnSync("npm", ["run", "release", "--", "--no-git-tag"], {
    cwd: ROOT,
    env: registry.env,
    encoding: "utf8",
    timeout: 600_000,
  });
  if (done.status !== 0)
    throw new Error(`npm run release failed (${done.status}):\n${done.stdout}${done.stderr}`);
  return `${done.stdout}${done.stderr}`;
}

/**
 * The registry's document for a package (its versions and dist-tags), or null when it has none.
 * Asked twice at most: a kept-alive connection the registry closed meanwhile fails the first time.
 */
export async function packument(registry, name) {
  const url = `${registry.url}${name.replace("/", "%2f")}`;
  const get = () => fetch(url);
  const res = await get().catch(get);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}
