import { expect, it } from "vitest";
import { nextLine } from "./next-line.js";

it("says the next two commands for the package manager, with the install first when it was left out", () => {
  expect(nextLine({ name: "my-bot", pm: "npm", installed: true, bot: true })).toBe(
    "Next: cd my-bot && npm run dev, then npm test",
  );
  expect(nextLine({ name: "my-bot", pm: "pnpm", installed: false, bot: true })).toBe(
    "Next: cd my-bot && pnpm install && pnpm run dev, then pnpm test",
  );
  // A plugin package has no bot to run: its tests, then its build.
  expect(nextLine({ name: "my-plugin", pm: "yarn", installed: true, bot: false })).toBe(
    "Next: cd my-plugin && yarn test, then yarn run build",
  );
});
