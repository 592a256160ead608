import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_COOKIE } from '../modules/auth/session-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** This browser's first-party device id (decision 017): its cookie's, or a new one this answer sets. */
    deviceId: string;
  }
}

const DEVICE_COOKIE = 'geekly_device';
/** Two years: the device id outlives sessions and log-outs. */
const DEVICE_MAX_AGE_SECONDS = 2 * 365 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{24}$/;

const setsSession = (reply: FastifyReply) =>
  String(reply.getHeader('set-cookie') ?? '').includes(`${SESSION_COOKIE}=`);
const isPage = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/html');

/**
 * A long-lived, random, HttpOnly first-party cookie naming the browser (decision 017's same-device referral
 * signal). Every request knows its id; a browser without one gets it with its first page, or with the answer
 * that signs it up or logs it in (a client that keeps no cookies simply looks like a new device each time).
 */
export function registerDeviceId(app: FastifyInstance, config: Config) {
  const secure = config.PUBLIC_URL.startsWith('https://');
  const known = (request: FastifyRequest) => {
    const id = request.cookies[DEVICE_COOKIE];
    return id && DEVICE_ID.test(id) ? id : undefined;
  };
  // Drawn only when asked for (sign-up, log-in, a page): most API calls never need one.
  const drawn = new WeakMap<FastifyRequest, string>();
  app.decorateRequest('deviceId', {
    getter(this: FastifyRequest) {
      const cookie = known(this);
      if (cookie) return cookie;
      let id = drawn.get(this);
      if (!id) {
        id = randomBytes(18).toString('base64url');
        drawn.set(this, id);
      }
      return id;
    },
  });
  app.addHook('onSend', async (request, reply) => {
    if (known(request) || !(isPage(reply) || setsSession(reply))) return;
    reply.setCookie(DEVICE_COOKIE, request.deviceId, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: DEVICE_MAX_AGE_SECONDS,
    });
  });
}
