// oidc-provider ships no types; this is the part the test identity provider (oidc-provider.ts) uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Claims = Record<string, unknown> & { sub: string };
  type Account = { accountId: string; claims: () => Claims | Promise<Claims> };
  type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };
  type Context = {
    oidc: { client?: { clientId: string }; session?: { accountId?: string } };
  };
  type Interaction = { uid: string; prompt: { name: string }; params: Record<string, unknown> };

  export type Configuration = {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    ttl?: Record<string, number>;
    findAccount?: (ctx: Context, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url: (ctx: Context, interaction: Interaction) => string };
    cookies?: { keys: string[] };
    pkce?: { required: () => boolean };
    loadExistingGrant?: (ctx: Context) => Promise<Grant | undefined>;
    renderError?: (ctx: { type: string; body: string }, out: Record<string, string>, error: Error) => void;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (init: {
      accountId?: string;
      clientId?: string;
    }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
