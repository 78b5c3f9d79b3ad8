import path from 'node:path';
import { trustProxyFrom, type TrustProxy } from './trust-proxy';

/** Every setting the server reads, from the environment, with its default. README lists them. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A read replica of DATABASE_URL that lists, reports and dashboards read from. */
  databaseReadUrl: string | undefined;
  /** How long reads stay on the primary after the read replica could not be reached. */
  replicaRetrySeconds: number;
  /** Which X-Forwarded-For entries are our own proxies' (TRUST_PROXY; `trust-proxy.ts`). */
  trustProxy: TrustProxy;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  signInChallengeMinutes: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowMinutes: number;
  bodyLimitBytes: number;
  /** The merchant API's rate limit per key: requests per second sustained (0: none), and burst. */
  apiRateLimitPerSecond: number;
  apiRateLimitBurst: number;
  /** How long a shutdown may take to finish the requests under way before the process exits anyway. */
  shutdownGraceSeconds: number;
  logLevel: string;
  webDistDir: string;
  isProduction: boolean;
  seedDemo: boolean;
  otpIssuer: string;
  /** What `getAppSettings` tells the web app. */
  liveUpdateIntervalMs: number;
  /** How often the gateway health rules are evaluated (ms). */
  gatewayHealthIntervalMs: number;
  announcementChannelUrl: string;
  marketingMaterialsUrl: string;
  skypeUrl: string;
  /** Secret the sandbox gateway signs its callbacks with (outside the demo: set, never the default). */
  sandboxSecret: string;
  /** How far (seconds) a gateway callback's signed timestamp may be from its receipt. */
  gatewayCallbackWindowSeconds: number;
  /** Sandbox pay-ins complete by themselves (by each gateway's success rate). */
  sandboxAutoPay: boolean;
  /**
   * With auto-pay, the share (0..1) of successful sandbox pay-ins the sandbox then disputes, as
   * a payer's bank would (`SANDBOX_DISPUTE_RATE`; 0: none).
   */
  sandboxDisputeRate: number;
  /** Overrides every sandbox gateway's callback latency when set. */
  sandboxLatencyMs: number | undefined;
  /** Share (ppm) of sandbox callbacks delivered twice. */
  sandboxDuplicatePpm: number;
  /** Background jobs: notifications, expiry sweeps, folding, compaction, gateway health (money-jobs.ts). */
  moneyJobs: boolean;
  /** Attempts before a merchant notification is abandoned. */
  notifyMaxAttempts: number;
  /** Notify URLs may be http and reach local or private addresses (tests, a closed network); the demo always may. */
  notifyAllowLocal: boolean;
  /** Minutes after which a pay-in not yet final counts as stuck on the processing list. */
  payinStuckMinutes: number;
  /** 1: a refund gives the pay-in's fee back pro rata (REFUND_RETURNS_PAYIN_FEE; default 0). */
  refundReturnsPayinFee: number;
  /** The product's origin as payers and merchants reach it (absolute `payment_url`s). */
  publicUrl: string;
  /** Served over TLS (PUBLIC_URL is https, or TLS=1): answers carry Strict-Transport-Security. */
  tls: boolean;
  /** Where mail goes out (`smtp://user:pass@host:587`, `smtps://…`); unset: mails stay in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  mailFrom: string;
  /** Attempts before a mail is abandoned. */
  mailMaxAttempts: number;
  /** Where every alert also goes as signed JSON (the operations webhook); unset: nowhere. */
  alertWebhookUrl: string | undefined;
  /** The HMAC-SHA256 key of the webhook's `X-Alert-Signature`; required with ALERT_WEBHOOK_URL. */
  alertWebhookSecret: string;
  /** The webhook body: 'json' (the alert's fields) or 'slack' (a Slack-compatible `text`). */
  alertWebhookFormat: 'json' | 'slack';
  /** Bearer token `/metrics` asks for; unset: `/metrics` answers private addresses only. */
  metricsToken: string | undefined;
  /** Encrypts the ledger's seal keys at rest (SEAL_KEY_SECRET; default: SANDBOX_SECRET). */
  sealKeySecret: string;
  /** The Ed25519 key that signs the daily seals, PKCS#8 PEM (SEAL_PRIVATE_KEY); unset: generated. */
  sealPrivateKey: string | undefined;
  /** Where each daily seal's copy is mailed (SEAL_COPY_EMAIL); unset: none (the webhook still gets one). */
  sealCopyEmail: string | undefined;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** A whole number of at least 1 (a window of 0 would refuse everything). */
function positiveIntFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFrom(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

/**
 * The sandbox's callback secret when SANDBOX_SECRET is unset. It is in this public source, so
 * anyone can sign a callback with it: the demo world alone may run on it (`sandboxSecretRefusal`).
 */
export const DEMO_SANDBOX_SECRET = 'sandbox-callback-secret';
/** The shortest SANDBOX_SECRET a server without the demo world accepts. */
export const MIN_SANDBOX_SECRET_LENGTH = 16;

/**
 * Why this configuration must not start a server, or null: outside the demo world (no demo
 * seed: `NO_SEED_DEMO=1`, or `DATABASE_URL` without `SEED_DEMO`) the sandbox secret must be
 * one of the operator's own, at least MIN_SANDBOX_SECRET_LENGTH characters; the default is
 * public, and whoever knows the secret can forge gateway callbacks (docs/security.md).
 */
export function sandboxSecretRefusal(config: Pick<Config, 'seedDemo' | 'sandboxSecret'>) {
  if (config.seedDemo) return null;
  const fix = `set SANDBOX_SECRET to a random secret of ${MIN_SANDBOX_SECRET_LENGTH} characters or more (README, Settings)`;
  if (config.sandboxSecret === DEMO_SANDBOX_SECRET)
    return `SANDBOX_SECRET is unset or the public demo secret, which lets anyone forge gateway callbacks; a server without the demo world refuses to start with it: ${fix}`;
  if (config.sandboxSecret.length < MIN_SANDBOX_SECRET_LENGTH)
    return `SANDBOX_SECRET is too short (${config.sandboxSecret.length} characters): ${fix}`;
  return null;
}

/** Attempts before a merchant notification is given up (`NOTIFY_MAX_ATTEMPTS`). */
export const DEFAULT_NOTIFY_MAX_ATTEMPTS = 12;
/** Share (per million) of sandbox callbacks delivered twice (`SANDBOX_DUPLICATE_PPM`). */
export const DEFAULT_SANDBOX_DUPLICATE_PPM = 20_000;

/** A share between 0 and 1 (`0.05`: 5 %), or `fallback` when unset. */
function shareFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 0 && value <= 1))
    throw new Error(`${name} must be a share between 0 and 1 (0.05 is 5 %), got "${raw}"`);
  return value;
}

const flag = (v: string | undefined) => v === '1' || v === 'true' || v === 'yes';

