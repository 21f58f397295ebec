// Client for bench/account-timing.bench.ts, in a worker thread so that its clock does not wait
// for the server's event loop: what it times is the answer as a remote client would get it.
// Each message { baseUrl, route, email, localAddress } fetches a CSRF token, then times one
// POST of { email }; it answers { ms, status, text }.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

function request(baseUrl, options, body) {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, ...options }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

parentPort.on('message', async ({ baseUrl, route, email, localAddress }) => {
  const tokenAnswer = await request(baseUrl, { method: 'GET', path: '/api/auth/csrf-token', localAddress });
  const token = JSON.parse(tokenAnswer.text).csrfToken;
  const body = JSON.stringify({ email });
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    cookie: `csrf-token=${token}`,
    'x-csrf-token': token,
  };
  const started = performance.now();
  const answer = await request(baseUrl, { method: 'POST', path: route, headers, localAddress }, body);
  parentPort.postMessage({ ms: performance.now() - started, status: answer.status, text: answer.text });
});
