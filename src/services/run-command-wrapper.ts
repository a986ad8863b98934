import { randomBytes } from 'node:crypto';
import { commandBlock, formatControlLine } from '../tmux/control-quoting';

/**
 * The private names of one run_command call (docs/reference/engine.md#run-payload): a wait-for
 * channel the tail signals, a locked channel that is the run's permission to start (the claim),
 * and pane user options: the claim's and the tail's tmux commands, the exit status and the cursor
 * where the command started and ended.
 */
export interface RunIds {
  readonly id: string;
  /** Signalled by the tail once status and end mark are set. */
  readonly channel: string;
  /** Pane option holding the claim's tmux commands (start mark; for a POSIX shell, printing the wrapper). */
  readonly claim: string;
  /** Pane option holding a POSIX shell's wrapper, which the claim prints for the typed line's `eval`. */
  readonly wrapper: string;
  /** Pane option holding the tail's tmux commands (end mark, signal, delayed cleanup). */
  readonly tail: string;
  readonly option: string;
  readonly start: string;
  readonly end: string;
  /** Pane option holding the sh command of the borrowed pipe (docs/reference/engine.md#run-line-count). */
  readonly script: string;
  /** Pane option set by the claim when it borrowed the pane's pipe (the pane had none). */
  readonly piped: string;
  /** Pane option where the borrowed pipe stores the number of lines the command printed. */
  readonly count: string;
  /**
   * Pane options that hold a timer's commands for one tmux command list only (set, `run -b -d
   * -C '#{…}'`, unset): the expiry's, the tail cleanup's and the count cleanup's
   * (docs/reference/engine.md#what-a-run-leaves-in-tmux).
   */
  readonly timers: { readonly expiry: string; readonly cleanup: string; readonly countCleanup: string };
}

/** A random 10-hex id: unique channel names matter because tmux remembers early signals. */
export function newRunIds(): RunIds {
  const id = randomBytes(5).toString('hex');
  return {
    id,
    channel: `r_${id}`,
    claim: `@k_${id}`,
    wrapper: `@w_${id}`,
    tail: `@q_${id}`,
    option: `@s_${id}`,
    start: `@b_${id}`,
    end: `@e_${id}`,
    script: `@a_${id}`,
    piped: `@p_${id}`,
    count: `@c_${id}`,
    timers: { expiry: `@x_${id}`, cleanup: `@z_${id}`, countCleanup: `@y_${id}` },
  };
}

/**
 * The pane's run lock (docs/reference/engine.md#run-claim): set with `set-option -o`, which fails
 * when it is already set, as the first command of the list that sets a run up, so claiming a pane
 * is one atomic tmux step, between calls of one server and between server processes. Its value is
 * the run's id; the tail (or the disarm of a line that never started) unsets it.
 */
export const RUN_LOCK = '@tmux_mcp_run';

/** `set-option -o`'s refusal when the lock is held: another run has the pane. */
export const isLockHeld = (message: string): boolean => message.includes(`already set: ${RUN_LOCK}`);

/** The options the server unsets once it has read the state (status and marks). */
export const runOptions = (ids: RunIds): string[] => [ids.option, ids.start, ids.end, ids.piped, ids.count];

/** The cursor and the screen (main or alternate) as a mark records them (docs/reference/engine.md#run-output). */
export const MARK_FORMAT = '#{history_size} #{cursor_y} #{cursor_x} #{alternate_on}';

/**
 * Seconds after the tail that tmux itself unsets status and marks (docs/reference/engine.md#run_command-leftovers):
 * the server reads and unsets them as soon as the signal reaches it; this only matters when the
 * server is gone. Long enough for a live server on a machine this busy to read them first: with
 * 5 s, 200 calls at once beside two busy loops (exec engine) had the tail's cleanup unset a
 * status before the server's read of it ran.
 */
export const TAIL_CLEANUP_SECONDS = 15;
/**
 * Seconds after it stored the count that tmux unsets the borrowed pipe's count: the server waits
 * for a count at most 1.5 s past the tail, and a count it missed only makes `lost` a lower bound.
 */
