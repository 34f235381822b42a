// A TLS handshake load generator, run as its own processes (so it never shares the event loop
// of the server it measures): `concurrency` loops, each connecting, sending one GET with
// `Connection: close`, reading the answer and connecting again, with the last session
// ticket (resumed) or without (a full handshake every time). Prints one line of JSON.
// wrk cannot say which it does: it resumes about every other connection by itself.
import { execFile } from 'node:child_process';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';

export interface HandshakeRun {
  /** completed connections (handshake + request + answer) per second */
  rate: number;
  /** the share of them the server resumed from a ticket */
  resumed: number;
}

/**
 * Measures from `clients` child processes (BENCH_HANDSHAKE_CLIENTS, default 2): a client's
 * side of a full handshake costs more than the server's, so one client process would measure
 * itself. The caller's event loop stays free for the server.
 */
export async function handshakeRate(opts: {
  port: number;
  servername: string;
  resume: boolean;
  seconds: number;
  concurrency?: number;
}): Promise<HandshakeRun> {
  const clients = Number(process.env.BENCH_HANDSHAKE_CLIENTS ?? 2);
  const concurrency = Math.ceil((opts.concurrency ?? 50) / clients);
  const runs = await Promise.all(
    Array.from(
      { length: clients },
      () =>
        new Promise<HandshakeRun>((resolve, reject) =>
          execFile(
            process.execPath,
            [
              '--import',
              'tsx',
              fileURLToPath(import.meta.url),
              JSON.stringify({ ...opts, concurrency }),
            ],
            { encoding: 'utf8' },
            (err, stdout) =>
              err
                ? reject(err)
                : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as HandshakeRun),
          ),
        ),
    ),
  );
  const rate = runs.reduce((sum, r) => sum + r.rate, 0);
  const resumed = runs.reduce((sum, r) => sum + r.rate * r.resumed, 0) / (rate || 1);
  return { rate, resumed };
}

async function run(opts: {
  port: number;
  servername: string;
  resume: boolean;
  seconds: number;
  concurrency: number;
}): Promise<HandshakeRun> {
  const end = Date.now() + opts.seconds * 1000;
  let done = 0;
  let resumed = 0;
  const request = `GET / HTTP/1.1\r\nHost: ${opts.servername}\r\nConnection: close\r\n\r\n`;
  const once = (session: Buffer | undefined) =>
    new Promise<Buffer | undefined>((resolve, reject) => {
      let ticket = session;
      const socket = tls.connect({
        host: '127.0.0.1',
        port: opts.port,
        servername: opts.servername,
        rejectUnauthorized: false,
        ...(session ? { session } : {}),
      });
      socket.on('session', (s: Buffer) => (ticket = s));
      socket.once('secureConnect', () => {
        if (socket.isSessionReused()) resumed++;
        socket.write(request);
      });
      socket.on('data', () => {});
      socket.once('end', () => {
        done++;
        resolve(ticket);
      });
      socket.once('error', reject);
    });
  const loop = async () => {
    let session: Buffer | undefined;
    while (Date.now() < end) {
      const ticket = await once(session);
      if (opts.resume) session = ticket;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: opts.concurrency }, loop));
  const seconds = (Date.now() - started) / 1000;
  return { rate: done / seconds, resumed: done ? resumed / done : 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run(JSON.parse(process.argv[2]!)).then(
    (r) => console.log(JSON.stringify(r)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
