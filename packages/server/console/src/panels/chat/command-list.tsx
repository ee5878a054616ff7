import type { Command } from "../../api";

/** The commands whose names start with what follows the `/` typed, to pick one from. */
export function CommandList({
  typed,
  matches,
  error,
  onPick,
}: {
  typed: string;
  matches: Command[];
  error: string | null;
  onPick: (command: Command) => void;
}) {
  return (
    <div class="command-list" role="listbox" aria-label="Commands">
      {error && <p class="error">You cannot use commands here: {error}</p>}
      {!error && matches.length === 0 && <p class="muted">No command matches /{typed}.</p>}
      {matches.map((command) => (
        <button type="button" role="option" key={command.id} class="command" onClick={() => onPick(command)}>
          <strong>/{command.name}</strong> <span class="muted">{command.description}</span>
          <span class="app">{command.app_name}</span>
        </button>
      ))}
    </div>
  );
}
