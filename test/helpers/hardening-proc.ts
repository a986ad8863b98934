import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Read-only /proc probes for the hardening and stress suites (Linux): child processes, open file
 * descriptors and resident memory of a process, plus a bounded poll that re-reads real state.
 */

export interface ProcInfo {
  pid: number;
  ppid: number;
  /** State letter of /proc/<pid>/stat (Z = zombie, already exited). */
  state: string;
  argv: string[];
}

/** One process as /proc sees it now, or null once it is gone. */
export function procInfo(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may hold spaces and parentheses: the fields after the last ')' are fixed.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (argv[argv.length - 1] === '') argv.pop();
    return { pid, ppid: Number(rest[1]), state: rest[0], argv };
  } catch {
    return null;
  }
}

/** Every live (non-zombie) process on the machine. */
export function allProcs(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const p = procInfo(Number(d));
    if (p && p.state !== 'Z') out.push(p);
  }
  return out;
}

/** Live descendants of `pid` (children, grandchildren …). */
export function descendants(pid: number, procs: ProcInfo[] = allProcs()): ProcInfo[] {
  const byParent = new Map<number, ProcInfo[]>();
  for (const p of procs) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const out: ProcInfo[] = [];
  const walk = (id: number) => {
    for (const c of byParent.get(id) ?? []) {
      out.push(c);
      walk(c.pid);
    }
  };
  walk(pid);
  return out;
}

const isTmux = (p: ProcInfo) => /(^|\/)tmux$/.test(p.argv[0] ?? '');

/** `tmux … wait-for …` processes among the descendants of `pid` (on `socket`, if given). */
export function waitForChildren(pid: number, socket?: string): ProcInfo[] {
  return descendants(pid).filter((p) => isTmux(p) && p.argv.includes('wait-for') && (!socket || p.argv.includes(socket)));
}

/** `tmux … wait-for …` processes anywhere whose argv names `socket` (orphans of a dead parent included). */
export function waitForProcsOnSocket(socket: string): ProcInfo[] {
  return allProcs().filter((p) => isTmux(p) && p.argv.includes('wait-for') && p.argv.includes(socket));
}

/** Live tmux client processes (any command) among the descendants of `pid`. */
export function tmuxChildren(pid: number): ProcInfo[] {
  return descendants(pid).filter(isTmux);
}

/** True once the process holds a socket beyond its stdio (a tmux client has connected). */
export function hasSocket(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => Number(fd) > 2 && readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:'));
  } catch {
    return false;
  }
}

/** Number of open file descriptors of a process. */
export function fdCount(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Resident set size in KiB (VmRSS). */
export function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** True while a process with this pid exists and has not exited. */
export function isAlive(pid: number): boolean {
  const p = procInfo(pid);
  return p !== null && p.state !== 'Z';
}

/**
 * Polls a condition that re-reads real state (tmux, /proc) a bounded number of times; throws
 * with `what` if it never holds. This is waiting on state, not a timing assertion.
 */
export async function until(cond: () => boolean | Promise<boolean>, what = 'condition', tries = 600, stepMs = 10): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`${what} not reached after ${tries} checks`);
}

/** Resolves with true if `p` settles within `ms`, false otherwise (hang detector for exit/answer bounds). */
export async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)));
  try {
    return await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      bound,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