/** Reads the configuration once at start; a bad value stops the server with a clear message. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: string[] = process.argv,
): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const databaseReadUrl = env.DATABASE_READ_URL || undefined;
  if (databaseReadUrl && !databaseUrl)
    throw new Error(
      'DATABASE_READ_URL needs DATABASE_URL: a read replica is of a PostgreSQL server, and the embedded database has none',
    );
  return {
    port: intFrom(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    // npm runs workspace scripts inside the workspace; INIT_CWD is where the user ran npm, so
    // `./data` (and a relative DATA_DIR) mean the same folder whichever command started us.
    dataDir: path.resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || './data'),
    databaseUrl,
    databaseReadUrl,
    replicaRetrySeconds: intFrom(env, 'REPLICA_RETRY_SECONDS', 30),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    sessionIdleMinutes: intFrom(env, 'SESSION_IDLE_MINUTES', 60),
    sessionMaxHours: intFrom(env, 'SESSION_MAX_HOURS', 24),
    signInChallengeMinutes: intFrom(env, 'SIGN_IN_CHALLENGE_MINUTES', 5),
    loginMaxFailuresPerAccount: intFrom(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5),
    loginMaxFailuresPerAddress: intFrom(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20),
    loginFailureWindowMinutes: intFrom(env, 'LOGIN_FAILURE_WINDOW_MINUTES', 15),
    bodyLimitBytes: intFrom(env, 'BODY_LIMIT_BYTES', 1_048_576),
    apiRateLimitPerSecond: intFrom(env, 'API_RATE_LIMIT_PER_SECOND', 100),
    apiRateLimitBurst: intFrom(env, 'API_RATE_LIMIT_BURST', 200),
    shutdownGraceSeconds: intFrom(env, 'SHUTDOWN_GRACE_SECONDS', 30),
    logLevel: env.LOG_LEVEL || 'info',
    webDistDir: path.resolve(
      env.WEB_DIST_DIR || new URL('../../../web/dist', import.meta.url).pathname,
    ),
    isProduction: env.NODE_ENV === 'production',
    // The embedded default seeds the demo world; a real server only when asked.
    seedDemo: databaseUrl
      ? argv.includes('--seed-demo') || flag(env.SEED_DEMO)
      : !flag(env.NO_SEED_DEMO),
    otpIssuer: env.OTP_ISSUER || 'Payment Back Office',
    liveUpdateIntervalMs: intFrom(env, 'LIVE_UPDATE_INTERVAL_MS', 60_000),
    gatewayHealthIntervalMs: intFrom(env, 'GATEWAY_HEALTH_INTERVAL_MS', 30_000),
    announcementChannelUrl: env.ANNOUNCEMENT_CHANNEL_URL || 'https://t.me/s/telegram',
    marketingMaterialsUrl: env.MARKETING_MATERIALS_URL || 'https://drive.google.com/',
    skypeUrl: env.SKYPE_URL || 'https://web.skype.com/',
    sandboxSecret: env.SANDBOX_SECRET || DEMO_SANDBOX_SECRET,
    gatewayCallbackWindowSeconds: positiveIntFrom(env, 'GATEWAY_CALLBACK_WINDOW_SECONDS', 300),
    sandboxAutoPay: flag(env.SANDBOX_AUTO_PAY),
    sandboxDisputeRate: shareFrom(env, 'SANDBOX_DISPUTE_RATE', 0),
    sandboxLatencyMs: env.SANDBOX_LATENCY_MS ? intFrom(env, 'SANDBOX_LATENCY_MS', 0) : undefined,
    sandboxDuplicatePpm: intFrom(env, 'SANDBOX_DUPLICATE_PPM', DEFAULT_SANDBOX_DUPLICATE_PPM),
    moneyJobs: !flag(env.NO_MONEY_JOBS),
    notifyMaxAttempts: intFrom(env, 'NOTIFY_MAX_ATTEMPTS', DEFAULT_NOTIFY_MAX_ATTEMPTS),
    notifyAllowLocal: flag(env.NOTIFY_ALLOW_LOCAL),
    payinStuckMinutes: intFrom(env, 'PAYIN_STUCK_MINUTES', 15),
    refundReturnsPayinFee: intFrom(env, 'REFUND_RETURNS_PAYIN_FEE', 0),
    metricsToken: env.METRICS_TOKEN || undefined,
    smtpUrl: smtpUrlFrom(env),
    mailFrom: env.MAIL_FROM || 'Payment Back Office <no-reply@localhost>',
    mailMaxAttempts: intFrom(env, 'MAIL_MAX_ATTEMPTS', 12),
    ...alertWebhookFrom(env),
    ...publicOrigin(env),
    sealKeySecret: env.SEAL_KEY_SECRET || env.SANDBOX_SECRET || DEMO_SANDBOX_SECRET,
    sealPrivateKey: env.SEAL_PRIVATE_KEY?.replaceAll('\\n', '\n') || undefined,
    sealCopyEmail: env.SEAL_COPY_EMAIL || undefined,
  };
}

/** The protocol of a URL setting ('smtp:', 'https:'), or '' when it is no URL at all. */
function protocolOf(raw: string): string {
  try {
    return new URL(raw).protocol;
  } catch {
    return '';
  }
}

/** ALERT_WEBHOOK_URL with its secret and format, checked at start. */
function alertWebhookFrom(env: NodeJS.ProcessEnv) {
  const url = env.ALERT_WEBHOOK_URL || undefined;
  const secret = env.ALERT_WEBHOOK_SECRET || '';
  const format = env.ALERT_WEBHOOK_FORMAT || 'json';
  if (format !== 'json' && format !== 'slack')
    throw new Error('ALERT_WEBHOOK_FORMAT must be json or slack');
  if (url) {
    const protocol = protocolOf(url);
    if (protocol !== 'https:' && protocol !== 'http:')
      throw new Error(
        'ALERT_WEBHOOK_URL must be an http(s) URL such as https://ops.example/alerts',
      );
    if (secret.length < 16)
      throw new Error(
        'ALERT_WEBHOOK_SECRET must be set (16 characters or more) with ALERT_WEBHOOK_URL',
      );
  }
  return { alertWebhookUrl: url, alertWebhookSecret: secret, alertWebhookFormat: format } as const;
}

/** SMTP_URL, checked at start: an smtp:// or smtps:// URL, or unset. */
function smtpUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SMTP_URL;
  if (!raw) return undefined;
  const protocol = protocolOf(raw);
  if (protocol !== 'smtp:' && protocol !== 'smtps:')
    throw new Error(
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
    );
  return raw;
}

/** PUBLIC_URL (an absolute http(s) origin, no path) and whether the product is served over TLS. */
function publicOrigin(env: NodeJS.ProcessEnv): { publicUrl: string; tls: boolean } {
  const raw = env.PUBLIC_URL || `http://localhost:${intFrom(env, 'PORT', 3000)}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `PUBLIC_URL must be an absolute URL such as https://pay.example.com, got "${raw}"`,
    );
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.username)
    throw new Error(`PUBLIC_URL must be an http(s) origin without path, got "${raw}"`);
  return { publicUrl: url.origin, tls: url.protocol === 'https:' || flag(env.TLS) };
}
