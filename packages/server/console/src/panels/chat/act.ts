/** Calls the dev API as the person (`method`, `path`, `body`), then reads the history again. */
export type Act = (method: string, path: string, body?: unknown) => Promise<void>;
