// Started by playwright.config.ts as a web server beside the app's: the stories' Google (decision 040).
import { startTestProvider } from '../../apps/api/test/helpers/oidc-provider.ts';
import { googleProvider } from './google.ts';

const settings = googleProvider(Number(process.env.E2E_PORT ?? 3310));
const provider = await startTestProvider({
  redirectUris: [settings.redirectUri],
  port: settings.port,
  client: { id: settings.clientId, secret: settings.clientSecret },
});
console.log(`test identity provider on ${provider.issuer}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
