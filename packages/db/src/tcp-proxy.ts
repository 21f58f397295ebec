import net from 'node:net';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Connections are refused and every open one is reset, as when the server stops. */
  cut(): Promise<void>;
  /** Connections are accepted but nothing passes either way, as when the network silently drops. */
  blackhole(): void;
  /** Back to passing everything through (connections opened while blackholed are reset). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay to `target` for outage tests: clients connect to the proxy, which tests cut and
 * restore. Only for tests and benchmarks.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: 'pass' | 'cut' | 'blackhole' = 'pass';
  let port = 0;
  let server: net.Server | null = null;

  const relay = (client: net.Socket) => {
    if (mode === 'cut') return client.destroy();
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'blackhole') return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk) => {
      if (mode === 'pass') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'pass') client.write(chunk);
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer(relay);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = null;
      if (!closing) return resolve();
      closing.close(() => resolve());
    });
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };

  await listen();
  return {
    get port() {
      return port;
    },
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut() {
      mode = 'cut';
      resetAll();
      await stopListening();
    },
    blackhole() {
      mode = 'blackhole';
    },
    async restore() {
      // bytes dropped while blackholed broke those streams: end them, as their timeouts would
      if (mode === 'blackhole') resetAll();
      mode = 'pass';
      if (!server) await listen();
    },
    async close() {
      mode = 'cut';
      resetAll();
      await stopListening();
    },
  };
}
