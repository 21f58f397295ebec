// Client for bench/account-mail-side-channel.bench.ts, in a worker thread so that its clock does
// not wait for the server's event loop. Each message { baseUrl, route, body, localAddress } opens
// one keep-alive connection from `localAddress`, fetches a CSRF token, times one POST of `body`,
// then at once times the next request on the same connection (GET /api/auth/session); it answers
// { answerMs, nextMs, status, text }.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

function request(agent, baseUrl, options, body) {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, agent, ...options }, (res) => {
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

parentPort.on('message', async ({ baseUrl, route, body, localAddress }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  try {
    const tokenAnswer = await request(agent, baseUrl, { method: 'GET', path: '/api/auth/csrf-token' });
    const token = JSON.parse(tokenAnswer.text).csrfToken;
    const text = JSON.stringify(body);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      cookie: `csrf-token=${token}`,
      'x-csrf-token': token,
    };
    const started = performance.now();
    const answer = await request(agent, baseUrl, { method: 'POST', path: route, headers }, text);
    const answered = performance.now();
    await request(agent, baseUrl, { method: 'GET', path: '/api/auth/session' });
    const next = performance.now();
    parentPort.postMessage({
      answerMs: answered - started,
      nextMs: next - answered,
      status: answer.status,
      text: answer.text,
    });
  } finally {
    agent.destroy();
  }
});
