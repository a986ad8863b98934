/**
 * The input probe's classifier on synthetic facts (docs/reference/engine.md#waiting-for-input):
 * every syscall family on both machines, what makes an answer unknown, the program's name through
 * forks of the shell, and the remote script's text and records.
 */
import { needsSubprocess } from '../../../src/tmux/control-routing';
import { classifyPane, isShellFork, programOf, threadWaiting, tmuxName } from '../../../src/services/input-probe.classifier';
import {
  type FdKind,
  type PaneFacts,
  parseSyscall,
  type ProcessFacts,
  SYSCALLS,
  type ThreadFacts,
} from '../../../src/services/input-probe.facts';
import { parseStat } from '../../../src/services/input-probe.local';
import { factsOf, parseProbeOutput, PROBE_SCRIPT, ptsTtyNr, SAFE_TMUX_PATH } from '../../../src/services/input-probe.script';

const SHELL_AREA = '140736857397883 140736857397895';

const thread = (syscall: string | null, extra: Partial<ThreadFacts> = {}): ThreadFacts => ({
  tid: 0,
  state: 'S',
  syscall,
  readSet: null,
  epoll: null,
  ...extra,
});

function proc(pid: number, threads: ThreadFacts[], fds: Record<number, FdKind> | null, extra: Partial<ProcessFacts> = {}): ProcessFacts {
  return {
    pid,
    ppid: 100,
    starttime: pid,
    argArea: `${pid}0 ${pid}9`,
    argv0: null,
    fds: fds === null ? null : new Map(Object.entries(fds).map(([k, v]) => [Number(k), v])),
    threads: threads.map((t, i) => ({ ...t, tid: t.tid || pid + i })),
    threadsCut: false,
    ...extra,
  };
}

const SHELL = proc(100, [], null, { ppid: 1, argArea: SHELL_AREA, argv0: '-bash' });

/** One pane whose foreground group is `members` (leader `tpgid`, default the first member). */
function pane(members: ProcessFacts[], extra: Partial<PaneFacts> = {}): PaneFacts {
  return {
    arch: 'x86_64',
    panePid: 100,
    panePgrp: 100,
    tpgid: members[0]?.pid ?? 100,
    shell: SHELL,
    shellName: 'bash',
    members,
    cut: false,
    ...extra,
  };
}

/** A single foreground process with one thread in `syscall`, over `fds`. */
const one = (
  syscall: string | null,
  fds: Record<number, FdKind> | null = { 0: 't', 1: 't', 2: 't' },
  t: Partial<ThreadFacts> = {},
  arch = 'x86_64',
) => classifyPane(pane([proc(200, [thread(syscall, t)], fds)], { arch })).waiting;

