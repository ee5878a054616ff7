/** The file name prebuild-install looks for: the one better-sqlite3's releases use, for this Node. */
export function prebuildName(version: string): string;
/** The highest better-sqlite3 in `range` on the registry `env` points npm at: what an install picks. */
export function resolveVersion(range: string, env: NodeJS.ProcessEnv): string;
/**
 * The folder holding better-sqlite3 `version` compiled for this Node, compiling it first (an `npm
 * install` of it from source) when it is not there yet.
 */
export function betterSqlitePrebuild(version: string, env: NodeJS.ProcessEnv): string;
/** Makes prebuild-install in every project under `folder` take better-sqlite3 from `prebuilds`. */
export function useLocalPrebuilds(folder: string, prebuilds: string): void;
