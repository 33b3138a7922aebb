import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { proxySite } from '../api/host/proxy-routes';

const site = readFileSync(fileURLToPath(new URL('./nginx-clubs.conf', import.meta.url)), 'utf8');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

describe('deploy/nginx-clubs.conf', () => {
  it('is what `npm run clubs -- proxy-site` generates with its defaults', () => {
    expect(site).toBe(proxySite());
  });

  it.runIf(NGINX)('is a site nginx accepts, with every machine’s routes included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-nginx-'));
    try {
      writeFileSync(join(dir, 'a.map'), 'rowing.example.edu 10.0.0.2:3000;\n');
      const conf = join(dir, 'nginx.conf');
      const here = proxySite({ listen: '127.0.0.1:8089', routesDir: dir, fallback: '10.0.0.2:3000' });
      writeFileSync(conf, `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n${here}}\n`);
      const checked = spawnSync(NGINX!, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
      expect(checked.status, checked.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
