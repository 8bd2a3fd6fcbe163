import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

/**
 * One API server as production runs it (`server/start.ts` in a process of its own): its port, what
 * it printed, and the signals a process manager sends.
 */
export interface ServerProcess {
  name: string;
  port: number;
  /** Every line it printed (pino's JSON lines and start-up sentences). */
  lines: string[];
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** SIGTERM, as a rolling restart does: answers once the process ended. */
  stop(): Promise<number | null>;
  /** SIGKILL: the machine died. */
  kill(): Promise<number | null>;
}

export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', SERVE_APP: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream! }).on('line', (line) => lines.push(line));
  }
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      // start.ts's own sentence, printed whatever the log level.
      const listening = lines.map((l) => /Thera is running at http:\/\/localhost:(\d+)/.exec(l)).find(Boolean);
      if (listening) {
        clearInterval(timer);
        resolve(Number(listening[1]));
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server ${name} exited (${code}) before listening:\n${lines.slice(-30).join('\n')}`));
    });
  });
  const signal = (sig: NodeJS.Signals) => {
    child.kill(sig);
    return exited;
  };
  return { name, port, lines, exited, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}

/** The JSON log lines of a server that have `msg` (pino's message). */
export function logged(server: ServerProcess, msg: string): Record<string, unknown>[] {
  return server.lines
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg);
}
