import { readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { LEDGER_ENV, socketState } from './helpers/tmux-sockets';

/**
 * Fails the run when a tmux socket file this run created is still in the socket directory: tmux
 * never unlinks its socket, so each one a test forgets stays there for good and `list_servers`
 * probes it in every later run. Only the sockets in this run's ledger count (written by the
 * fixtures in every worker, test/helpers/tmux-sockets.ts), never another run's or anyone else's.
 * Dead leftovers are removed here too (they are this run's own and nothing listens on them);
 * a live one is only reported: its server is still running.
 */
export default function globalTeardown(): void {
  const dir = process.env[LEDGER_ENV];
  if (!dir) return;
  const paths = new Set<string>();
  for (const f of readdirSync(dir)) for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) if (line) paths.add(line);
  rmSync(dir, { recursive: true, force: true });
  const leftovers: string[] = [];
  for (const path of paths) {
    const state = socketState(path);
    if (state === 'absent') continue;
    if (state === 'dead') unlinkSync(path); // proven dead just now, and named by this run
    leftovers.push(`${path} (${state === 'dead' ? 'dead, removed now' : 'server still running, left alone'})`);
  }
  if (leftovers.length)
    throw new Error(
      `${leftovers.length} of the ${paths.size} tmux sockets this run created were left behind (a fixture must remove its socket once its server is gone):\n  ${leftovers.join('\n  ')}`,
    );
}
