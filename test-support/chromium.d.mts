import type { Browser } from "playwright-core";

/** Where Debian installs Chromium. */
export declare const CHROMIUM: string;
/** Launches headless Debian Chromium; throws naming what to install when it is missing. */
export declare function launchChromium(): Promise<Browser>;
