import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider for the tests of single sign-on (docs/design.md §33): `oidc-provider` on 127.0.0.1 at a
 * free port, with one confidential client whose redirect URI is the app's callback. Its sign-in page is the library's
 * development one (any password; the login typed is the account's id), and consent is given by itself (the client is
 * the firm's own), so a sign-in is: the login page, then straight back to the app. The accounts' claims are the test's.
 */

export interface TestAccount {
  email: string;
  /** Left out as Microsoft Entra ID leaves it out, which says `xms_edov` instead. */
  email_verified?: boolean;
  xms_edov?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by login (the id typed on the provider's sign-in page): set and change them at will. */
  accounts: Map<string, TestAccount>;
  /** Stops answering (a provider that is down); start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const server = http.createServer();
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'folio';
  const clientSecret = 'a-test-client-secret-of-the-firm';
  const accounts = new Map<string, TestAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['name', 'given_name', 'family_name'],
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
    loadExistingGrant: grantOfOwnClient,
    pkce: { required: () => true },
    cookies: { keys: ['folio-test-provider-cookies'] },
    // Lifetimes of its own (the library's defaults say on the console that they are defaults).
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  let sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      sockets = new Set();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    start: () => listen(server, port),
  };
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Consent for the firm's own client without asking: the scopes it asks for are granted at the first sign-in. */
async function grantOfOwnClient(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const existing = session.grantIdFor(client.clientId);
  if (existing) return provider.Grant.find(existing);
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
}