export const COUNT_CLEANUP_SECONDS = 5;
/** Seconds past the call's timeout after which tmux itself disarms a line nobody claimed or cancelled. */
export const EXPIRY_GRACE_SECONDS = 5;

/** Shell families run_command speaks (docs/reference/tools.md#run_command). */
export type ShellKind = 'posix' | 'fish';

const POSIX_SHELLS = new Set([
  'sh',
  'bash',
  'rbash',
  'zsh',
  'dash',
  'ash',
  'ksh',
  'ksh93',
  'mksh',
  'pdksh',
  'oksh',
  'lksh',
  'yash',
  'posh',
  'busybox',
]);

/** The shell family of a `#{pane_current_command}`, or null for any other program. */
export function shellKind(currentCommand: string): ShellKind | null {
  const name = currentCommand.trim().replace(/^-/, '').replace(/^.*\//, '');
  if (POSIX_SHELLS.has(name)) return 'posix';
  if (name === 'fish') return 'fish';
  return null;
}

const PLAIN_WORD = /^[A-Za-z0-9_/.,:=+@%-]+$/;

/** A word for a POSIX shell: bare when it needs no quoting (shorter line), else single-quoted. */
export function posixWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A word for fish: inside single quotes fish treats `\\` and `\'` as escapes. */
export function fishWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** Any text as one fish word: always single-quoted (an empty command stays a word). */
const fishQuoted = (text: string): string => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** The tmux argv the typed line calls: the engine's, without `-u` (it only concerns a client's own output). */
const lineTmux = (argvPrefix: readonly string[]): string[] => argvPrefix.filter((w, i) => !(i > 0 && w === '-u'));

/**
 * The shell function a POSIX run defines for itself (docs/reference/engine.md#run-payload): its
 * body is the command as given, so the typed line reads as the command; the wrapper the claim
 * prints calls it in a subshell and unsets it.
 */
export const RUN_FUNCTION = '_tmcp';

/**
 * Whether a POSIX command can close its function on the same row (`;}`): not after a `#` (a
 * comment would swallow the rest), a backslash, a newline or a trailing `;`/`&` (`;;` and `&;`
 * are syntax errors).
 */
