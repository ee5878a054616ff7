/** The plugin's settings, made from its options: injectable in its classes by type. */
export class FaqSettings {
  constructor(
    /** Topic → answer. */
    readonly answers: Readonly<Record<string, string>>,
    /** What starts a question in a message: `?rules`. */
    readonly prefix: string,
  ) {}
}
