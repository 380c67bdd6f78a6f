/**
 * One error model (STYLE §4): services throw these; the one error handler (http/error-handler.ts) turns them
 * into `{ message }` with the right status, or into the spec's refusal shape where the route's config asks
 * for it. Anything else becomes a 500 without internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please log in to continue.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request is too large.') {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'This call accepts JSON only: send Content-Type: application/json.') {
    super(415, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests. Please wait a few minutes and try again.') {
    super(429, message);
  }
}

/** The instance cannot serve now (starting, shutting down, or its database not answering): try another. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
