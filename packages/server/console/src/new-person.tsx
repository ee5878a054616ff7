import { useState } from "preact/hooks";
import { api, describe, type User } from "./api";
import { Text } from "./fields";

/** A link that opens a form to make a person (a user who is not a bot). */
export function NewPerson({ onMade }: { onMade: (user: User) => void }) {
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <button type="button" class="link" onClick={() => setOpen(true)}>
        New person
      </button>
    );
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      const user = await api<User>("POST", "/dev/v1/users", { body: { username } });
      setOpen(false);
      setUsername("");
      setError(null);
      onMade(user);
    } catch (failure) {
      setError(describe(failure));
    }
  };
  return (
    <form class="inline" onSubmit={submit} aria-label="New person">
      <Text label="username" placeholder="username" value={username} set={setUsername} autoFocus />
      <button type="submit">Make</button>
      <button type="button" class="link" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error && <span class="error">{error}</span>}
    </form>
  );
}
