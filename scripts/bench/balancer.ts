import http from 'node:http';

/**
 * A small load balancer on loopback, as a clinic's would be: requests go round robin to the ready
 * backends. A backend is ready once its /readyz answers 200, and stays so until two of its checks in
 * a row fail (every `checkMs`, each waiting up to a second, each backend on its own), as a real
 * balancer's health check needs more than one slow answer from a busy server; a backend that refuses
 * the connection (nothing was sent) is tried no more and the request goes to the next one; a backend
 * that fails after the request left answers 502, as a real balancer would.
 */
export interface Balancer {
  url: string;
  /** Backend ports; replaced as servers come and go. */
  backends: Set<number>;
  /** Requests each backend answered, by port. */
  served: Map<number, number>;
  /** Resolves once the balancer's own check found the backend ready. */
  whenReady(port: number): Promise<void>;
  close(): Promise<void>;
}

export async function startBalancer(checkMs = 100): Promise<Balancer> {
  const backends = new Set<number>();
  const ready = new Set<number>();
  const failedChecks = new Map<number, number>();
  const served = new Map<number, number>();
  let turn = 0;

  // Each backend is checked on its own clock, as a real balancer does: one slow server's answer
  // must not delay noticing that another one is stopping.
  const checking = new Set<number>();
  const check = async (port: number) => {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    const failed = ok ? 0 : (failedChecks.get(port) ?? 0) + 1;
    failedChecks.set(port, failed);
    if (ok && backends.has(port)) {
      ready.add(port);
    } else if (failed >= 2) {
      ready.delete(port);
    }
  };
  const timer = setInterval(() => {
    for (const port of ready) {
      if (!backends.has(port)) {
        ready.delete(port);
      }
    }
    // One check at a time per backend: a slow answer delays its next check rather than counting twice.
    for (const port of backends) {
      if (!checking.has(port)) {
        checking.add(port);
        void check(port).finally(() => checking.delete(port));
      }
    }
  }, checkMs);

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<number>) => {
    const candidates = [...ready].filter((p) => !tried.has(p));
    const port = candidates[turn++ % Math.max(1, candidates.length)];
    if (port === undefined) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"detail":"No server is ready.","code":"UNAVAILABLE"}');
      return;
    }
    tried.add(port);
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        served.set(port, (served.get(port) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') {
        ready.delete(port);
        forward(req, res, body, tried);
      } else if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' }).end('{"detail":"Bad gateway.","code":"UNAVAILABLE"}');
      } else {
        res.destroy();
      }
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    served,
    whenReady: async (port) => {
      const deadline = Date.now() + 30_000;
      while (!ready.has(port)) {
        if (Date.now() > deadline) {
          throw new Error(`backend ${port} never became ready`);
        }
        await new Promise((resolve) => setTimeout(resolve, checkMs / 2));
      }
    },
    close: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
