// globalSetup of the fault suite: the tests start dist-server/server.js, so it must be current.
import { ensureBuilt } from '../../../scripts/build-state.mjs';

export default function setup(): void {
  ensureBuilt({ log: (line) => process.stderr.write(`[faults] ${line}\n`) });
}
