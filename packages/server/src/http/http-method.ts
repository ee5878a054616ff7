/** The HTTP methods routes use. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** An HTTP method of a route. */
export type HttpMethod = (typeof HTTP_METHODS)[number];
