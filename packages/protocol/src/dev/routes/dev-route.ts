import type { GenericSchema, InferInput } from "valibot";

/** The methods of the dev API. */
export type DevMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A query value the client writes into the URL. */
export type DevQueryValue = string | number | boolean | undefined;

declare const phantom: unique symbol;

/** Carries a type and nothing at run time: the answer (or query) type of a route. */
export interface Phantom<T> {
  readonly [phantom]?: T;
}

/**
 * One route of the dev API as data: its method, its path template (`:name` for each parameter),
 * and the types of its body schema, answer and query. Nothing but the method and the path is kept
 * at run time, so a client carries no schema: the schema objects themselves are in
 * {@link DEV_ROUTE_BODIES}, under the same name, which the server validates with.
 */
export interface DevRouteSpec<
  M extends DevMethod = DevMethod,
  P extends string = string,
  B extends GenericSchema | undefined = GenericSchema | undefined,
  A = unknown,
  Q extends Record<string, DevQueryValue> = Record<string, DevQueryValue>,
> {
  readonly method: M;
  readonly path: P;
  /** Present when the route takes a body: the type of its schema. */
  readonly body?: Phantom<B>;
  readonly answer: Phantom<A>;
  readonly query: Phantom<Q>;
}

/** The answer type of a route spec (`void` for `204 No Content`). */
export type AnswerOf<R> =
  R extends DevRouteSpec<DevMethod, string, GenericSchema | undefined, infer A> ? A : never;

/** The body schema's type of a route spec (`undefined`: the route takes no body). */
export type BodySchemaOf<R> = R extends { readonly body?: Phantom<infer B extends GenericSchema> }
  ? B
  : undefined;

/** The body a caller writes for a route (the schema's input: defaults may be left out). */
export type BodyOf<R> = BodySchemaOf<R> extends infer B extends GenericSchema ? InferInput<B> : undefined;

/** The query a caller may give a route. */
export type QueryOf<R> = R extends { readonly query: Phantom<infer Q> } ? Q : never;

/** The parameters of a path template: `/guilds/:guild_id/roles/:role_id` → `guild_id | role_id`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameter values of a path template. */
export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string };

const NONE = Object.freeze({});

/** Declares a route's answer type (and query type); nothing is kept at run time. */
export function answer<A, Q extends Record<string, DevQueryValue> = Record<never, never>>(): {
  answer: Phantom<A>;
  query: Phantom<Q>;
} {
  return { answer: NONE, query: NONE };
}

/** Declares a route's body by the type of its schema (`body<typeof JoinBodySchema>()`). */
export function body<B extends GenericSchema>(): Phantom<B> {
  return NONE;
}

/** A route spec from its parts. */
export function defineDevRoute<
  M extends DevMethod,
  P extends string,
  A,
  Q extends Record<string, DevQueryValue>,
  B extends GenericSchema | undefined = undefined,
>(
  method: M,
  path: P,
  types: { answer: Phantom<A>; query: Phantom<Q> },
  takes?: Phantom<B>,
): DevRouteSpec<M, P, B, A, Q> {
  return { method, path, ...(takes === undefined ? {} : { body: takes }), ...types };
}
