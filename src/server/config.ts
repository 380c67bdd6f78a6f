import path from 'node:path';
import { z } from 'zod';

/** Environment of docs/design.md §2, validated once at start; a bad value stops the start with a message naming it. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// (leave it unset for SQLite)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_BASE_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(12, { message: 'must be at least 12 characters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTACT_RECIPIENT: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, {
      message: 'must start with smtp:// or smtps:// (e.g. smtp://user:password@mail.example.com:587)',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTACT_MIN_FILL_SECONDS: z.coerce.number().min(0).max(600).default(3),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  FORM_MAX_MB: z.coerce.number().positive().max(100).default(20),
  TRUST_PROXY: booleanFlag,
  WEBHOOKS_ALLOW_HTTP: booleanFlag,
  WEBHOOKS_ALLOW_PRIVATE: booleanFlag,
  COUNT_VISITS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .default('true')
    .transform((value) => value !== 'false' && value !== '0' && value !== 'no'),
  ACCEPT_COPIES: z.coerce.number().int().min(0).max(256).default(32),
  DEFAULT_TENANT: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,30}$/, { message: 'must be a lowercase name' })
    .default('default'),
  TENANTS: z.string().default('default'),
  REVISIONS_PER_PAGE: z.coerce
    .number()
    .int()
    .min(0, { message: 'must be a whole number, 0 to keep every revision' })
    .max(100_000)
    .default(100),
  AUDIT_KEEP_DAYS: z.coerce
    .number()
    .int()
    .min(1, { message: 'must be a whole number of days, at least 1' })
    .max(36_500)
    .default(400),
  SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/=_-]{43,}$/, {
      message: 'must be at least 32 random bytes in base64 (openssl rand -base64 32)',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z
    .enum(['pretty', 'json'], {
      message:
        "must be 'pretty' (readable lines) or 'json' (one JSON object a line); unset: pretty on a terminal, else json",
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicBaseUrl: string;
  adminPassword: string | undefined;
  contactRecipient: string | undefined;
  smtpUrl: string | undefined;
  /** The sender of enquiry mails; default the recipient itself (many SMTP servers accept only their own addresses). */
  mailFrom: string | undefined;
  /** The contact form's spam guard: a submission sooner than this after the page was served is spam (docs/design.md §15). */
  contactMinFillMs: number;
  uploadMaxBytes: number;
  /** The files of one form submission together at most (docs/design.md §30, FORM_MAX_MB). */
  formMaxBytes: number;
  trustProxy: boolean;
  /** Webhook endpoints may be plain http:// addresses (docs/design.md §33; off: https only). */
  webhooksAllowHttp: boolean;
  /** Webhook endpoints may lead to loopback, private, link-local … addresses (docs/design.md §33; off: refused). */
  webhooksAllowPrivate: boolean;
  /** Whether public pages' views are counted (docs/design.md §31, COUNT_VISITS; on unless set false). */
  countVisits: boolean;
  /** Copies of the listening socket, each taking a new connection per turn of the event loop (decision 012). */
  acceptCopies: number;
  defaultTenant: string;
  tenants: string[];
  /** Audit log entries older than this many days are pruned by a background job (docs/design.md §21). */
  auditKeepDays: number;
  /** The newest revisions of each page that are kept (docs/design.md §19); 0 keeps all. The published and a scheduled one always stay. */
  revisionsPerPage: number;
  /**
   * Seals two-step sign-in secrets at rest (decision 016). Required with DATABASE_URL (every instance needs the
   * same key); unset on SQLite, the key in DATA_DIR/secret.key is used, made at the first start (docs/design.md §24).
   */
  secretKey: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** How log lines are written: readable lines or JSON; unset, readable on a terminal and JSON otherwise (docs/design.md §24). */
  logFormat: 'pretty' | 'json' | undefined;
  /** Where the browser build lives (dist/client); SSR reads its manifest and stylesheet from there. */
  clientDir: string;
}

export class ConfigError extends Error {}

/** Why PostgreSQL needs SECRET_KEY: on SQLite a key file can stand in, on a shared database it cannot (docs/design.md §24). */
export const SECRET_KEY_NEEDED =
  'SECRET_KEY: is needed with DATABASE_URL: it seals two-step sign-in secrets, and every instance on the database must have the same one. Make one with `openssl rand -base64 32` and set it on every instance.';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const tenants = e.TENANTS.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  for (const tenant of tenants) {
    if (!/^[a-z][a-z0-9_]{0,30}$/.test(tenant))
      throw new ConfigError(`Invalid configuration:\n  TENANTS: '${tenant}' is not a lowercase name`);
  }
  if (!tenants.includes(e.DEFAULT_TENANT)) {
    throw new ConfigError(
      `Invalid configuration:\n  DEFAULT_TENANT: '${e.DEFAULT_TENANT}' is not in TENANTS (${tenants.join(', ')})`,
    );
  }
  if (e.DATABASE_URL && !e.SECRET_KEY) {
    throw new ConfigError(`Invalid configuration:\n  ${SECRET_KEY_NEEDED}`);
  }
  const base = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/?$/, '/');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicBaseUrl: base,
    adminPassword: e.ADMIN_PASSWORD,
    contactRecipient: e.CONTACT_RECIPIENT,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    contactMinFillMs: e.CONTACT_MIN_FILL_SECONDS * 1000,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    formMaxBytes: Math.round(e.FORM_MAX_MB * 1024 * 1024),
    trustProxy: e.TRUST_PROXY,
    webhooksAllowHttp: e.WEBHOOKS_ALLOW_HTTP,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    countVisits: e.COUNT_VISITS,
    acceptCopies: e.ACCEPT_COPIES,
    defaultTenant: e.DEFAULT_TENANT,
    tenants,
    auditKeepDays: e.AUDIT_KEEP_DAYS,
    revisionsPerPage: e.REVISIONS_PER_PAGE,
    secretKey: e.SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    clientDir: path.resolve('dist/client'),
    ...overrides,
  };
}
