import { readdirSync, readFileSync } from 'node:fs';
import type { TmuxFixture } from '../../helpers/tmux-fixture';
import { followsInBand } from '../../helpers/run-started';

/** Re-reads a condition until it holds (bounded; the delay only paces the re-reads). */
export async function until(cond: () => boolean | Promise<boolean>, what: string, tries = 400, delayMs = 25): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, delayMs));
  }
  throw new Error(`condition never held: ${what}`);
}

/** Command lines of this process's direct children (from /proc). */
export function childCommands(): string[] {
  const out: string[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      out.push(readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '));
    } catch {
      // the process exited while we looked
    }
  }
  return out;
}

export { followsInBand };

/** The `wait-for` children `n` followed runs hold: one each on the subprocess engine, none in band. */
export const waitersFor = (n: number): number => (followsInBand ? 0 : n);

/** Our `tmux … wait-for -- r_<id>` children on this fixture's socket. */
export const runWaiters = (fx: TmuxFixture): string[] =>
  childCommands().filter((c) => c.includes(fx.socket) && / wait-for -- r_[0-9a-f]{10}( |$)/.test(c));

/** A fresh pane (own window, plain sh) so tests never share a shell. */
export function newPane(fx: TmuxFixture): string {
  return fx.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', 'sh');
}

/** Pane-level user options (`@s_<id>` would show here). */
export const paneOptions = (fx: TmuxFixture, pane: string): string => fx.tmux('show-options', '-p', '-t', pane);

export const capture = (fx: TmuxFixture, pane: string): string => fx.tmux('capture-pane', '-p', '-J', '-t', pane);

/** Waits until the pane's shell printed its first prompt (so typed input is not echoed early). */
export async function readyPane(fx: TmuxFixture, existing?: string): Promise<string> {
  const pane = existing ?? newPane(fx);
  await until(() => /[$#] ?$/.test(capture(fx, pane).trimEnd()), `prompt in ${pane}`);
  return pane;
}
