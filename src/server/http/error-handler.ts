import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  ConfirmFirstError,
  InUseError,
  PageChangedError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors';
import type { RefusalShape } from './contract';

/**
 * The one error handler (STYLE habit 4): typed errors become `{ message }` with their status; the refusals
 * of a route that asks for one of the spec's shapes (`config.refusal`) become that shape; anything unknown
 * is logged and answered with a 500 that shows no internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const config = request.routeOptions.config;
    // A body refused by the route's schema, on a route whose spec words every such refusal the same way.
    const known =
      config?.invalidInputMessage && error.validationContext
        ? new ValidationError(config.invalidInputMessage)
        : asAppError(error);
    // An error answer is JSON even from a route that had begun another kind of answer (a CSV export whose
    // query fails): never a file named for download, never an object sent as text.
    reply.removeHeader('content-disposition').type('application/json; charset=utf-8');
    if (!known) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(known.statusCode).send(errorBody(known, config?.refusal));
  });
}

/**
 * Refusals Fastify gives before any route is chosen (Fastify's `frameworkErrors`): an address that is not valid
 * percent-encoding, or a path part longer than any route takes. In the one model: a status and a sentence, never
 * the address sent back or a framework's code.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send({ message: 'The address is too long.' });
  else void reply.code(400).send({ message: 'The address is not valid.' });
}

/**
 * The answer's body: `{ message }` with the `field` a refusal is about (`usedBy` too for a thing in use), or the route's spec shape for the refusals
 * of its service (400, 404, 409): the spec fixes those shapes, so they carry no field.
 */
function errorBody(error: AppError, refusal: RefusalShape | undefined): Record<string, unknown> {
  const status = error.statusCode;
  if (error instanceof InUseError) return { message: error.message, [error.named]: error.usedBy };
  if (error instanceof PageChangedError)
    return { message: error.message, routing: error.routing, locale: error.locale };
  if (error instanceof ConfirmFirstError)
    return { message: error.message, confirm: true, ...(error.field === undefined ? {} : { field: error.field }) };
  if (!refusal || !(status === 400 || status === 404 || status === 409)) {
    return error instanceof ValidationError && error.field !== undefined
      ? { message: error.message, field: error.field }
      : { message: error.message };
  }
  if (refusal === 'NO' || refusal === 'No') return { status: refusal, message: error.message };
  if (refusal === 'error') return { status: 'error', message: error.message };
  return { status: 'error', message: error.message, rescoremessage: error.message };
}

/** Fastify's and its plugins' errors, in the one model; null for what is not a client's mistake. */
function asAppError(error: FastifyError): AppError | null {
  if (error instanceof AppError) return error;
  const status = error.statusCode ?? 500;
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new UnsupportedMediaTypeError();
  if (status === 413) return new PayloadTooLargeError();
  if (status === 429) return new TooManyRequestsError();
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return new ValidationError('The request body is not valid JSON.');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new ValidationError('The request body is empty; send a JSON object.');
  if (status >= 400 && status < 500) return new AppError(status, 'The request could not be handled.');
  return null;
}
