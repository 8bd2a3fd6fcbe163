import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** A header's value as received (unfolded), or undefined. */
  header(name: string): string | undefined;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  /** Stops listening (the port stays reserved for `restart`). */
  stop(): Promise<void>;
  restart(): Promise<void>;
}

/** The body of a plain-text message with quoted-printable's soft line breaks joined again. */
export function bodyOf(raw: string): string {
  return raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * A real SMTP server on loopback that keeps what it receives. Recipients in `refuse` are answered
 * 550 (refused for good), as a mail server answers an address it does not know.
 */
export async function startSmtpTestServer(options: { refuse?: string[] } = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer;
  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 200,
      onRcptTo(address, _session, callback) {
        if (options.refuse?.includes(address.address)) {
          callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, header: (name) => headerOf(raw, name) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    port = typeof address === 'object' && address ? address.port : port;
  };
  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    restart: listen,
  };
}
