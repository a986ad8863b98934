import { closeSync, openSync, readdirSync, readlinkSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { endianness } from 'node:os';
import { isShellFork, programProcess, tmuxName } from './input-probe.classifier';
import {
  type FdKind,
  type PaneFacts,
  parseSyscall,
  type ProbeTarget,
  type ProcessFacts,
  READ_EVENTS,
  type Syscall,
  type SyscallFamily,
  SYSCALLS,
} from './input-probe.facts';

/**
 * The input probe's look at a pane of a tmux server on this machine, from this machine's /proc
 * (docs/reference/engine.md#waiting-for-input): the pane pid's stat line (after checking that its
 * terminal is the pane's, else this machine does not show the pane), the processes of the
 * terminal's foreground group (a bounded walk of the pane pid's descendants), their threads,
 * system calls, epoll registrations and fds, and where a select/poll call's fds cannot be told
 * from the fds alone, the call's set in memory. Anything unreadable stays unknown in the facts;
 * the classifier decides.
 *
 * Reads that the kernel answers without waiting on the process (stat, children, syscall, fd
 * links, fdinfo) are synchronous: a few microseconds each, where a promise costs ~100 µs of CPU.
 * Command lines and memory need the process's memory map lock, which a process stuck in the
 * kernel may hold for long: those are read asynchronously, and only where needed.
 */

/** This machine, as `uname -m` names it (the syscall tables' key); null for any other. */
export const LOCAL_ARCH = process.arch === 'x64' ? 'x86_64' : process.arch === 'arm64' ? 'aarch64' : null;
const TABLE = LOCAL_ARCH === null ? undefined : SYSCALLS.get(LOCAL_ARCH);
/** fd_set and struct pollfd are read as little-endian words. */
const LITTLE_ENDIAN = endianness() === 'LE';

const MAX_PROCS = 64;
const MAX_SCAN = 4096;
const MAX_THREADS = 32;
const MAX_FDS = 1024;
const MAX_POLL = 4096;
const MAX_SELECT = 65536;
const MAX_FILE = 65536;
/** Shells' argv[0] by pid, start time and argument area (an exec changes the area): at most this many. */
const MAX_NAMES = 512;

interface Stat {
  readonly state: string;
  readonly ppid: number;
  readonly pgrp: number;
  readonly ttyNr: number;
  readonly tpgid: number;
  readonly threads: number;
  readonly starttime: number;
  readonly argArea: string;
}

/** The fields of a stat line after the command name (which may hold anything, `)` too). */
export function parseStat(text: string | null): Stat | null {
  if (text === null) return null;
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const f = text.slice(close + 2).split(' ');
  if (f.length < 20) return null;
  return {
    state: f[0],
    ppid: Number(f[1]),
    pgrp: Number(f[2]),
    ttyNr: Number(f[4]),
    tpgid: Number(f[5]),
    threads: Number(f[17]),
    starttime: Number(f[19]),
    argArea: f.length > 46 ? `${f[45]} ${f[46]}` : '0 0',
  };
}

/** One buffer for the synchronous reads (nothing else runs between a read and its decoding). */
const BUF = Buffer.allocUnsafe(MAX_FILE);

/** A small /proc file, read synchronously; null when it cannot be read. */
function read(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    let n = 0;
    for (let got = 1; got > 0 && n < MAX_FILE; n += got) got = readSync(fd, BUF, n, MAX_FILE - n, null);
    return BUF.toString('latin1', 0, n);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function list(path: string): string[] | null {
  try {
    return readdirSync(path);
  } catch {
    return null;
  }
}

/** `length` bytes of a process's memory at `addr`; null when unreadable. */
async function memory(pid: number, addr: number, length: number): Promise<Buffer | null> {
  if (!LITTLE_ENDIAN || !Number.isSafeInteger(addr) || addr <= 0) return null;
  let fh;
  try {
    fh = await open(`/proc/${pid}/mem`, 'r');
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, addr);
    return bytesRead === length ? buf : null;
  } catch {
    return null;
  } finally {
    await fh?.close();
  }
}

/** select(nfds, readfds, …): the fds whose bits are set in the read set. */
async function selectSet(pid: number, nfds: number, addr: number): Promise<number[] | null> {
  const n = Math.min(nfds, MAX_SELECT);
  const buf = await memory(pid, addr, (n + 7) >> 3);
  if (!buf) return null;
  const out: number[] = [];
  for (let fd = 0; fd < n; fd++) if (buf[fd >> 3] & (1 << (fd & 7))) out.push(fd);
  return out;
}

/** poll(fds, nfds, …): the fds asked for readability (struct pollfd {int fd; short events; short revents}). */
async function pollSet(pid: number, addr: number, nfds: number): Promise<number[] | null> {
  if (nfds > MAX_POLL) return null;
  const buf = await memory(pid, addr, nfds * 8);
  if (!buf) return null;
  const out: number[] = [];
  for (let i = 0; i < nfds; i++) {
    const fd = buf.readInt32LE(i * 8);
    if (fd >= 0 && buf.readUInt16LE(i * 8 + 4) & READ_EVENTS) out.push(fd);
  }
  return out;
}

/** The `tfd:` lines of an epoll fd's fdinfo: [fd, events]. */
function epollSet(pid: number, epfd: number): [number, number][] | null {
  if (!Number.isSafeInteger(epfd) || epfd < 0) return null;
  const info = read(`/proc/${pid}/fdinfo/${epfd}`);
  if (info === null) return null;
  const out: [number, number][] = [];
  for (const m of info.matchAll(/^tfd:\s+(\d+)\s+events:\s+([0-9a-f]+)/gm)) out.push([Number(m[1]), parseInt(m[2], 16)]);
  return out;
}

/** What an fd is (docs/reference/engine.md#waiting-for-input); null when it is not open, 'unreadable' when it cannot be told. */
function fdKind(pid: number, fd: number, tty: string): FdKind | null | 'unreadable' {
  let link: string;
  try {
    link = readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? null : 'unreadable';
  }
  if (link === tty || link === '/dev/tty') return 't';
  if (link === '/dev/null') return 'q';
  if (!link.startsWith('/')) return 'w'; // socket:[…], pipe:[…], anon_inode:[…]
  const s = statSync(`/proc/${pid}/fd/${fd}`, { throwIfNoEntry: false });
  return s && (s.isFile() || s.isDirectory() || s.isBlockDevice()) ? 'q' : 'w';
}

/** Adds the kinds of `fds` (all open ones below `below` when `fds` is null); false when they cannot be told. */
function addKinds(out: Map<number, FdKind>, pid: number, fds: readonly number[] | null, below: number, tty: string): boolean {
  let wanted = fds;
  if (!wanted) {
    const names = list(`/proc/${pid}/fd`);
    if (!names || names.length > MAX_FDS) return false;
    wanted = names.map(Number).filter((fd) => fd < below);
  }
  for (const fd of wanted) {
    if (out.has(fd)) continue;
    const k = fdKind(pid, fd, tty);
    if (k === 'unreadable') return false;
    if (k !== null) out.set(fd, k);
  }
  return true;
}

/** The terminal among a select/poll call's candidate fds: false none, true only quiet company, null a wakeable fd too. */
function byCandidates(kinds: ReadonlyMap<number, FdKind>, below: number): boolean | null {
  let terminal = false;
  let wakeable = false;
  for (const [fd, k] of kinds) {
    if (fd >= below) continue;
    if (k === 't') terminal = true;
    else if (k === 'w') wakeable = true;
  }
  return !terminal ? false : wakeable ? null : true;
}

interface ThreadDraft {
  tid: number;
  state: string;
  syscall: string | null;
  readSet: number[] | null;
  epoll: [number, number][] | null;
}

/**
 * The fds a thread's call names, their kinds added to `kinds`; for select/poll whose candidates
 * leave it open (the terminal and a wakeable fd among them), the set is read from memory.
 * False when the fds cannot be told.
 */
async function callFds(
  pid: number,
  t: ThreadDraft,
  call: Syscall,
  family: SyscallFamily,
  kinds: Map<number, FdKind>,
  tty: string,
): Promise<boolean> {
  switch (family) {
    case 'read':
      return addKinds(kinds, pid, [call.a0], Infinity, tty);
    case 'epoll':
      t.epoll = epollSet(pid, call.a0);
      return t.epoll
        ? addKinds(
            kinds,
            pid,
            t.epoll.map((e) => e[0]),
            Infinity,
            tty,
          )
        : true;
    case 'select':
    case 'poll': {
      if (call.a1 === 0) return true; // no read set / no fds
      const below = family === 'select' ? call.a0 : Infinity;
      if (!addKinds(kinds, pid, null, below, tty)) return false;
      if (byCandidates(kinds, below) !== null) return true;
      t.readSet = family === 'select' ? await selectSet(pid, call.a0, call.a1) : await pollSet(pid, call.a0, call.a1);
      return true;
    }
  }
}

/** A member's threads and fds. */
async function processFacts(pid: number, st: Stat, tty: string): Promise<ProcessFacts> {
  let tids = [pid];
  let threadsCut = false;
  if (st.threads > 1) {
    const names = list(`/proc/${pid}/task`);
    if (names) tids = names.map(Number);
    threadsCut = names === null || tids.length > MAX_THREADS;
    if (tids.length > MAX_THREADS) tids = tids.slice(0, MAX_THREADS);
  }
  const threads: ThreadDraft[] = [];
  let kinds: Map<number, FdKind> | null = new Map();
  for (const tid of tids) {
    const state = tid === pid ? st.state : (parseStat(read(`/proc/${pid}/task/${tid}/stat`))?.state ?? 'X');
    const t: ThreadDraft = { tid, state, syscall: null, readSet: null, epoll: null };
    threads.push(t);
    if (state !== 'S') continue;
    t.syscall = read(`/proc/${pid}/task/${tid}/syscall`);
    const call = t.syscall === null ? null : parseSyscall(t.syscall);
    if (call === null || call === 'running') continue;
    const family = TABLE?.get(call.nr);
    if (family && kinds && !(await callFds(pid, t, call, family, kinds, tty))) kinds = null;
  }
  return {
    pid,
    ppid: st.ppid,
    starttime: st.starttime,
    argArea: st.argArea,
    argv0: null,
    fds: kinds,
    threads,
    threadsCut,
  };
}

/** The members of group `tpgid` among the pane pid's descendants (bounded); without children files, a scan of /proc. */
function walk(panePid: number, shell: Stat, tpgid: number): { members: [number, Stat][]; cut: boolean } {
  const members: [number, Stat][] = [];
  if (shell.pgrp === tpgid) members.push([panePid, shell]);
  const first = read(`/proc/${panePid}/task/${panePid}/children`);
  if (first === null) return scan(panePid, tpgid, members);
  const queue: number[] = [];
  for (const c of first.split(' ')) if (c !== '') queue.push(Number(c));
  for (let i = 0; i < queue.length; i++) {
    if (i + 1 >= MAX_PROCS) return { members, cut: true };
    const pid = queue[i];
    const st = parseStat(read(`/proc/${pid}/stat`));
    if (!st) continue;
    if (st.pgrp === tpgid) members.push([pid, st]);
    const kids = read(`/proc/${pid}/task/${pid}/children`);
    if (kids) for (const c of kids.split(' ')) if (c !== '') queue.push(Number(c));
  }
  return { members, cut: false };
}

/** Without children files (a kernel without CONFIG_PROC_CHILDREN): every process of the group, from /proc. */
function scan(panePid: number, tpgid: number, members: [number, Stat][]): { members: [number, Stat][]; cut: boolean } {
  const names = list('/proc') ?? [];
  let seen = 0;
  for (const n of names) {
    if (!/^\d+$/.test(n) || Number(n) === panePid) continue;
    if (++seen > MAX_SCAN || members.length >= MAX_PROCS) return { members, cut: true };
    const st = parseStat(read(`/proc/${n}/stat`));
    if (st && st.pgrp === tpgid) members.push([Number(n), st]);
  }
  return { members, cut: false };
}

/** argv[0] of a process (its memory: read asynchronously); null when unreadable. */
async function argv0Of(pid: number): Promise<string | null> {
  let fh;
  try {
    fh = await open(`/proc/${pid}/cmdline`, 'r');
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    if (bytesRead === 0) return null;
    const nul = buf.indexOf(0);
    return buf.toString('utf8', 0, nul >= 0 && nul < bytesRead ? nul : bytesRead);
  } catch {
    return null;
  } finally {
    await fh?.close();
  }
}

/** The pane shells' names, by `pid start arg-area` (the shell at its prompt is looked at often). */
const shellNames = new Map<string, string | null>();

async function shellNameOf(pid: number, st: Stat): Promise<string | null> {
  const key = `${pid} ${st.starttime} ${st.argArea}`;
  const known = shellNames.get(key);
  if (known !== undefined) return known;
  const argv0 = await argv0Of(pid);
  const name = argv0 === null ? null : tmuxName(argv0);
  if (argv0 !== null) {
    if (shellNames.size >= MAX_NAMES) shellNames.clear();
    shellNames.set(key, name);
  }
  return name;
}

/**
 * The facts of one pane from this machine's /proc; null when this machine does not show the
 * pane's process (no /proc, the pane pid gone, or another PID namespace: the pane pid's terminal
 * is not the pane's).
 */
export async function gatherLocal(target: ProbeTarget): Promise<PaneFacts | null> {
  const { panePid, paneTty } = target;
  if (!Number.isSafeInteger(panePid) || panePid <= 0 || !paneTty.startsWith('/')) return null;
  const tty = statSync(paneTty, { throwIfNoEntry: false });
  const shell = parseStat(read(`/proc/${panePid}/stat`));
  if (!tty || !shell || shell.ttyNr !== tty.rdev || shell.tpgid <= 0) return null;
  const { members, cut } = walk(panePid, shell, shell.tpgid);
  const facts: ProcessFacts[] = [];
  for (const [pid, st] of members) facts.push(await processFacts(pid, st, paneTty));
  const own = facts.find((p) => p.pid === panePid) ?? {
    pid: panePid,
    ppid: shell.ppid,
    starttime: shell.starttime,
    argArea: shell.argArea,
    argv0: null,
    fds: null,
    threads: [],
    threadsCut: false,
  };
  const pane = { arch: LOCAL_ARCH, panePid, panePgrp: shell.pgrp, tpgid: shell.tpgid, shell: own, shellName: null, members: facts, cut };
  // Only the program's own name is read: the shell's (cached) where it runs the shell's command line.
  const program = programProcess(pane);
  if (!program) return pane;
  if (isShellFork(program, own)) return { ...pane, shellName: await shellNameOf(panePid, shell) };
  const i = facts.indexOf(program);
  facts[i] = { ...program, argv0: await argv0Of(program.pid) };
  return pane;
}
