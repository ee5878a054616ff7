/** A box to tick for each of `names` (permissions, scopes, intents), `chosen` ticked. */
export function Checks({
  names,
  chosen,
  onChange,
  label,
}: {
  names: readonly string[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
  label: string;
}) {
  return (
    <fieldset class="checks">
      <legend>{label}</legend>
      {names.map((name) => (
        <label key={name} class="check">
          <input
            type="checkbox"
            checked={chosen.includes(name)}
            onChange={(e) =>
              onChange(e.currentTarget.checked ? [...chosen, name] : chosen.filter((n) => n !== name))
            }
          />
          {name}
        </label>
      ))}
    </fieldset>
  );
}
