/** The repository's root folder. */
export const ROOT: string;

/** A local npm registry (Verdaccio) started by {@link startRegistry}. */
export interface LocalRegistry {
  /** Its URL, with a trailing slash. */
  readonly url: string;
  /** Its temporary folder (storage, configuration, npmrc). */
  readonly dir: string;
  /** An npmrc that points npm at it with a publishing user's token. */
  readonly userconfig: string;
  /** The environment for npm commands that must use only this registry. */
  readonly env: NodeJS.ProcessEnv;
  /** Ends it and removes its folder. */
  stop(): Promise<void>;
}

/** The registry npm uses here. */
export function upstreamRegistry(): string;
/** Starts Verdaccio on a free loopback port, its files in a temporary folder. */
export function startRegistry(): Promise<LocalRegistry>;
/** Publishes every package of this checkout to the registry with `npm run release`. */
export function publishRelease(registry: LocalRegistry): string;
/** This process's environment without what an npm script passes down (`npm_*`, `INIT_CWD`). */
export function cleanEnv(): NodeJS.ProcessEnv;
/** The registry's document for a package (its versions and dist-tags), or null when it has none. */
export function packument(
  registry: LocalRegistry,
  name: string,
): Promise<{ "dist-tags": Record<string, string>; versions: Record<string, unknown> } | null>;
