import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inject, injectable } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../../config/server-config';
import { PROCESS_RUNNER } from '../../services/tmux-server-pool.service';
import type { ProcessRunner } from '../../tmux/process-runner';
import { acceptsConnect } from './accepts-connect';
import type { ServerAddress } from './server-info.probe';

/** A live tmux socket and how list_servers reports it. */
export interface DiscoveredSocket {
  /** Where to connect (always a full path, so probing never depends on TMUX_TMPDIR). */
  path: string;
  address: ServerAddress;
}

/**
 * The same scan on a remote host (docs/reference/tools.md#list_servers), run by the remote `sh`
 * (a constant: the remote tmux binary and the extra paths follow as quoted positional
 * parameters). It prints `L <name>` for a live socket in the `-L` directory and `P <path>` for
 * any other live one. Liveness is asked of tmux there, in the same session: a socket directory
 * full of stale sockets must not become one ssh session per socket.
 */
const REMOTE_SCAN = [
  't=$1; shift; u=$(id -u); l="${TMUX_TMPDIR:-/tmp}/tmux-$u"',
  'live() { [ -S "$1" ] && "$t" -S "$1" list-sessions -F x >/dev/null 2>&1; }',
  `for f in "$l"/*; do live "$f" && printf 'L %s\\n' "\${f##*/}"; done`,
  `if [ "/tmp/tmux-$u" != "$l" ]; then for f in "/tmp/tmux-$u"/*; do live "$f" && printf 'P %s\\n' "$f"; done; fi`,
  `for f in "$@"; do live "$f" && printf 'P %s\\n' "$f"; done`,
  'exit 0',
].join('\n');

const realOrNull = (p: string): Promise<string | null> => realpath(p).catch(() => null);

async function isSocket(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isSocket();
  } catch {
    return false;
  }
}

/**
 * Socket discovery of list_servers (docs/reference/tools.md#list_servers): the union of
 * `$TMUX_TMPDIR/tmux-<euid>` (if set), `/tmp/tmux-<euid>` and the directory of the `$TMUX` socket,
 * de-duplicated by real path, then the caller's extra paths. Sockets in the `-L` directory are
 * addressed by name, all others by socket_path. Only the configuration is read
 * (docs/reference/configuration.md#minimal-client-environments): no process env here.
 */
@injectable()
export class SocketDiscoveryService {
  constructor(
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @inject(PROCESS_RUNNER) private readonly runner: ProcessRunner,
  ) {}

  /** The directory tmux uses for `-L <name>` sockets. */
  labelDir(): string {
    const uid = typeof process.geteuid === 'function' ? process.geteuid() : 0;
    return join(this.config.tmuxTmpdir ?? '/tmp', `tmux-${uid}`);
  }

  scanDirs(): string[] {
    const uid = typeof process.geteuid === 'function' ? process.geteuid() : 0;
    const dirs = [this.labelDir(), `/tmp/tmux-${uid}`];
    const callerSocket = this.config.tmuxEnv?.split(',')[0];
    if (callerSocket) dirs.push(dirname(callerSocket));
    return dirs;
  }

  async discover(extraPaths: readonly string[] | null): Promise<DiscoveredSocket[]> {
    const seen = new Set<string>();
    const out: DiscoveredSocket[] = [];
    const labelReal = await realOrNull(this.labelDir());
    const seenDirs = new Set<string>();
    for (const dir of this.scanDirs()) {
      const dirReal = await realOrNull(dir);
      if (!dirReal || seenDirs.has(dirReal)) continue;
      seenDirs.add(dirReal);
      const names = await readdir(dir).catch(() => [] as string[]);
      const byName = dirReal === labelReal;
      const found = await this.live(
        names.sort().map((n) => join(dir, n)),
        seen,
      );
      for (const path of found) {
        const name = path.slice(dir.length + 1);
        out.push({ path, address: byName ? { socket_name: name, socket_path: null } : { socket_name: null, socket_path: path } });
      }
    }
    for (const path of await this.live(extraPaths ?? [], seen)) out.push({ path, address: { socket_name: null, socket_path: path } });
    return out;
  }

  /** The sockets of a remote host, addressed as there (by name in its `-L` directory, else by path). */
  async discoverRemote(host: string, tmuxBin: string, extraPaths: readonly string[] | null): Promise<ServerAddress[]> {
    const out = await this.runner.run({ host }, ['sh', '-c', REMOTE_SCAN, 'sh', tmuxBin, ...(extraPaths ?? [])]);
    const seen = new Set<string>();
    const found: ServerAddress[] = [];
    for (const line of out.split('\n')) {
      const m = /^([LP]) (.+)$/.exec(line);
      if (!m || seen.has(line)) continue;
      seen.add(line);
      found.push(m[1] === 'L' ? { socket_name: m[2], socket_path: null } : { socket_name: null, socket_path: m[2] });
    }
    return found;
  }

  /** The given paths that are live sockets not seen before, in order (checks run concurrently). */
  private async live(paths: readonly string[], seen: Set<string>): Promise<string[]> {
    const checked = await Promise.all(
      paths.map(async (p) => ((await isSocket(p)) && (await acceptsConnect(p)) ? await realOrNull(p) : null)),
    );
    const kept: string[] = [];
    paths.forEach((p, i) => {
      const real = checked[i];
      if (real === null || seen.has(real)) return;
      seen.add(real);
      kept.push(p);
    });
    return kept;
  }
}
