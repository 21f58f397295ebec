import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** Everything the server sends on one connection until it closes it. */
function readUntilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
  });
}

describe('a request arriving while the server shuts down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is turned away with a 503 in the {code, message} shape, after the request in flight is answered', async () => {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const received = readUntilClosed(socket);
    // A request whose body is still arriving is in flight when the shutdown starts…
    const body = JSON.stringify({ path: '/projections' });
    socket.write(
      'POST /api/events/page-view HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = server.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // …and the next one on the same keep-alive connection comes after it.
    socket.write(`${body.slice(5)}GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const text = await received;
    await closing;

    const responses = text.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    const refusal = responses[1]!;
    expect(refusal).toMatch(/^HTTP\/1\.1 503/);
    expect(refusal).toMatch(/\r\nretry-after: \d+\r\n/i);
    const refusalBody = JSON.parse(refusal.slice(refusal.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(refusalBody).toEqual({ code: 'SHUTTING_DOWN', message: expect.any(String) });
  });
});
