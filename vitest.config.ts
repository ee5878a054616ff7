import "./vitest.node20.js";
import { defineConfig } from "vitest/config";
import projects from "./vitest.workspace.js";

export default defineConfig({
  test: {
    projects,
  },
});
