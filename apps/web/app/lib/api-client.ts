// docs/product/http-api.md: JSON calls under /api/v3 with a 30 s timeout; failures normalised to
// { status, text, type, value }.
export class ApiError extends Error {
  readonly status: number;
  readonly text: string;
  readonly type: string | undefined;
  readonly value: unknown;

  constructor(status: number, text: string, type?: string, value?: unknown) {
    super(text);
    this.status = status;
    this.text = text;
    this.type = type;
    this.value = value;
  }

  /** The field → message map of a 422, if any. */
  get fieldErrors(): Record<string, string> {
    return this.type === 'validation' && this.value && typeof this.value === 'object'
      ? (this.value as Record<string, string>)
      : {};
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/v3${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'Unknown error');
  }
  if (res.status === 204) return undefined as T;
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(res.status, 'Request JSON error');
  }
  if (!res.ok) {
    const b = (body ?? {}) as {
      detail?: string;
      error_message?: string;
      error_type?: string;
      error_value?: unknown;
    };
    throw new ApiError(
      res.status,
      b.detail ?? b.error_message ?? 'Unknown error',
      b.error_type,
      b.error_value,
    );
  }
  return body as T;
}

export const host = () => window.location.host;
export const timezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
