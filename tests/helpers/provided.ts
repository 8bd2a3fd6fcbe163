/** Values the global setups hand to test files (vitest `provide` / `inject`). */
export interface PostgresProvided {
  /** Superuser connection on the harness's cluster, for CREATE DATABASE. */
  adminUrl: string;
  /** Connection string without the database name, as the non-superuser owner role. */
  ownerUrlBase: string;
  ownerRole: string;
  /** A database migrated in the global setup, for CREATE DATABASE … TEMPLATE. */
  templateDatabase: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a PGlite data-directory dump of a migrated database (server project). */
    pgliteTemplate: string;
    /** The harness's PostgreSQL (server-postgres project); null when no binaries exist. */
    postgres: PostgresProvided | null;
  }
}
