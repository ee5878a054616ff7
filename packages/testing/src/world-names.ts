import type { TestWorldOptions } from "./world-description.js";

/** The names a list or a record gives: `["a", "b"]` → `"a" | "b"`, `{ a: …, b: … }` → `"a" | "b"`. */
export type Keys<X> = X extends readonly (infer S extends string)[]
  ? S
  : X extends object
    ? Extract<keyof X, string>
    : never;

/** The server descriptions of the options: each of `servers`, or the options themselves. */
export type ServersOf<O> = O extends { readonly servers: infer S } ? S[keyof S] : O;

/** People by name: the described ones, and `owner` when some server's owner was left out. */
export type PeopleNames<O> =
  | (O extends { readonly people: infer P } ? Keys<P> : never)
  | (O extends { readonly owner: string } ? never : "owner");

/** Channel names of every described server (`general` where none is given). */
export type ChannelNames<O> =
  ServersOf<O> extends infer S ? (S extends { readonly channels: infer C } ? Keys<C> : "general") : never;

/** Role names of every described server, and `everyone`. */
export type RoleNames<O> =
  | "everyone"
  | (ServersOf<O> extends infer S ? (S extends { readonly roles: infer R } ? Keys<R> : never) : never);

/** Server names (`test` when `servers` is absent). */
export type ServerNames<O> = O extends { readonly servers: infer S } ? Keys<S> : "test";

/** App names (`bot`, or the `app`'s `name`, or the keys of `apps`). */
export type AppNames<O> = O extends { readonly apps: infer A }
  ? Keys<A>
  : O extends { readonly app: { readonly name: infer N extends string } }
    ? N
    : "bot";

/**
 * The names of handles: the described ones when the options are written in place (so a typo is a
 * type error; no options at all gives the default world's names), any string when they come from a
 * seed or from a variable of the wide type.
 */
export type Named<O, N extends string> = [keyof O] extends [never]
  ? N
  : TestWorldOptions extends O
    ? string
    : O extends { readonly seed: unknown }
      ? string
      : N;
