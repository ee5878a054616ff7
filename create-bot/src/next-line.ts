/** What the run was, for {@link nextLine}. */
export interface MadeProject {
  /** The project's folder, as the user named it. */
  readonly name: string;
  readonly pm: string;
  /** Whether the dependencies were installed (`--no-install`: not). */
  readonly installed: boolean;
  /** Whether it is a bot (`npm run dev` runs it); a plugin package has only its tests and build. */
  readonly bot: boolean;
}

/**
 * The run's last line: the next two commands, for the project's package manager, with the install
 * first when it was left out. `Next: cd my-bot && npm run dev, then npm test`.
 */
export function nextLine({ name, pm, installed, bot }: MadeProject): string {
  const [first, then] = bot ? [`${pm} run dev`, `${pm} test`] : [`${pm} test`, `${pm} run build`];
  const steps = [`cd ${name}`, ...(installed ? [] : [`${pm} install`]), first];
  return `Next: ${steps.join(" && ")}, then ${then}`;
}
