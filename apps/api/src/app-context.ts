import type { IpCountryLookup } from './adapters/geo/ip-country.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { SandboxRuntime } from './adapters/payments/create-gateway.ts';
import type { PaymentGateway } from './adapters/payments/payment-gateway.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import type { FileStorage } from './adapters/storage/file-storage.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { ModulePorts } from './module-wiring.ts';
import type { SessionTokens } from './modules/auth/session-token.ts';

/** Everything a use case may depend on; built once in server.ts (or per test) and passed to buildApp. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  tokens: SessionTokens;
  mailer: Mailer;
  sms: SmsSender;
  ipCountry: IpCountryLookup;
  gateway: PaymentGateway;
  /** The built-in sandbox gateway's processor side (GATEWAY=sandbox only). */
  sandbox: SandboxRuntime | null;
  /** Private file storage: local disk (embedded) or S3 (decision 015). */
  storage: FileStorage;
  now: () => Date;
  /** What lower modules call in higher ones (decision 068): `wireModules()`, one object per context. */
  ports: ModulePorts;
};
