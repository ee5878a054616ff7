// Debian's Chromium as the console's browser tests and benchmark drive it through playwright-core:
// never a browser download. The flags keep it headless as root and off the network it cannot reach
// here (without the background-networking ones it retries refused connections all the time).
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/** Where Debian installs it (`apt-get install chromium`, as `.ci/run` does). */
export const CHROMIUM = "/usr/bin/chromium";

/** Launches headless Chromium; fails with what to install when it is not there. */
export function launchChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium), as .ci/run does`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
