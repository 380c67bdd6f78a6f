/**
 * One error model (STYLE §4): services throw these; the one error handler (http/error-handler.ts) turns them
 * into `{ message }` (and `field`, for a refusal about one field) with the right status, or into the spec's
 * refusal shape where the route's config asks for it. Anything else becomes a 500 without internals.
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

/**
 * A refusal of the input. `field` names the one field it is about, as a dotted path into the body
 * (`password`, `skillList.2.skillName`), so that a form marks that field without comparing sentences (docs/design.md §25).
 */
export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(400, message);
  }
}

/** The class of the errors of one status, with the sentence they say when the thrower gives none. */
function errorWithStatus(statusCode: number, sentence: string) {
  return class extends AppError {
    constructor(message = sentence) {
      super(statusCode, message);
    }
  };
}

export class UnauthorizedError extends errorWithStatus(401, 'Please log in to continue.') {}

export class ForbiddenError extends errorWithStatus(403, 'You are not allowed to do this.') {}

export class NotFoundError extends errorWithStatus(404, 'Not found.') {}

export class ConflictError extends errorWithStatus(409, 'The record was changed meanwhile.') {}

/** A delete refused because something still uses what would be deleted: the answer names the places too (`usedBy`). */
export class InUseError extends ConflictError {
  constructor(
    message: string,
    readonly usedBy: readonly object[],
    /** The answer's name for the places: `usedBy` (images), `usedOn` (a form's pages, docs/design.md §30). */
    readonly named: 'usedBy' | 'usedOn' = 'usedBy',
  ) {
    super(message);
  }
}

/**
 * A release refused because one of its pages changed since it was added (docs/design.md §32): the answer names the page
 * (`routing`, and `locale`, null for the default language) so that the screen can point at it.
 */
export class PageChangedError extends ConflictError {
  constructor(
    message: string,
    readonly routing: string,
    readonly locale: string | null,
  ) {
    super(message);
  }
}

/**
 * A change the person must say yes to first (docs/design.md §34: a redirect to an address where nothing is): a 409 whose
 * answer says `confirm: true` with the question; the same call sent again with its confirmation goes ahead.
 */
export class ConfirmFirstError extends ConflictError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class PayloadTooLargeError extends errorWithStatus(413, 'The request is too large.') {}

export class UnsupportedMediaTypeError extends errorWithStatus(
  415,
  'This call accepts JSON only: send Content-Type: application/json.',
) {}

export class TooManyRequestsError extends errorWithStatus(
  429,
  'Too many requests. Please wait a few minutes and try again.',
) {}

/** The instance cannot serve now (starting, shutting down, or its database not answering): try another. */
export class ServiceUnavailableError extends errorWithStatus(
  503,
  'The service is not available now. Please try again.',
) {}
