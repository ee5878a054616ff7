import { fileURLToPath } from "node:url";
import { defaultClientConditions, defineConfig } from "vite";

// The web console: a static page the reference server serves at /console/, built into the server's
// dist folder by `npm run build`. Preact through Vite's own JSX transform; no plugin. The workspace's
// packages (`@chatbot/protocol/constants`) are read from their TypeScript sources (the `source`
// export condition), so the console builds without their dist.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/console/",
  resolve: { conditions: ["source", ...defaultClientConditions] },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: fileURLToPath(new URL("../dist/console", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
  },
  logLevel: "warn",
});
