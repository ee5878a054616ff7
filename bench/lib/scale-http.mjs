// HTTP calls of bench/scale.mjs: every call has a deadline, and a status that is not 2xx throws
// with the method, path and answer.

/** A function `(method, path, body?, headers?) => parsed answer` on `baseUrl` as the bot `token`. */
export function client(baseUrl, token, timeoutMs = 60_000) {
  return async (method, path, body, headers = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bot ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (res.status >= 300)
      throw new Error(`${method} ${path.split("?")[0]}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Rejects with `what took over N s` unless `promise` settles within `ms`. */
export function within(promise, ms, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
