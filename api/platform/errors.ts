/**
 * The one way the server refuses a request: thrown anywhere (a route, a middleware, a service), it is
 * answered `{ error: message, ...extra }` with `status` by the app's one error handler (api/app.ts).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly extra?: Record<string, unknown>,
    /** Answer headers, e.g. Retry-After on 429 and 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
