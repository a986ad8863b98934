import {
  type FdKind,
  type InputState,
  type PaneFacts,
  parseSyscall,
  type ProcessFacts,
  READ_EVENTS,
  type Syscall,
  type SyscallFamily,
  SYSCALLS,
  type ThreadFacts,
} from './input-probe.facts';

/**
 * The input probe's decision (docs/reference/engine.md#waiting-for-input), a pure function of the
 * facts gathered on the pane's host: the same rules whether they came from this machine's /proc
 * or from the script run on a remote host.
 */

/** One fd set of a select/poll call: false with no terminal in it, true with only quiet company, else unknown. */
function candidates(fds: ReadonlyMap<number, FdKind>, below: number): boolean | null {
  let terminal = false;
  let wakeable = false;
  for (const [fd, kind] of fds) {
    if (fd >= below) continue;
    if (kind === 't') terminal = true;
    else if (kind === 'w') wakeable = true;
  }
  if (!terminal) return false;
  return wakeable ? null : true;
}

function anyTerminal(fds: ReadonlyMap<number, FdKind>, set: readonly number[]): boolean {
  for (const fd of set) if (fds.get(fd) === 't') return true;
  return false;
}

/** Whether a thread blocked in a reading call waits on the terminal. */
function familyWaiting(family: SyscallFamily, call: Syscall, t: ThreadFacts, fds: ReadonlyMap<number, FdKind>): boolean | null {
  switch (family) {
    case 'read':
      return fds.get(call.a0) === 't';
    case 'select':
      // select(nfds, readfds, …): no read set, nothing read.
      if (call.a1 === 0) return false;
      return t.readSet ? anyTerminal(fds, t.readSet) : candidates(fds, call.a0);
    case 'poll':
      // poll(fds, nfds, …): without memory every open fd may be one of them.
      if (call.a1 === 0) return false;
      return t.readSet ? anyTerminal(fds, t.readSet) : candidates(fds, Infinity);
    case 'epoll': {
      if (!t.epoll) return null;
      for (const [fd, events] of t.epoll) if ((events & READ_EVENTS) !== 0 && fds.get(fd) === 't') return true;
      return false;
    }
  }
}

/** true: blocked reading the terminal; false: not; null: cannot tell. */
export function threadWaiting(t: ThreadFacts, p: ProcessFacts, table: ReadonlyMap<number, SyscallFamily> | undefined): boolean | null {
  switch (t.state) {
    case 'S':
      break;
    case 'R': // running, in disk wait, stopped or traced: not reading the terminal now
    case 'D':
    case 'T':
    case 't':
    case 'Z': // gone: nothing to say
    case 'X':
    case 'x':
      return false;
    default:
      return null;
  }
  if (t.syscall === null) return null;
  const call = parseSyscall(t.syscall);
  if (call === 'running') return false;
  if (call === null || call.nr < 0 || !table) return null;
  const family = table.get(call.nr);
  if (family === undefined) return false; // sleeping in something else: wait4, nanosleep, futex…
  return p.fds ? familyWaiting(family, call, t, p.fds) : null;
}

/** true when any thread reads the terminal; null when none does and one could not be told. */
export function processWaiting(p: ProcessFacts, table: ReadonlyMap<number, SyscallFamily> | undefined): boolean | null {
  let out: boolean | null = p.threadsCut ? null : false;
  for (const t of p.threads) {
    const v = threadWaiting(t, p, table);
    if (v === true) return true;
    if (v === null) out = null;
  }
  return out;
}

/**
 * Whether `p` runs the pane shell's own command line: the shell itself, or a fork of it (a
 * subshell, such as run_command's wrapper), which has the shell's argument area: a fork's memory
 * is a copy of the shell's, so its command line is the shell's exactly; an exec gets a new area.
 */
export function isShellFork(p: ProcessFacts, shell: ProcessFacts): boolean {
  if (p.pid === shell.pid) return true;
  return p.argArea === shell.argArea && p.argArea !== '0 0' && p.argArea !== '';
}

/**
 * A program name as tmux 3.3a's `#{pane_current_command}` derives it from argv[0]
 * (parse_window_name): surrounding quotes and a leading `exec ` dropped, leading spaces and `-`
 * (a login shell) stripped, the first word, trailing non-printable characters dropped, and the
 * basename of an absolute path. Null when nothing is left.
 */
export function tmuxName(argv0: string): string | null {
  let name = argv0.startsWith('"') ? argv0.slice(1) : argv0;
  const quote = name.indexOf('"');
  if (quote >= 0) name = name.slice(0, quote);
  if (name.startsWith('exec ')) name = name.slice(5);
  let start = 0;
  while (name[start] === ' ' || name[start] === '-') start++;
  name = name.slice(start);
  const space = name.indexOf(' ');
  if (space >= 0) name = name.slice(0, space);
  let end = name.length;
  while (end > 1 && (name.charCodeAt(end - 1) < 0x21 || name.charCodeAt(end - 1) > 0x7e)) end--;
  name = name.slice(0, end);
  if (name.startsWith('/')) {
    const trimmed = name.replace(/\/+$/, '');
    name = trimmed === '' ? '/' : trimmed.slice(trimmed.lastIndexOf('/') + 1);
  }
  return name === '' ? null : name;
}

/**
 * The process whose argv[0] names the foreground job's program: the group leader; while it is a
 * fork of the pane's shell (not the pane's own process: a pane program or a shell with a helper
 * child keeps its name) and has a child in the group, the newest such child. Undefined when the
 * leader was not found.
 */
export function programProcess(f: PaneFacts): ProcessFacts | undefined {
  let cur: ProcessFacts | undefined;
  for (const m of f.members) if (m.pid === f.tpgid) cur = m;
  if (!cur) return undefined;
  for (let steps = 0; steps < f.members.length && cur.pid !== f.panePid && isShellFork(cur, f.shell); steps++) {
    let next: ProcessFacts | undefined;
    for (const m of f.members)
      if (m.ppid === cur.pid && (!next || m.starttime > next.starttime || (m.starttime === next.starttime && m.pid > next.pid))) next = m;
    if (!next) break;
    cur = next;
  }
  return cur;
}

/**
 * The foreground job's program as tmux would name it had a person typed the command
 * (docs/reference/engine.md#waiting-for-input): the shell's name where the program process runs
 * the shell's command line, else its own argv[0].
 */
export function programOf(f: PaneFacts): string | null {
  const p = programProcess(f);
  if (!p) return null;
  if (isShellFork(p, f.shell)) return f.shellName;
  return p.argv0 === null ? null : tmuxName(p.argv0);
}

/** The probe's answer for one pane. */
export function classifyPane(f: PaneFacts): InputState {
  const table = f.arch === null ? undefined : SYSCALLS.get(f.arch);
  let waiting: boolean | null = f.cut || f.members.length === 0 ? null : false;
  for (const m of f.members) {
    const v = processWaiting(m, table);
    if (v === true) {
      waiting = true;
      break;
    }
    if (v === null) waiting = null;
  }
  return { waiting, shellForeground: f.tpgid === f.panePgrp, program: programOf(f) };
}