describe('input probe: the classifier (docs/reference/engine.md#waiting-for-input)', () => {
  it('knows the x86_64 and aarch64 reading calls', () => {
    const x86 = SYSCALLS.get('x86_64')!;
    const arm = SYSCALLS.get('aarch64')!;
    expect([0, 17, 19, 295, 327].map((n) => x86.get(n))).toEqual(Array(5).fill('read'));
    expect([7, 271].map((n) => x86.get(n))).toEqual(['poll', 'poll']);
    expect([23, 270].map((n) => x86.get(n))).toEqual(['select', 'select']);
    expect([232, 281, 441].map((n) => x86.get(n))).toEqual(['epoll', 'epoll', 'epoll']);
    expect([63, 67, 65, 69, 286].map((n) => arm.get(n))).toEqual(Array(5).fill('read'));
    expect([arm.get(73), arm.get(72), arm.get(22), arm.get(441)]).toEqual(['poll', 'select', 'epoll', 'epoll']);
  });

  it('read family: waiting when its fd is the terminal (the pts or /dev/tty)', () => {
    expect(one('0 0x0 0x7fef30663000 0x20000 0x0 0x0 0x0 0x7ffd 0x7fef')).toBe(true); // cat
    expect(one('0 0x3 0x7ffd3f0a6917 0x1 0x24 0x0 0x0 0x7ffd 0x7f44', { 0: 'w', 1: 't', 2: 't', 3: 't' })).toBe(true); // less on /dev/tty
    expect(one('17 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1')).toBe(true); // pread64
    expect(one('19 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1')).toBe(true); // readv
    expect(one('295 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1')).toBe(true); // preadv
    expect(one('327 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1')).toBe(true); // preadv2
    expect(one('0 0x4 0x1 0x1 0x0 0x0 0x0 0x1 0x1', { 0: 't', 4: 'w' })).toBe(false); // a pipe
    expect(one('0 0x5 0x1 0x1 0x0 0x0 0x0 0x1 0x1', { 0: 't' })).toBe(false); // not open any more
  });

  it('uses the machine of the host: aarch64 numbers, and unknown elsewhere', () => {
    expect(one('63 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1', undefined, {}, 'aarch64')).toBe(true);
    expect(one('72 0x1 0x7ffd 0x0 0x0 0x0 0x0 0x1 0x1', undefined, {}, 'aarch64')).toBe(true); // pselect6
    expect(one('73 0x7ffd 0x1 0x0 0x0 0x0 0x0 0x1 0x1', undefined, {}, 'aarch64')).toBe(true); // ppoll
    expect(one('0 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1', undefined, {}, 'aarch64')).toBe(false); // io_setup there
    expect(one('63 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1')).toBe(false); // uname on x86_64
    expect(one('0 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1', undefined, {}, 'riscv64')).toBeNull();
    expect(classifyPane(pane([proc(200, [thread('0 0x0 0x1 0x1 0 0 0 0 0')], { 0: 't' })], { arch: null })).waiting).toBeNull();
  });

  it('select family: the read set from memory, else the candidate fds below nfds', () => {
    const pselect = '270 0x1 0x7fffda642990 0x0 0x0 0x0 0x7fffda6428c0 0x1 0x1';
    expect(one(pselect)).toBe(true); // bash at its prompt: nfds 1, fd 0 the pts
    expect(one('270 0x5 0x7fff 0x0 0x0 0x0 0x0 0x1 0x1', { 0: 't', 3: 'w', 4: 'q' })).toBeNull(); // terminal and a pipe
    expect(one('270 0x5 0x7fff 0x0 0x0 0x0 0x0 0x1 0x1', { 0: 't', 3: 'w' }, { readSet: [0, 3] })).toBe(true);
    expect(one('270 0x5 0x7fff 0x0 0x0 0x0 0x0 0x1 0x1', { 0: 't', 3: 'w' }, { readSet: [3] })).toBe(false);
    expect(one('270 0x5 0x7fff 0x0 0x0 0x0 0x0 0x1 0x1', { 0: 'q', 3: 'w' })).toBe(false); // no terminal
    expect(one('270 0x1 0x7fff 0x0 0x0 0x0 0x0 0x1 0x1', { 0: 't', 3: 'w' })).toBe(true); // the pipe is above nfds
    expect(one('270 0x4 0x7fff 0x0 0x0 0x0 0x0 0x1 0x1', { 0: 't', 3: 'q' })).toBe(true); // quiet company
    expect(one('23 0x1 0x7fff 0x0 0x0 0x0 0x0 0x1 0x1')).toBe(true); // select
    expect(one('270 0x1 0x0 0x7fff 0x0 0x0 0x0 0x1 0x1')).toBe(false); // no read set
  });

  it('poll family: the pollfd set from memory, else every open fd is a candidate', () => {
    const ppoll = '271 0x55ce 0x3 0x0 0x0 0x8 0x0 0x1 0x1';
    expect(one(ppoll, { 0: 't', 3: 'w' }, { readSet: [0] })).toBe(true);
    expect(one(ppoll, { 0: 't', 3: 'w' }, { readSet: [3] })).toBe(false);
    expect(one(ppoll, { 0: 't', 3: 'w' })).toBeNull(); // fish without memory
    expect(one(ppoll, { 0: 't', 1: 't', 5: 'q' })).toBe(true);
    expect(one(ppoll, { 0: 'q', 3: 'w' })).toBe(false);
    expect(one('7 0x55ce 0x1 0xffffffff 0x0 0x0 0x0 0x1 0x1')).toBe(true); // poll
    expect(one('7 0x0 0x0 0x3e8 0x0 0x0 0x0 0x1 0x1')).toBe(false); // no fds: a sleep
  });

  it('epoll family: the epoll fd registers the terminal for reading', () => {
    const wait = (nr: number) => `${nr} 0x3 0x7ffd 0x400 0xffffffff 0x0 0x0 0x1 0x1`;
    const fds: Record<number, FdKind> = { 0: 't', 3: 'w', 4: 'w' };
    for (const nr of [232, 281, 441])
      expect(
        one(wait(nr), fds, {
          epoll: [
            [4, 0x19],
            [0, 0x19],
          ],
        }),
      ).toBe(true);
    expect(one(wait(281), fds, { epoll: [[0, 0x4]] })).toBe(false); // EPOLLOUT only
    expect(one(wait(281), fds, { epoll: [[0, 0x2]] })).toBe(true); // EPOLLPRI
    expect(one(wait(281), fds, { epoll: [[4, 0x1]] })).toBe(false);
    expect(one(wait(281), fds, { epoll: [] })).toBe(false);
    expect(one(wait(281), fds)).toBeNull(); // fdinfo unread
    expect(one('22 0x3 0x7ffd 0x400 0xffffffff 0x0 0x0 0x1 0x1', fds, { epoll: [[0, 0x1]] }, 'aarch64')).toBe(true);
  });

  it('states and unreadable calls', () => {
    const read = '0 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1';
    for (const state of ['R', 'D', 'T', 't', 'Z', 'X']) expect(one(read, undefined, { state })).toBe(false);
    expect(one(read, undefined, { state: 'W' })).toBeNull();
    expect(one(null)).toBeNull(); // /proc/PID/syscall unreadable (ptrace permission, Yama)
    expect(one('running')).toBe(false);
    expect(one('-1 0x7ffd 0x7f44')).toBeNull(); // blocked outside a system call
    expect(one('230 0x0 0x0 0x7ffd 0x7ffd 0x0 0x0 0x1 0x1')).toBe(false); // sleep: clock_nanosleep
    expect(one('61 0xffffffff 0x7ffd 0x0 0x0 0x1 0x8 0x1 0x1')).toBe(false); // a shell waiting for its job
    expect(one('202 0x7f 0x80 0x0 0x0 0x0 0x0 0x1 0x1')).toBe(false); // futex
    expect(one('0 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1', null)).toBeNull(); // fds unreadable
    expect(one('garbage')).toBeNull();
  });

  it('a pane waits when any thread of any member waits; else unknown where one could not be told', () => {
    const reading = thread('0 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1');
    const futex = thread('202 0x7f 0x80 0x0 0x0 0x0 0x0 0x1 0x1');
    const tty: Record<number, FdKind> = { 0: 't' };
    // A Go program: the main thread in futex, another reading stdin.
    expect(classifyPane(pane([proc(200, [futex, reading], tty)])).waiting).toBe(true);
    expect(classifyPane(pane([proc(200, [futex], tty), proc(201, [reading], tty)])).waiting).toBe(true);
    expect(classifyPane(pane([proc(200, [futex], tty), proc(201, [thread(null)], tty)])).waiting).toBeNull();
    expect(classifyPane(pane([proc(200, [futex], tty), proc(201, [futex], tty)])).waiting).toBe(false);
    expect(classifyPane(pane([proc(200, [futex], tty, { threadsCut: true })])).waiting).toBeNull();
    expect(classifyPane(pane([proc(200, [futex], tty)], { cut: true })).waiting).toBeNull();
    expect(classifyPane(pane([proc(200, [futex], tty, { threadsCut: true }), proc(201, [reading], tty)])).waiting).toBe(true);
    expect(classifyPane(pane([], { tpgid: 300 })).waiting).toBeNull(); // nobody found in the group
  });

  it('shellForeground: the foreground group is the pane pid’s', () => {
    const prompt = proc(
      100,
      [thread('270 0x1 0x7fff 0x0 0x0 0x0 0x0 0x1 0x1')],
      { 0: 't', 1: 't', 2: 't', 255: 't' },
      { ppid: 1, argArea: SHELL_AREA },
    );
    expect(classifyPane(pane([prompt], { tpgid: 100 }))).toEqual({ waiting: true, shellForeground: true, program: 'bash' });
    const job = proc(200, [thread('0 0x0 0x1 0x1 0x0 0x0 0x0 0x1 0x1')], { 0: 't' }, { argv0: 'cat' });
    expect(classifyPane(pane([job], { tpgid: 200 }))).toEqual({ waiting: true, shellForeground: false, program: 'cat' });
  });

  it('program: through forks of the shell to the newest child, named as tmux names argv[0]', () => {
    const t = [thread('61 0x1 0x1 0x0 0x0 0x0 0x0 0x1 0x1')];
    // (trap : INT; ( less FILE )): a subshell, a subshell of it, less.
    const outer = proc(200, t, {}, { ppid: 100, argArea: SHELL_AREA });
    const inner = proc(201, t, {}, { ppid: 200, argArea: SHELL_AREA });
    const less = proc(202, t, {}, { ppid: 201, argv0: '/usr/bin/less' });
    expect(programOf(pane([outer, inner, less]))).toBe('less');
    // The newest child of a fork wins (a pipeline's last stage started last).
    const first = proc(203, t, {}, { ppid: 200, starttime: 50, argv0: 'grep' });
    const last = proc(204, t, {}, { ppid: 200, starttime: 60, argv0: 'npm' });
    expect(programOf(pane([outer, first, last]))).toBe('npm');
    // A fork with no child in the group is the shell's name; the leader that is no fork keeps its own.
    expect(programOf(pane([outer]))).toBe('bash');
    expect(programOf(pane([proc(200, t, {}, { argv0: 'make' }), proc(201, t, {}, { ppid: 200, argv0: 'cc' })]))).toBe('make');
    // The pane's own process is no fork: a shell with a helper child (fish) keeps its name.
    const shell = proc(100, t, {}, { ppid: 1, argArea: SHELL_AREA });
    expect(programOf(pane([shell, proc(300, t, {}, { ppid: 100, argv0: 'python3' })], { tpgid: 100, shellName: 'fish' }))).toBe('fish');
    // Unknown areas never count as a fork; a leader not found is unknown; an unread argv[0] too.
    expect(isShellFork(proc(200, t, {}, { argArea: '0 0' }), { ...SHELL, argArea: '0 0' })).toBe(false);
    expect(programOf(pane([less], { tpgid: 999 }))).toBeNull();
    expect(programOf(pane([proc(200, t, {})]))).toBeNull();
  });

  it('tmuxName: tmux 3.3a parse_window_name', () => {
    expect(tmuxName('-bash')).toBe('bash');
    expect(tmuxName('/usr/bin/less')).toBe('less');
    expect(tmuxName('exec vim')).toBe('vim');
    expect(tmuxName('postgres: writer process')).toBe('postgres:');
    expect(tmuxName('"quoted" rest')).toBe('quoted');
    expect(tmuxName('./run.sh')).toBe('./run.sh');
    expect(tmuxName('npm\u0001')).toBe('npm');
    expect(tmuxName('/')).toBe('/');
    expect(tmuxName('')).toBeNull();
    expect(tmuxName(' - ')).toBeNull();
  });

  it('parses syscall and stat lines', () => {
    expect(parseSyscall('270 0x1 0x7fffda642990 0x0 0x0 0x0 0x7fffda6428c0 0x7fffda642880 0x7fa6d65a4aec\n')).toEqual({
      nr: 270,
      a0: 1,
      a1: 0x7fffda642990,
    });
    expect(parseSyscall('running\n')).toBe('running');
    expect(parseSyscall('-1 0x7ffd 0x7f44')).toEqual({ nr: -1, a0: NaN, a1: NaN });
    expect(parseSyscall('')).toBeNull();
    const line =
      '27653 (a) b (c)) S 27652 27653 27653 34816 27653 4194304 347 0 0 0 0 0 0 0 20 0 1 0 192241 4734976 901 18446744073709551615 94790723379200 94790724168605 140736857390432 0 0 0 0 3686404 1266761467 1 0 0 17 1 0 0 0 0 0 94790724401904 94790724450148 94791265153024 140736857397883 140736857397895 140736857397895 140736857399274 0\n';
    expect(parseStat(line)).toEqual({
      state: 'S',
      ppid: 27652,
      pgrp: 27653,
      ttyNr: 34816,
      tpgid: 27653,
      threads: 1,
      starttime: 192241,
      argArea: SHELL_AREA,
    });
  });
});

