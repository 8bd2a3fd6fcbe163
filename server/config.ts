import { z } from 'zod';
import { parseFaults } from './plugins/fault-injection';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, parsed once at start-up (README lists them). */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Seed the demo organizations on an empty database. Unset: yes, unless the server runs for real
   * (NODE_ENV=production or an https PUBLIC_ORIGIN). There the demo's sign-ins are refused as well,
   * unless SEED_DEMO=true asks for the demo explicitly (Settings, below).
   */
  SEED_DEMO: bool.optional(),
  NODE_ENV: z.string().optional(),
  /** false: the API alone (the app served from elsewhere, a CDN for instance); nothing is built at start. */
  SERVE_APP: bool.default(true),
  /**
   * On SIGTERM, how long the server keeps answering while it reports not ready, so that the load
   * balancer's health check sees it leave before it stops taking connections.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** How often an idle server asks the job queue for work (seconds). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  TRUST_PROXY: bool.default(false),
  /**
   * Where e-mail goes out: smtp://user:pass@host:587 or smtps://… (server/lib/mail/). Without it,
   * each e-mail is written as an .eml file into <DATA_DIR>/mail and its first link is logged.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of every e-mail, e.g. "Thera <no-reply@clinic.example>"; default no-reply at PUBLIC_ORIGIN's host. */
  MAIL_FROM: z
    .string()
    .min(3)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Test only: "unavailable=0.05,drop=0.05,portal=0.03,nocontent=0.03,stuck500=0.02" makes outbox calls fail on purpose (server/plugins/fault-injection.ts). */
  E2E_FAULTS: z
    .string()
    .superRefine((spec, ctx) => {
      try {
        parseFaults(spec);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `must look like unavailable=0.05,drop=0.05,portal=0.03: ${(error as Error).message}` });
      }
    })
    .optional(),
});

/**
 * The demo accounts' published password must not open a clinic's real server: for real (production or
 * https) the demo is neither seeded nor signed into unless SEED_DEMO=true is set on purpose.
 */
const Settings = Env.transform(({ SEED_DEMO, ...env }) => {
  const forReal = env.NODE_ENV === 'production' || env.PUBLIC_ORIGIN.startsWith('https:');
  return { ...env, SEED_DEMO: SEED_DEMO ?? !forReal, DEMO_SIGN_IN: !forReal || SEED_DEMO === true };
});
export type Config = z.output<typeof Settings>;

/** Parses the environment; a wrong value stops start-up with one sentence naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Settings.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Configuration error: ${name} ${issue?.message ?? 'is invalid'} (got "${env[name] ?? ''}").`);
  }
  return parsed.data;
}

export class ConfigError extends Error {}

/** For the command-line entry points: the configuration, or its one sentence on stderr and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), LOG_LEVEL: 'silent', SEED_DEMO: false, ...overrides };
}
