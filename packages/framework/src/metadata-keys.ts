/**
 * Every metadata key the decorators write, in one place. Values are stored with `reflect-metadata`
 * on the decorated class (or its prototype for members).
 */
export const META = {
  /** On a command class: its {@link CommandOptions}. */
  command: Symbol("chatbot:command"),
  /** On a command's prototype, per method: the `@Option` parameters. */
  options: Symbol("chatbot:options"),
  /** On a listener class: its `@On` / `@Once` handlers. */
  handlers: Symbol("chatbot:handlers"),
  /** On a listener class: its `@OnSchedule` handlers. */
  schedules: Symbol("chatbot:schedules"),
  /** On a class marked `@Listener()`. */
  listener: Symbol("chatbot:listener"),
  /** On a class marked `@singleton()`: one instance per bot. */
  singleton: Symbol("chatbot:singleton"),
  /** On a class, or on its prototype per method: middleware from `@UseMiddleware`. */
  middleware: Symbol("chatbot:middleware"),
} as const;
