/**
 * What the input probe reads of a pane's processes (docs/reference/engine.md#waiting-for-input),
 * whichever way it was gathered: from this machine's /proc (input-probe.local.ts) or by a script
 * run on the pane's host (input-probe.script.ts). The classifier (input-probe.classifier.ts)
 * decides from these facts alone, so both paths answer alike.
 */

/** A pane to look at: its id and what tmux says of its process and terminal. */
export interface ProbeTarget {
  readonly paneId: string;
  readonly panePid: number;
  readonly paneTty: string;
}

/** What the probe says of one pane (docs/reference/engine.md#waiting-for-input). */
export interface InputState {
  /** A process of the terminal's foreground group is blocked reading the terminal; null when unknown. */
  readonly waiting: boolean | null;
  /** The foreground group is the pane's own process group (its shell at the prompt, or the pane's first program); null when unknown. */
  readonly shellForeground: boolean | null;
  /** The foreground job's program as tmux would name it had a person typed the command; null when unknown. */
  readonly program: string | null;
}

/** Nothing known. */
export const UNKNOWN_INPUT: InputState = Object.freeze({ waiting: null, shellForeground: null, program: null });

/**
 * What an open file descriptor is, as far as waiting goes: `t` the pane's terminal (its pts, or
 * `/dev/tty`); `w` something else that can wake a wait (a socket, a pipe or FIFO, an anonymous
 * inode such as an eventfd, another device); `q` something that never blocks a read (a
 * regular file, a directory, `/dev/null`).
 */
export type FdKind = 't' | 'w' | 'q';

/** One thread of a foreground process. */
export interface ThreadFacts {
  readonly tid: number;
  /** The state letter of its stat line (R, S, D, T, t, Z, X, …). */
  readonly state: string;
  /** Its /proc syscall line as the kernel wrote it (read in state S only); null when unreadable. */
  readonly syscall: string | null;
  /** Read from memory (this machine only): the fds select/poll was asked to read; null when not read. */
  readonly readSet: readonly number[] | null;
  /** The fdinfo `tfd:` lines of the fd in its first argument, as [fd, events]; null when not read. */
  readonly epoll: readonly (readonly [number, number])[] | null;
}

/** One process: the pane's own (its shell) or a member of the terminal's foreground group. */
export interface ProcessFacts {
  readonly pid: number;
  readonly ppid: number;
  readonly starttime: number;
  /**
   * `arg_start arg_end` of its stat line, where its command line lives: a fork of the shell has the
   * shell's (a copy of its memory, so the same command line), an exec gets new ones ("0 0" where
   * the kernel withholds them).
   */
  readonly argArea: string;
  /** argv[0], where it was read (the program's process only); else null. */
  readonly argv0: string | null;
  /** The kinds of its open fds (at least those its threads' system calls name); null when unreadable. */
  readonly fds: ReadonlyMap<number, FdKind> | null;
  /** Its threads that may be reading (state S), and those in a state that says nothing. */
  readonly threads: readonly ThreadFacts[];
  /** More threads than were looked at. */
  readonly threadsCut: boolean;
}

/** Everything the classifier needs of one pane. */
export interface PaneFacts {
  /** The host's machine (`uname -m`); null when unknown. */
  readonly arch: string | null;
  readonly panePid: number;
  /** The process group of the pane pid. */
  readonly panePgrp: number;
  /** The foreground process group of the pane's terminal. */
  readonly tpgid: number;
  /** The pane pid itself. */
  readonly shell: ProcessFacts;
  /**
   * The shell's argv[0] as tmux names it: from its command line here; on a remote host tmux's own
   * `#{pane_current_command}`, which names the group leader, used only where that leader runs the
   * shell's command line. Read only where the program is the shell's (programProcess).
   */
  readonly shellName: string | null;
  /** The processes of the foreground group that were found. */
  readonly members: readonly ProcessFacts[];
  /** The walk stopped at its bound: members may be missing. */
  readonly cut: boolean;
}

/** What a blocking system call does with its arguments. */
export type SyscallFamily = 'read' | 'select' | 'poll' | 'epoll';

/** The system calls that read or wait for readable fds, by number, per machine. */
export const SYSCALLS: ReadonlyMap<string, ReadonlyMap<number, SyscallFamily>> = new Map([
  [
    'x86_64',
    new Map<number, SyscallFamily>([
      [0, 'read'],
      [17, 'read'],
      [19, 'read'],
      [295, 'read'],
      [327, 'read'],
      [7, 'poll'],
      [271, 'poll'],
      [23, 'select'],
      [270, 'select'],
      [232, 'epoll'],
      [281, 'epoll'],
      [441, 'epoll'],
    ]),
  ],
  [
    'aarch64',
    new Map<number, SyscallFamily>([
      [63, 'read'],
      [67, 'read'],
      [65, 'read'],
      [69, 'read'],
      [286, 'read'],
      [73, 'poll'],
      [72, 'select'],
      [22, 'epoll'],
      [441, 'epoll'],
    ]),
  ],
]);

/** A system call in progress: its number and first two arguments. */
export interface Syscall {
  readonly nr: number;
  readonly a0: number;
  readonly a1: number;
}

const hex = (s: string | undefined): number => (s !== undefined && s.startsWith('0x') ? parseInt(s.slice(2), 16) : NaN);

/**
 * Reads a /proc syscall line: `NR ARG0 … ARG5 SP PC` (blocked in a call), `-1 SP PC` (blocked
 * outside one) or `running`. Null when it is none of these.
 */
export function parseSyscall(line: string): Syscall | 'running' | null {
  const text = line.trim();
  if (text === 'running') return 'running';
  const parts = text.split(' ');
  const nr = Number(parts[0]);
  if (!Number.isInteger(nr) || parts[0] === '') return null;
  if (nr < 0) return { nr, a0: NaN, a1: NaN };
  const a0 = hex(parts[1]);
  const a1 = hex(parts[2]);
  return Number.isNaN(a0) || Number.isNaN(a1) ? null : { nr, a0, a1 };
}

/** poll/epoll events that mean "tell me when it is readable": IN, PRI, RDNORM. */
export const READ_EVENTS = 0x43;
