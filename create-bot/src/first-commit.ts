import { spawnSync } from "node:child_process";

/** Who the first commit is by for what the user's git does not know (no `user.name`, no `user.email`). */
export const FALLBACK_IDENTITY = { name: "create-chat-bot", email: "create-chat-bot@localhost" } as const;

/**
 * Makes `folder` a git repository holding everything in it as a first commit, by the user's own git
 * identity (`user.name` and `user.email` as git resolves them there: the global and system
 * configuration, `includeIf` and all); only what is unset is taken from {@link FALLBACK_IDENTITY}.
 * Answers whether the commit was made.
 */
export function firstCommit(folder: string, message: string): boolean {
  const git = (...args: string[]) =>
    spawnSync("git", args, { cwd: folder, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  if (git("init", "-q").status !== 0 || git("add", "-A").status !== 0) return false;
  const fallback = (["name", "email"] as const).flatMap((key) =>
    git("config", "--get", `user.${key}`).stdout.trim() === ""
      ? ["-c", `user.${key}=${FALLBACK_IDENTITY[key]}`]
      : [],
  );
  return git(...fallback, "commit", "-qm", message).status === 0;
}
