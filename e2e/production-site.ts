/**
 * The production site (deploy/nginx/fantasy.conf with fantasy-http.conf and fantasy-locations.conf) as written, on
 * loopback ports with a self-signed certificate for example.com and `apiPorts` for its upstream: what a browser
 * meets in production. Only the addresses, the certificate's and the checkout's paths are replaced.
 */
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from './harness.js';
import { until } from './until.js';

const NGINX = '/usr/sbin/nginx';
/** The host name the recipe serves (its certificate's too). */
export const SITE_HOST = 'example.com';

export interface ProductionSite {
  /** The HTTPS (HTTP/2) port, and the plain HTTP one that sends everyone to HTTPS. */
  https: number;
  plain: number;
  stop(): Promise<void>;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = http.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function selfSignedCertificate(dir: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${SITE_HOST}`,
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
}

export async function startProductionSite(apiPorts: number[]): Promise<ProductionSite> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fm-site-'));
  selfSignedCertificate(dir);
  const [https, plain] = [await freePort(), await freePort()];
  const recipe = (name: string) => path.join(ROOT, 'deploy/nginx', name);
  const site = readFileSync(recipe('fantasy.conf'), 'utf8')
    .replace(/ *server 127\.0\.0\.1:300\d[^;]*;\n/g, '')
    .replace(
      'keepalive 64;',
      `${apiPorts.map((port) => `server 127.0.0.1:${port};`).join(' ')} keepalive 64;`,
    )
    .replace(/ *listen \[::\]:\d+[^;]*;\n/g, '')
    .replaceAll('listen 80', `listen 127.0.0.1:${plain}`)
    .replaceAll('listen 443 ssl', `listen 127.0.0.1:${https} ssl`)
    .replace('/etc/letsencrypt/live/example.com/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/letsencrypt/live/example.com/privkey.pem', path.join(dir, 'key.pem'))
    .replace('/opt/fantasy/apps/web/dist', path.join(ROOT, 'apps/web/dist'))
    .replace('/etc/nginx/fantasy/fantasy-http.conf', recipe('fantasy-http.conf'))
    .replace('/etc/nginx/fantasy/fantasy-locations.conf', recipe('fantasy-locations.conf'));
  writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = path.join(dir, 'temp');
  mkdirSync(temp);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 256; }
http { include /etc/nginx/mime.types; access_log off; client_body_temp_path ${temp}; proxy_temp_path ${temp};
fastcgi_temp_path ${temp}; uwsgi_temp_path ${temp}; scgi_temp_path ${temp}; include ${dir}/site.conf; }`,
  );
  const nginx = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    { stdio: 'inherit' },
  );
  const exited = new Promise<never>((_, reject) =>
    nginx.once('exit', (code) => reject(new Error(`the production site's nginx exited (${code})`))),
  );
  exited.catch(() => undefined);
  await Promise.race([
    until('the production site to listen', 10_000, () =>
      isFree(https).then((free) => (free ? undefined : true)),
    ),
    exited,
  ]);
  return {
    https,
    plain,
    stop: () =>
      new Promise<void>((resolve) => {
        if (nginx.exitCode !== null || nginx.signalCode !== null) return resolve();
        nginx.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        nginx.kill('SIGQUIT');
      }),
  };
}
