import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Pids of live `tmux … wait-for … <channel>` processes on a socket (Linux /proc; read-only). */
export function waitForPids(socket: string, channel: string): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const argv = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (/\) Z /.test(stat)) continue; // a zombie has exited already
      if (argv.includes(socket) && argv.includes('wait-for') && argv[argv.length - 2] === channel) out.push(Number(d));
    } catch {
      // process went away while we looked
    }
  }
  return out;
}

/** True once the process holds a socket beyond its stdio: the tmux client has connected to the server. */
export function connected(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => Number(fd) > 2 && readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:'));
  } catch {
    return false;
  }
}

/** Polls a condition that re-reads real state, a bounded number of times. */
export async function until(cond: () => boolean, tries = 500): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
}
