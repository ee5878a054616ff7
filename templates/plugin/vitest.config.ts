import { defineConfig } from "vitest/config";

// Vite's transform emits the decorator metadata that dependency injection reads.
export default defineConfig({ test: { include: ["test/**/*.test.ts"] } });
