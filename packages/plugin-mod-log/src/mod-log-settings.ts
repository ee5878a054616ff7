/** The mod log's settings, made from the plugin's options; injectable in its classes by type. */
export class ModLogSettings {
  constructor(
    /** The name of the channel moderation is logged into, in each server. */
    readonly channel: string,
  ) {}
}
