// Coded errors thrown by use cases; plugins/error-handler.ts maps them to HTTP once.
const ERROR_STATUS = {
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BLOCKED_COUNTRY: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USER_NOT_FOUND: 404,
  WRONG_PASSWORD: 400,
  CSRF: 403,
  RATE_LIMITED: 429,
  ORDER_LOCKED: 422,
  NOT_ALLOWED: 409,
  INSUFFICIENT_BALANCE: 409,
  PAYMENT_REQUIRED: 402,
  BAD_SIGNATURE: 400,
  GATEWAY_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly errorType: string | undefined;
  readonly errorValue: unknown;
  /** Sent as Retry-After, in whole seconds (a 429 for a limit, docs/product/http-api.md). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { errorType?: string; errorValue?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(detail);
    this.code = code;
    this.detail = detail;
    this.errorType = options.errorType;
    this.errorValue = options.errorValue;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Not authenticated');

export const validationError = (fields: Record<string, string>) =>
  new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid input', {
    errorType: 'validation',
    errorValue: fields,
  });

/** A 429 (decision 030): the message the app shows, and `Retry-After` in whole seconds (at least 1). */
export const rateLimited = (detail: string, retryAfterMs: number) =>
  new AppError('RATE_LIMITED', detail, {
    errorType: 'rate_limited',
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
