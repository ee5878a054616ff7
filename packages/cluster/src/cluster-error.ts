/** An option of the cluster broke a rule; the message names the option and the rule. */
export class ClusterOptionsError extends Error {
  readonly code = "invalid_option";
  constructor(message: string) {
    super(message);
    this.name = "ClusterOptionsError";
  }
}
