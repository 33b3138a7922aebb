/** A rule refused the request; the handler answers `{ error: message }` with `status`. */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly extra?: Record<string, unknown>,
    /** Answer headers, e.g. Retry-After on 429 and 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ServiceError(404, `${what} not found`);
export const forbidden = (message = 'You do not have permission to do that') => new ServiceError(403, message);
