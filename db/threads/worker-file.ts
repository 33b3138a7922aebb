import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a worker thread's module is: the compiled sibling (`<name>.js`, beside the server's bundle)
 * if there is one, else the .ts source, which the thread loads through tsx (`npm start` in development
 * and the tests run on tsx).
 */
export function workerFile(name: string): { filename: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  if (existsSync(compiled)) return { filename: compiled, execArgv: [] };
  const source = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  return { filename: source, execArgv: ['--import', 'tsx'] };
}
