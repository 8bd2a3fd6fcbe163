/**
 * Where the e2e servers listen, from E2E_PORT (default 8181): the app's specs run on E2E_APP_WORKERS
 * workers (default 2), each against a server and embedded database of its own, at E2E_PORT, E2E_PORT+2,
 * E2E_PORT+4 …; the chaos run's server is at E2E_PORT+1. A worker never shares its data with another,
 * so the specs still meet the demo data one after another, as a single worker would, only fewer of them
 * per database. Read by playwright.config.ts, the specs' helpers and scripts/e2e.ts alike.
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 8181);
export const APP_WORKERS = Math.max(1, Number(process.env.E2E_APP_WORKERS ?? 2));
export const CHAOS_PORT = BASE_PORT + 1;

export const appPort = (worker: number) => BASE_PORT + 2 * worker;
export const appDataDir = (worker: number) => `.tmp/e2e-data-${appPort(worker)}`;
export const CHAOS_DATA_DIR = `${appDataDir(0)}-chaos`;

/**
 * This worker's app server. Playwright numbers its running workers 0, 1, … in TEST_PARALLEL_INDEX (a
 * worker started again after a failure keeps its number, and so its server) and loads the config in
 * every worker, so the config's baseURL and these constants name the worker's own server.
 */
export const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const APP_BASE_URL = `http://localhost:${appPort(WORKER)}`;
export const CHAOS_BASE_URL = `http://localhost:${CHAOS_PORT}`;
