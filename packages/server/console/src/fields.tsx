/** The page's form fields: a text box and a list to pick from, each named for screen readers and tests. */

/** A text box whose value lives in the caller's state. */
export function Text(props: {
  label: string;
  value: string;
  set: (value: string) => void;
  placeholder?: string;
  size?: number;
  autoFocus?: boolean;
}) {
  return (
    <input
      aria-label={props.label}
      placeholder={props.placeholder}
      size={props.size}
      value={props.value}
      onInput={(e) => props.set(e.currentTarget.value)}
      autoFocus={props.autoFocus}
    />
  );
}

/** A list to pick one of `choices` (`[value, text]`) from, after an empty choice when `placeholder` is given. */
export function Pick(props: {
  label: string;
  value: string;
  set: (value: string) => void;
  choices: readonly (readonly [value: string, text: string])[];
  placeholder?: string;
}) {
  return (
    <select aria-label={props.label} value={props.value} onChange={(e) => props.set(e.currentTarget.value)}>
      {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
      {props.choices.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
}
