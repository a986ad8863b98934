import { randomBytes } from 'node:crypto';
import { shellQuote } from '../tmux/ssh-host';

/**
 * The private names of one run_command call (docs/reference/engine.md#run-payload): a wait-for
 * channel, and pane user options for the exit status and the cursor where the command started
 * and ended.
 */
export interface RunIds {
  readonly id: string;
  readonly channel: string;
  readonly option: string;
  readonly start: string;
  readonly end: string;
}

/** A random 10-hex id: unique channel names matter because tmux remembers early signals. */
export function newRunIds(): RunIds {
  const id = randomBytes(5).toString('hex');
  return { id, channel: `r_${id}`, option: `@s_${id}`, start: `@b_${id}`, end: `@e_${id}` };
}

/** Every pane option of a run (what cleanup unsets). */
export const runOptions = (ids: RunIds): string[] => [ids.option, ids.start, ids.end];

/** The cursor and the screen (main or alternate) as a mark records them (docs/reference/engine.md#run-output). */
export const MARK_FORMAT = '#{history_size} #{cursor_y} #{cursor_x} #{alternate_on}';

/**
 * Line 1 of the payload: opens the subshell and records where the cursor is, just before the
 * command prints anything. `argvPrefix` is the engine's own tmux argv (same binary, `-L`/`-S`), so
 * the pane's shell reaches the server we use even when it is not the pane's default server.
 */
export function wrapperHead(argvPrefix: readonly string[], paneId: string, ids: RunIds): string {
  const tmux = argvPrefix.map(shellQuote).join(' ');
  return `( ${tmux} set-option -p -t ${paneId} -F ${ids.start} ${shellQuote(MARK_FORMAT)}`;
}

/**
 * Line 3 of the payload: one tmux client that stores the subshell's status, records where the
 * cursor (and which screen) the command left, and signals the channel. `\\;` reaches tmux as
 * `;`, its command separator.
 */
export function wrapperTail(argvPrefix: readonly string[], paneId: string, ids: RunIds): string {
  const tmux = argvPrefix.map(shellQuote).join(' ');
  return (
    `); s=$?; ${tmux} set-option -p -t ${paneId} ${ids.option} "$s" \\; ` +
    `set-option -p -t ${paneId} -F ${ids.end} ${shellQuote(MARK_FORMAT)} \\; wait-for -S ${ids.channel}`
  );
}

/**
 * The 3-line payload head / command / tail. The subshell keeps `cd`/`export` from persisting;
 * the optional leading space keeps the whole entry out of shell history.
 */
export function buildPayload(command: string, suppressHistory: boolean, head: string, tail: string): string {
  return `${suppressHistory ? ' ' : ''}${head}\n${command.replace(/\s+$/, '')}\n${tail}`;
}

const compact = (s: string): string => s.replace(/\s+/g, '');

/**
 * Rows (starting at `i`) that together spell the wrapper tail although no row holds a whole
 * marker: the terminal wrapped the echoed line without tmux marking the rows as wrapped (so
 * `-J` could not join them), possibly in the middle of the id. Row `i` must end with the start
 * of the tail, the next rows continue it, and the last may carry trailing text (PS2 prompts).
 * Whitespace is ignored because tmux trims it at row ends. Returns the row count, or 0.
 */
function fragmentRun(rows: readonly string[], i: number, tail: string): number {
  const first = compact(rows[i]);
  for (let m = Math.min(first.length, tail.length); m >= 1; m--) {
    if (!first.endsWith(tail.slice(0, m))) continue;
    let pos = m;
    let j = i + 1;
    while (pos < tail.length && j < rows.length) {
      const r = compact(rows[j]);
      if (!r) break;
      if (tail.startsWith(r, pos)) pos += r.length;
      else if (r.startsWith(tail.slice(pos))) pos = tail.length;
      else break;
      j++;
    }
    if (pos === tail.length) return j - i;
  }
  return 0;
}

/**
 * Shells without line editing (dash, `sh`) let the terminal echo the typed-ahead payload and
 * print their continuation prompts (PS2, `> `) only when they read the lines: after the echo,
 * so they land after the wrapper row, glued to the command's first output row (`> > run-42`).
 * Such a shell echoes the wrapper at the start of a row (a line-editing shell prints `> ` first).
 * The shell prints exactly one prompt per continuation line; those not left at the end of the
 * wrapper row are stripped from the next row, and only when they are exactly there.
 */
function stripEchoPrompts(rows: string[], w: number, ids: RunIds, continuations: number): void {
  if (!rows[w].trimStart().startsWith('); s=$?;') || w + 1 >= rows.length) return;
  const after = rows[w].slice(rows[w].lastIndexOf(ids.channel) + ids.channel.length);
  if (!/^(> ?)*\s*$/.test(after)) return; // an unknown PS2: leave the rows alone
  const left = continuations - (after.match(/>/g)?.length ?? 0);
  const lead = '> '.repeat(Math.max(left, 0));
  if (left > 0 && rows[w + 1].startsWith(lead)) rows[w + 1] = rows[w + 1].slice(lead.length);
}

/** The wrapper row of an earlier run_command still on screen (any server's, any id). */
const EARLIER_WRAPPER = /set-option -p -t %\d+ (-F )?@[sbe]_[0-9a-f]{10}/;

/**
 * The visible capture minus our private sync lines (docs/reference/engine.md#run-output): rows
 * naming the channel or the option (and wrapper rows of earlier runs still on screen), and wrapped
 * fragments of the wrapper line; trailing blank rows dropped. `continuations` = payload lines - 1
 * (the PS2 prompts a shell prints for the payload).
 */
export function cleanOutput(captured: readonly string[], ids: RunIds, tail: string, continuations: number): string[] {
  const rows = [...captured];
  const drop = new Set<number>();
  const ctail = compact(tail);
  for (let i = 0; i < rows.length; i++) {
    if ([ids.channel, ids.option, ids.start].some((m) => rows[i].includes(m)) || EARLIER_WRAPPER.test(rows[i])) {
      drop.add(i);
      if (rows[i].includes(ids.channel)) stripEchoPrompts(rows, i, ids, continuations);
      continue;
    }
    const n = rows[i].trim() ? fragmentRun(rows, i, ctail) : 0;
    for (let k = 0; k < n; k++) drop.add(i + k);
  }
  const out = rows.filter((_, i) => !drop.has(i));
  while (out.length && !out[out.length - 1].trim()) out.pop();
  return out;
}

/** PS2 prompts a shell prints while reading the payload: one per line break in it. */
export function payloadContinuations(payload: string): number {
  return (payload.match(/[\r\n]/g) ?? []).length;
}
