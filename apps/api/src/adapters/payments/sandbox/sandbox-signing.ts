import { createHmac, timingSafeEqual } from 'node:crypto';

/** The sandbox's webhook header, shaped like Stripe's: `t=<unix seconds>,v1=<hex HMAC of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'geekly-signature';
/** Seconds a webhook signature stays valid (Stripe's default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Signs the gateway form: every field but the signature, in name order, so no field can be changed. */
export function signFormFields(secret: string, fields: Record<string, string>): string {
  const canonical = Object.keys(fields)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  return hmac(secret, `form\n${canonical}`);
}

export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmac(secret, `${timestampSeconds}.${body}`)}`;
}

type SignatureCheck = 'ok' | 'malformed' | 'mismatch' | 'stale';

export function checkWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
): SignatureCheck {
  if (!header) return 'malformed';
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return 'malformed';
  if (!safeEqualHex(parts.v1, hmac(secret, `${t}.${body}`))) return 'mismatch';
  if (Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return 'stale';
  return 'ok';
}

/** The card page's session token: only the page the gateway showed can submit a card for that session. */
export const sessionToken = (secret: string, sessionId: string) => hmac(secret, `session\n${sessionId}`);

/** The same card always gets the same fingerprint, as Stripe's card fingerprints; the digits are not kept. */
export function cardFingerprint(secret: string, digits: string): string {
  return `fp_${hmac(secret, `card\n${digits}`).slice(0, 24)}`;
}