describe('input probe: the remote script (docs/reference/engine.md#waiting-for-input)', () => {
  it('holds nothing tmux or a default-shell would read: no #, quote, backslash or !', () => {
    expect(PROBE_SCRIPT).not.toMatch(/[#'\\!]/);
    expect(SAFE_TMUX_PATH.test('/usr/bin/tmux')).toBe(true);
    expect(SAFE_TMUX_PATH.test('tmux')).toBe(true);
    for (const bad of ['/opt/my tmux', 'tmux;rm', "tm'ux", 'tmux$HOME', '']) expect(SAFE_TMUX_PATH.test(bad)).toBe(false);
  });

  it('a blocking if-shell stays on the control connection only when the caller vouches for it', () => {
    expect(needsSubprocess(['if-shell', 'true', ''])).toBe(true);
    expect(needsSubprocess(['if-shell', 'true', ''], true)).toBe(false);
    expect(needsSubprocess(['run-shell', 'true'], true)).toBe(false);
    expect(needsSubprocess(['load-buffer', '-'], true)).toBe(true);
  });

  it('tty_nr of /dev/pts/N', () => {
    expect(ptsTtyNr(0)).toBe(34816);
    expect(ptsTtyNr(3)).toBe(34819);
    expect(ptsTtyNr(300)).toBe(44 + 34816 + 256 * 4096);
  });

  it('turns its records into the facts the classifier reads', () => {
    const out = [
      '',
      'a x86_64',
      // bash at its prompt
      `p 100 S 99 100 34816 100 5000 ${SHELL_AREA}`,
      `m 100 S 99 5000 ${SHELL_AREA}`,
      'h 100 100 S 270 0x1 0x7fff 0x0 0x0 0x0 0x7fff 0x7fff 0x7f',
      'i 100 100',
      'f 100 0t 1t 2t 255t',
      // less inside run_command's wrapper
      `p 200 S 99 200 34817 300 5100 ${SHELL_AREA}`,
      `m 300 S 200 5200 ${SHELL_AREA}`,
      'h 300 300 S 61 0xffffffff 0x7ffd 0x0 0x0 0x1 0x8 0x7ffd 0x7fa6',
      'f 300 0t 1t 2t',
      'm 301 S 300 5201 1 9',
      'n 301 6c 65 73 73 00 2f 65 74 63',
      'h 301 301 S 0 0x3 0x7ffd 0x1 0x24 0x0 0x0 0x7ffd 0x7f',
      'h 301 302 W',
      'i 301 301 5:19 3:4',
      'f 301 0t 1t 2t 3t',
      'u 301',
      // gone
      'p 400 -',
    ].join('\n');
    const { arch, blocks } = parseProbeOutput(out);
    expect(arch).toBe('x86_64');
    const prompt = factsOf(blocks.get(100), '/dev/pts/0', 'x86_64', 'bash');
    expect(prompt && classifyPane(prompt)).toEqual({ waiting: true, shellForeground: true, program: 'bash' });
    const run = factsOf(blocks.get(200), '/dev/pts/1', 'x86_64', 'bash');
    expect(run?.members.map((m) => m.pid)).toEqual([300, 301]);
    const less = run?.members[1];
    expect(less?.argv0).toBe('less');
    expect(less?.threadsCut).toBe(true);
    expect(less?.threads.map((t) => [t.tid, t.state])).toEqual([
      [301, 'S'],
      [302, 'W'],
    ]);
    expect(less?.threads[0].epoll).toEqual([
      [5, 0x19],
      [3, 0x4],
    ]);
    expect(run && classifyPane(run)).toEqual({ waiting: true, shellForeground: false, program: 'less' });
    // Not the pane's process (its terminal differs), unreadable, or no pts: unknown.
    expect(factsOf(blocks.get(200), '/dev/pts/2', 'x86_64', 'bash')).toBeNull();
    expect(factsOf(blocks.get(400), '/dev/pts/0', 'x86_64', null)).toBeNull();
    expect(factsOf(blocks.get(100), '/dev/ttyp0', 'x86_64', null)).toBeNull();
    expect(factsOf(undefined, '/dev/pts/0', 'x86_64', null)).toBeNull();
  });

  it('unreadable syscall and fds from the script are unknown', () => {
    const out = [`p 100 S 99 100 34816 100 5000 ${SHELL_AREA}`, `m 100 S 99 5000 ${SHELL_AREA}`, 'h 100 100 S -', 'f 100 -'].join('\n');
    const f = factsOf(parseProbeOutput(out).blocks.get(100), '/dev/pts/0', 'x86_64', 'bash');
    expect(f?.members[0].threads[0].syscall).toBeNull();
    expect(f?.members[0].fds).toBeNull();
    expect(threadWaiting(f!.members[0].threads[0], f!.members[0], SYSCALLS.get('x86_64'))).toBeNull();
    expect(f && classifyPane(f).waiting).toBeNull();
  });
});
