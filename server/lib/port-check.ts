import net from 'node:net';

/**
 * Whether another process already listens on the port, asked before the app is built and the database
 * seeded, so that a busy port ends start-up at once with a sentence instead of a stack trace minutes
 * later. Port 0 (any free port) is never busy.
 */
export function portInUse(port: number, host: string): Promise<boolean> {
  if (port === 0) {
    return Promise.resolve(false);
  }
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(true) : reject(error)));
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen(port, host);
  });
}

export function portInUseMessage(port: number): string {
  return `Port ${port} is already in use by another process: stop that process, or start Thera on another port (for example PORT=${port + 1} npm start).`;
}