const oneRow = (cmd: string): boolean => !/[#\\\n]/.test(cmd) && !/[;&]$/.test(cmd);

/**
 * The line typed into the pane (docs/reference/engine.md#run-payload).
 *
 * POSIX shells: `_tmcp(){ <command>;};eval "$(tmux run -t%N -C '#{@k_<id>}')"` (a newline
 * before `}` when the command needs it). The person watching reads the command first and at most
 * 60 characters of machinery around it. The tmux client finds its server through the pane's
 * `$TMUX` (the pane is that server's); it runs the claim (the commands in `@k_<id>`, there only until the line is
 * claimed, disarmed or expired: begin mark, pipe), whose last command prints the wrapper from
 * `@w_<id>` for the eval. A line read after its claim is gone prints nothing and runs nothing.
 *
 * fish keeps its own line: the claim in one tmux client; only if that succeeded does the command
 * run, in a block; then one tmux client stores the status and runs the tail.
 */
export function typedLine(
  kind: ShellKind,
  argvPrefix: readonly string[],
  paneId: string,
  ids: RunIds,
  command: string,
  suppressHistory: boolean,
): string {
  const cmd = command.replace(/\s+$/, '');
  const lead = suppressHistory ? ' ' : '';
  if (kind === 'fish') {
    // The claim runs the commands in `@k_<id>` (whose first unsets it); once that is gone (claimed,
    // disarmed or expired) `x` is no tmux command, the client fails and the line stops there.
    const claim = `run -t${paneId} -C '#{?${ids.claim},#{${ids.claim}},x}'`;
    const t = lineTmux(argvPrefix).map(fishWord).join(' ');
    // In fish single quotes `\\` is one backslash: printf gets the same format as in sh.
    const fm = `printf '\\33P${ids.id}\\n\\33\\\\\\\\'`;
    // `eval` of the command as one quoted word: a command fish cannot parse (`(exit 3)`, a
    // here-document) fails inside eval with fish's own status for invalid syntax (123) instead of
    // making the whole line unparsable, which fish would leave in its editor unrun
    // (docs/reference/engine.md#run-payload).
    return `${lead}begin;set -l t ${t};if $t ${claim} 2>/dev/null;${fm};eval ${fishQuoted(cmd)};set -l s $status;${fm};$t ${tailCall(paneId, ids, '$s')} 2>/dev/null;end;end`;
  }
  const close = oneRow(cmd) ? ';}' : '\n}';
  return `${lead}${RUN_FUNCTION}(){ ${cmd}${close};eval "$(${posixWord(argvPrefix[0] ?? 'tmux')} run -t${paneId} -C '#{${ids.claim}}')"`;
}

/** The tail's call, as fish runs it through its tmux function: store the status, run `@q_<id>`. */
const tailCall = (paneId: string, ids: RunIds, status: string) =>
  `set -pt${paneId} ${ids.option} ${status}\\; run -t${paneId} -C '#{${ids.tail}}'`;

/** One tmux command as argv words. */
type Argv = readonly string[];

/**
 * Commands as one tmux command string (what an option holds for `run -C '#{@opt}'`, or a sourced
 * file): tmux's parser reads it as it reads a control-mode line, so each command is written as
 * the control engine writes its lines (command blocks included).
 */
const tmuxString = (cmds: readonly Argv[]): string => cmds.map(formatControlLine).join(' ; ');

/** Commands as the arguments of one tmux client started by a POSIX shell. */
const shellArgs = (cmds: readonly Argv[]): string => cmds.map((a) => a.map(posixWord).join(' ')).join(' \\; ');

/**
 * The tail's commands (docs/reference/engine.md#run-payload): the end mark, the run's setup
 * options and the pane's run lock unset, the signal, and tmux's own cleanup of status and marks
 * for when no server reads them.
 */
function tailCommands(paneId: string, ids: RunIds, inBand: boolean): Argv[] {
  return [
    markArgv(paneId, ids.end),
    ...unsetArgv(paneId, inBand ? [ids.tail, ids.wrapper, RUN_LOCK] : [ids.tail, ids.wrapper, ids.script, RUN_LOCK]),
    // In band, the server sees the end marker go by and nobody waits on the channel: a signal
    // nobody waits for stays in tmux (docs/reference/engine.md#in-band-run-end).
    ...(inBand ? [] : [['wait-for', '-S', ids.channel]]),
    // Unsetting what is not set is harmless: no guard, and as a block nothing is parsed when it fires.
    blockTimer(paneId, TAIL_CLEANUP_SECONDS, unsetArgv(paneId, runOptions(ids))),
  ];
}

/**
 * A timer in tmux whose commands are a block (docs/reference/engine.md#what-a-run-leaves-in-tmux):
 * parsed with the text that sets it (a control-mode line, a sourced file, a command string), so
 * tmux 3.3a keeps nothing of it once it fired, where `run -C` keeps every command list it parses
 * from a string when it runs. A subprocess's argv cannot carry a block: there it becomes a string
 * (execWords, tmux/control-quoting.ts), parsed and kept when it fires as before. Each command list
 * of a block stops at its first failing command.
 */
const blockTimer = (paneId: string, seconds: number, commands: readonly Argv[]): Argv => [
  'run',
  '-b',
  '-d',
  String(seconds),
  '-t',
  paneId,
  '-C',
  ...commandBlock(commands),
];

/**
 * The wrapper of a POSIX run (docs/reference/engine.md#run-payload), printed by the claim for the
 * typed line's eval: in a subshell, the start marker, the command's function in a subshell of its
 * own, its status, the end marker and one tmux client that stores the status and runs the tail;
 * then the function is unset. With `suppressHistory`, bash's history entry of the line is
 * deleted when bash kept it (HISTCONTROL without ignorespace/ignoreboth, history on).
 * `trap : INT`: C-c ends the command's own subshell (traps are reset there) but not the
 * wrapper's, so the tail still runs and reports the interrupted command's status. The function is
 * called through `eval`: zsh ends `(f)` with status 1 when f's last command is `false &`
 * (`(eval f)` gives the prompt's 0).
 */
export function posixWrapper(argvPrefix: readonly string[], paneId: string, ids: RunIds, suppressHistory: boolean, inBand = false): string {
  const t = lineTmux(argvPrefix).map(posixWord).join(' ');
  // The marker around the command's output that a borrowed pipe counts lines between
  // (docs/reference/engine.md#run-line-count): a DCS string tmux swallows; the newline inside it
  // ends the pipe's line so a line-buffered reader sees the end marker at once.
  const marker = `printf '\\33P${ids.id}\\n\\33\\\\'`;
  const history = suppressHistory
    ? `;case $BASH_VERSION:\${HISTCONTROL-} in :*|*ignorespace*|*ignoreboth*);;*)[[ -o history ]]&&history -d $HISTCMD 2>/dev/null;;esac`
    : '';
  // The tail's commands are a file the wrapper's one tmux client sources from its stdin: a sourced
  // file is parsed once and given back, and it can hold the cleanup timer as a block, which
  // neither `run -C` of a string (tmux 3.3a keeps what it parses) nor a client's arguments can
  // (docs/reference/engine.md#what-a-run-leaves-in-tmux).
  const tail = `printf '%s%s' "set -pt${paneId} ${ids.option} $s ; " ${posixWord(tmuxString(tailCommands(paneId, ids, inBand)))}|t source -`;
  return `(trap : INT;t(){ ${t} "$@" 2>/dev/null;};m(){ ${marker};};m;(eval ${RUN_FUNCTION});s=$?;m;${tail});unset -f ${RUN_FUNCTION}${history}`;
}

/**
 * A typed row as a person or a progress message should see it (docs/reference/protocol.md#progress):
 * the row holding the function's start shows the prompt and the command; any other row holding
 * the run's machinery (its claim's name) is left out (null).
 */
export function shownTypedRow(row: string, ids: RunIds, command: string): string | null {
  const at = row.indexOf(`${RUN_FUNCTION}(){ `);
  if (at >= 0) return `${row.slice(0, at).trimEnd()} ${command.replace(/\s+$/, '').split('\n')[0]}`.trim();
  return row.includes(ids.claim) ? null : row;
}

/**
 * A timer in tmux (docs/reference/engine.md#what-a-run-leaves-in-tmux): tmux 3.3a keeps, for good,
 * every command list `run-shell -C` parses from a string (~0.5 KB a command). So the timer's
 * option holds one `run -C` whose commands sit in a format that is empty unless `guard` is true
 * when the timer fires: the commands are parsed only when there is something to do (the server
 * that should have done it is gone). The option itself lives only for this list (`run -C
 * '#{@opt}'` expands it when the timer is set). `commands` must hold no `,` or `}` (format).
 */
function deferred(paneId: string, option: string, seconds: number, guard: string, commands: readonly Argv[]): Argv[] {
  const body = tmuxString(commands);
  if (/[,}']/.test(body)) throw new Error('a deferred command with a format separator');
  return [
    ['set', '-p', '-t', paneId, option, `run -t ${paneId} -C '#{?${guard},${body},}'`],
    ['run', '-b', '-d', String(seconds), '-t', paneId, '-C', `#{${option}}`],
    ['set', '-pu', '-t', paneId, option],
  ];
}

/** A format that is true while any of `options` is set (a status of 0 is set). */
const anySet = (options: readonly string[]): string => `#{!=:${options.map((o) => `#{${o}}`).join('')},}`;

const unsetArgv = (paneId: string, options: readonly string[]): Argv[] => options.map((o) => ['set', '-pu', '-t', paneId, o]);

/** Records the cursor and screen in a mark option. */
const markArgv = (paneId: string, option: string): Argv => ['set', '-pF', '-t', paneId, option, MARK_FORMAT];

/**
 * Disarms a line that has not started, as one atomic tmux command list (docs/reference/engine.md#run-claim):
 * reading the claim `@k_<id>` fails once it is gone (the shell claimed the line, or it was disarmed
 * already) and stops the list; otherwise the list unsets it with the run's other setup options and
 * the pane's run lock, so a line read later does nothing.
 */
export function disarmCommands(paneId: string, ids: RunIds): string[][] {
  return [
    ['show-options', '-p', '-v', '-t', paneId, ids.claim],
    ...[ids.claim, ids.wrapper, ids.tail, ids.script, RUN_LOCK].map((o) => ['set-option', '-p', '-u', '-t', paneId, o]),
  ];
}

/** The claim option is gone: the shell claimed the line (or it was disarmed) before this disarm. */
export const isClaimed = (message: string, ids: RunIds): boolean => message.includes(`invalid option: ${ids.claim}`);

/**
 * The sh command of the pipe a run borrows (docs/reference/engine.md#run-line-count): awk reads
 * the pane's output, skips everything up to the run's first marker and counts the newlines up to
 * its second (a last line without one counts too); then one tmux client stores the count in
 * `@c_<id>`, closes the pipe and has tmux unset the count 5 s later if no server did. It runs on the pane's host
 * (POSIX sh and awk only). mawk reads a pipe in blocks unless told `-W interactive`; other awks
 * read lines as they come (or refuse the flag, and are run without it). When awk ends without the
 * second marker (the pane or the pipe went away), nothing is stored and nothing is closed.
 */
export function pipeScript(argvPrefix: readonly string[], paneId: string, ids: RunIds): string {
  const t = lineTmux(argvPrefix).map(posixWord).join(' ');
  // The line holding the first marker ends with the marker's own newline; the next one starts
  // with the marker's ESC \ (two bytes), which is not output. A last line without a newline
  // counts unless it ends in a carriage return (the cursor is back at column 0: run output then
  // leaves that row out too, docs/reference/engine.md#run-output).
  const prog =
    `BEGIN{m="\\033P${ids.id}"}` +
    `{s=$0;if(!o){if(index(s,m))o=1;next}if(o==1){s=substr(s,3);o=2}` +
    `i=index(s,m);if(i){p=substr(s,1,i-1);print n+(p!=""&&p!~/\\r$/);d=1;exit}n++}END{exit !d}`;
  const close = shellArgs([
    ['pipe-pane', `-t${paneId}`],
    ...deferred(paneId, ids.timers.countCleanup, COUNT_CLEANUP_SECONDS, anySet([ids.count]), unsetArgv(paneId, [ids.count])),
  ]);
  return (
    `a=awk;awk -W interactive 'BEGIN{}' </dev/null >/dev/null 2>&1&&a='awk -W interactive';` +
    `n=$($a '${prog}')&&${t} set -pt${paneId} ${ids.count} "$n" \\; ${close} 2>/dev/null`
  );
}

/**
 * What the server sets up before typing, as tmux commands (one atomic batch, with the typing): the
 * pane's run lock, the claim's and the tail's commands, the sh command of the pipe the claim may borrow, and a timer in
 * tmux that disarms the line if neither the shell nor the server has touched it by
 * `expirySeconds` (the server was killed mid-call). The claim sets the begin mark and, only when
 * the pane has no pipe of its own, opens the counting pipe (docs/reference/engine.md#run-line-count).
 * The tail sets the end mark, unsets the run's setup options, signals, and has tmux unset status, marks and the pipe's options
 * `TAIL_CLEANUP_SECONDS` later if no server did, so nothing outlives the call even when the server is gone
 * (docs/reference/engine.md#run_command-leftovers).
 */
export function setupCommands(
  paneId: string,
  ids: RunIds,
  expirySeconds: number,
  argvPrefix: readonly string[],
  wrapper: string | null,
  inBand = false,
): Argv[] {
  // pipe-pane expands formats in its command, so `#{@a_<id>}` becomes the script there; the
  // user's pipe is never displaced: the pipe is opened only while `pane_pipe` is 0. In band the
  // server counts the lines itself (docs/reference/engine.md#in-band-run-end): no pipe.
  const borrow = inBand
    ? ''
    : ` ; if -F -t ${paneId} '#{==:#{pane_pipe},0}' { pipe-pane -t ${paneId} '#{${ids.script}}' ; set -p -t ${paneId} ${ids.piped} 1 }`;
  // A POSIX line's eval reads the wrapper from the claim's output (display-message -p prints to
  // the client that ran the claim). The claim is parsed from a string, which tmux 3.3a keeps for
  // good: it holds no command the tail can do instead (docs/reference/engine.md#what-a-run-leaves-in-tmux).
  const print = wrapper === null ? '' : ` ; display -p -t ${paneId} '#{${ids.wrapper}}'`;
  const claimCmds = `${tmuxString([...unsetArgv(paneId, [ids.claim]), markArgv(paneId, ids.start)])}${borrow}${print}`;
  return [
    // The claim of the pane: fails (and stops the list) while another run holds it.
    ['set-option', '-p', '-o', '-t', paneId, RUN_LOCK, ids.id],
    ...(inBand ? [] : [['set-option', '-p', '-t', paneId, ids.script, pipeScript(argvPrefix, paneId, ids)]]),
    ...(wrapper === null ? [] : [['set-option', '-p', '-t', paneId, ids.wrapper, wrapper]]),
    ['set-option', '-p', '-t', paneId, ids.claim, claimCmds],
    // fish runs the tail from here (`run -C`); a POSIX wrapper carries the same commands itself.
    ['set-option', '-p', '-t', paneId, ids.tail, tmuxString(tailCommands(paneId, ids, inBand))],
    // The expiry timer: disarms the line only while its claim is still there (its first command
    // fails once the claim is gone). In band the engine is the control client, whose line carries
    // it as a block (a fallback to a subprocess gets it as a string).
    ...(inBand
      ? [blockTimer(paneId, Math.ceil(expirySeconds), disarmCommands(paneId, ids))]
      : deferred(paneId, ids.timers.expiry, Math.ceil(expirySeconds), anySet([ids.claim]), disarmCommands(paneId, ids))),
  ];
}

/** Run options of any run (ours or another server's) in a `show-options -p` listing. */
const RUN_OPTION = /^@([kwqsbeapc])_([0-9a-f]{10})\b/;

const LOCK_LINE = new RegExp(`^${RUN_LOCK} "?([0-9a-f]{10})"?$`);

/**
 * Runs that hold the pane, from its `show-options -p` lines: a claim option means a typed line
 * still waits for a shell to start it; a tail option without a claim means a command started and
 * has not ended (docs/reference/tools.md#run_command). `staleLock`: the run lock names a run none
 * of whose options are there (set by hand, or left by a fish run interrupted with C-c whose
 * options were unset by hand): nothing holds the pane.
 */
export function runsInFlight(optionLines: readonly string[]): { waiting: string[]; running: string[]; staleLock: string | null } {
  const seen = new Map<string, Set<string>>();
  let lock: string | null = null;
  for (const l of optionLines) {
    const held = LOCK_LINE.exec(l);
    if (held) lock = held[1];
    const m = RUN_OPTION.exec(l);
    if (!m) continue;
    const s = seen.get(m[2]) ?? new Set<string>();
    s.add(m[1]);
    seen.set(m[2], s);
  }
  const waiting: string[] = [];
  const running: string[] = [];
  for (const [id, kinds] of seen) {
    if (kinds.has('k')) waiting.push(id);
    else if (kinds.has('q')) running.push(id);
  }
  const staleLock = lock !== null && !waiting.includes(lock) && !running.includes(lock) ? lock : null;
  return { waiting, running, staleLock };
}

/** Unsets a stale run lock, only while it still names the same run (one tmux command). */
export const clearStaleLock = (paneId: string, id: string): string[] => [
  'if-shell',
  '-F',
  '-t',
  paneId,
  `#{==:#{${RUN_LOCK}},${id}}`,
  `set-option -p -u -t ${paneId} ${RUN_LOCK}`,
];
