import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const unitPath = fileURLToPath(new URL('./club-app.service', import.meta.url));
const unit = readFileSync(unitPath, 'utf8');

/** `Key=value` lines of one [Section], repeated keys kept in order. */
function section(name: string): [string, string][] {
  const body = unit.split(/^\[/m).find((s) => s.startsWith(`${name}]`)) ?? '';
  return body
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]);
}

describe('deploy/club-app.service', () => {
  const service = section('Service');
  const one = (key: string) => service.filter(([k]) => k === key).map(([, v]) => v);

  it('runs the compiled server with node, in production, from its folder, as a non-root user', () => {
    expect(one('ExecStart')).toEqual([expect.stringMatching(/^\/\S*\/node dist-server\/server\.js$/)]);
    expect(one('WorkingDirectory')).toEqual([expect.stringMatching(/^\//)]);
    expect(one('Environment')).toContain('NODE_ENV=production');
    expect(one('User')).toHaveLength(1);
    expect(one('User')[0]).not.toMatch(/^(root|0|)$/);
    expect(one('Restart')).toEqual([expect.stringMatching(/^(on-failure|always|on-abnormal)$/)]);
    // Longer than the server's own 10 s grace for open requests, so shutdown is not cut short.
    expect(Number(one('TimeoutStopSec')[0])).toBeGreaterThan(10);
    expect(one('KillSignal')).toEqual(['SIGTERM']);
    expect(section('Install')).toContainEqual(['WantedBy', 'multi-user.target']);
  });

  it('points at what the build makes and lets the app write its data folder only', () => {
    expect(readFileSync(new URL('../scripts/build-server.mjs', import.meta.url), 'utf8')).toMatch(/server: 'api\/server\.ts'/);
    const workdir = one('WorkingDirectory')[0]!;
    expect(one('ReadWritePaths')).toEqual([`${workdir}/data`]);
    expect(one('Environment')).toContain(`DATABASE_PATH=${workdir}/data/club.db`);
  });

  // systemd's own check, where the machine has it (and node where the unit expects it).
  const node = one('ExecStart')[0]!.split(' ')[0]!;
  const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  it.runIf(analyze.status === 0 && existsSync(node))('passes systemd-analyze verify', () => {
    const result = spawnSync('systemd-analyze', ['verify', unitPath], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
  });
});
