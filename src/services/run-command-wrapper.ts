import { randomBytes } from 'node:crypto';

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
  /** Locked by the server before typing; whoever unlocks it first (shell: start, server: cancel) wins. */
  readonly gate: string;
  /** Pane option holding the claim's tmux commands (start mark). */
  readonly claim: string;
  /** Pane option holding the tail's tmux commands (end mark, signal, delayed cleanup). */
  readonly tail: string;
  readonly option: string;
  readonly start: string;
  readonly end: string;
}

/** A random 10-hex id: unique channel names matter because tmux remembers early signals. */
export function newRunIds(): RunIds {
  const id = randomBytes(5).toString('hex');
  return {
    id,
    channel: `r_${id}`,
    gate: `g_${id}`,
    claim: `@k_${id}`,
    tail: `@q_${id}`,
    option: `@s_${id}`,
    start: `@b_${id}`,
    end: `@e_${id}`,
  };
}

/** The options the server unsets once it has read the state (status and marks). */
export const runOptions = (ids: RunIds): string[] => [ids.option, ids.start, ids.end];

/** Every pane option a run may create (cancel and shutdown unset them all). */
export const allRunOptions = (ids: RunIds): string[] => [ids.claim, ids.tail, ids.option, ids.start, ids.end];

/** The cursor and the screen (main or alternate) as a mark records them (docs/reference/engine.md#run-output). */
export const MARK_FORMAT = '#{history_size} #{cursor_y} #{cursor_x} #{alternate_on}';

/**
 * Seconds after the tail that tmux itself unsets status and marks (docs/reference/engine.md#run_command-leftovers):
 * the server reads them at once; this only matters when the server is gone.
 */
export const TAIL_CLEANUP_SECONDS = 5;
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

/** The tmux argv the typed line calls: the engine's, without `-u` (it only concerns a client's own output). */
const lineTmux = (argvPrefix: readonly string[]): string[] => argvPrefix.filter((w, i) => !(i > 0 && w === '-u'));

/**
 * The line typed into the pane (docs/reference/engine.md#run-payload). It unlocks the run's gate
 * and runs the claim (start mark) in one tmux client; only if that succeeded does the command run,
 * in a subshell (POSIX) or a block (fish); then one tmux client stores the status and runs the
 * tail. The long tmux commands live in the pane options set beforehand, so a person watching the
 * pane reads a short line. The command goes on its own line so a trailing comment in it cannot
 * swallow the tail.
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
  const claim = `wait-for -U ${ids.gate}\\; run -t${paneId} -C '#{${ids.claim}}'`;
  const tail = (status: string) => `set -pt${paneId} ${ids.option} ${status}\\; run -t${paneId} -C '#{${ids.tail}}'`;
  if (kind === 'fish') {
    const t = lineTmux(argvPrefix).map(fishWord).join(' ');
    return `${lead}begin;set -l t ${t};if $t ${claim} 2>/dev/null;begin;${cmd}\nend;$t ${tail('$status')} 2>/dev/null;end;end`;
  }
  const t = lineTmux(argvPrefix).map(posixWord).join(' ');
  // `trap : INT`: C-c ends the command's own subshell (traps are reset there) but not this one,
  // so the tail still runs and reports the interrupted command's status.
  return `${lead}(trap : INT;t(){ ${t} "$@" 2>/dev/null;};t ${claim}||exit;(${cmd}\n);t ${tail('$?')})`;
}

const mark = (paneId: string, option: string) => `set -pF -t ${paneId} ${option} '${MARK_FORMAT}'`;
const unset = (paneId: string, options: readonly string[]) => options.map((o) => `set -pu -t ${paneId} ${o}`).join(' ; ');

/**
 * What the server sets up before typing, as tmux commands (one batch): the locked gate, the
 * claim's and the tail's commands, and a timer in tmux that disarms the line if neither the shell
 * nor the server has touched it by `expirySeconds` (the server was killed mid-call). The tail sets
 * the end mark, signals, and has tmux unset status and marks `TAIL_CLEANUP_SECONDS` later, so
 * nothing outlives the call even when the server is gone (docs/reference/engine.md#run_command-leftovers).
 */
export function setupCommands(paneId: string, ids: RunIds, expirySeconds: number): string[][] {
  const claimCmds = `${unset(paneId, [ids.claim])} ; ${mark(paneId, ids.start)}`;
  const tailCmds =
    `${mark(paneId, ids.end)} ; ${unset(paneId, [ids.tail])} ; wait-for -S ${ids.channel} ; ` +
    `run -b -d ${TAIL_CLEANUP_SECONDS} -C { ${unset(paneId, runOptions(ids))} }`;
  // `##{` survives run-shell's own format expansion as `#{`, for if-shell to test when it fires.
  const expiry = `if -t ${paneId} -F '##{${ids.claim}}' { wait-for -U ${ids.gate} ; ${unset(paneId, [ids.claim, ids.tail])} }`;
  return [
    ['wait-for', '-L', ids.gate],
    ['set-option', '-p', '-t', paneId, ids.claim, claimCmds],
    ['set-option', '-p', '-t', paneId, ids.tail, tailCmds],
    ['run-shell', '-b', '-d', String(Math.ceil(expirySeconds)), '-C', expiry],
  ];
}

/** Run options of any run (ours or another server's) in a `show-options -p` listing. */
const RUN_OPTION = /^@([kqsbe])_([0-9a-f]{10})\b/;

/**
 * Runs that hold the pane, from its `show-options -p` lines: a claim option means a typed line
 * still waits for a shell to start it; a tail option without a claim means a command started and
 * has not ended (docs/reference/tools.md#run_command).
 */
export function runsInFlight(optionLines: readonly string[]): { waiting: string[]; running: string[] } {
  const seen = new Map<string, Set<string>>();
  for (const l of optionLines) {
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
  return { waiting, running };
}
