// ESLint (flat config) with typescript-eslint for TypeScript, Prettier for formatting
// (`eslint-config-prettier` turns off the rules Prettier owns).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "bench/results/**",
      "**/*.hbs",
      "docs/api/**",
      "docs/.vitepress/cache/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Decorated classes keep their constructors' parameter types at run time (tsyringe reads
      // them): with these set, consistent-type-imports leaves such files' imports as values.
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-throw-literal": "error",
      eqeqeq: ["error", "always"],
    },
  },
  {
    // No file over 400 lines: one that grows past it is split along its seams (docs/contributing.md).
    rules: { "max-lines": ["error", { max: 400 }] },
  },
  {
    // The web console runs in a browser.
    files: ["packages/server/console/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
