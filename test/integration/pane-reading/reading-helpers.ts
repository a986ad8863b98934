import type { TmuxFixture } from '../../helpers/tmux-fixture';

/**
 * Bounded poll on tmux state (no sleeps): every iteration re-reads tmux through a subprocess,
 * which paces the loop; fails after `max` iterations.
 */
export async function until(what: string, check: () => Promise<boolean> | boolean, max = 1500): Promise<void> {
  for (let i = 0; i < max; i++) if (await check()) return;
  throw new Error(`condition not reached: ${what}`);
}

/** Visible text of a pane, read straight from tmux. */
export const screen = (tmux: TmuxFixture, pane: string): Promise<string> => tmux.tmuxAsync('capture-pane', '-p', '-J', '-t', pane);

/** Types a shell command line into the pane (literal) and presses Enter. */
export function type(tmux: TmuxFixture, pane: string, line: string): void {
  tmux.tmux('send-keys', '-t', pane, '-l', line);
  tmux.tmux('send-keys', '-t', pane, 'Enter');
}

let seq = 1000;

/**
 * Runs `line` in the pane, then waits until its end marker and the next prompt are printed. The marker is computed by
 * the shell (`END-$((n+1))`), so the echoed command line never satisfies the wait.
 */
export async function runAndSee(tmux: TmuxFixture, pane: string, line: string): Promise<void> {
  const n = seq++;
  type(tmux, pane, `${line}; echo END-$((${n}+1))`);
  const marker = `END-${n + 1}`;
  // Done when the marker line is followed by the next prompt: the shell has gone quiet.
  await until(`'${marker}' and a prompt in ${pane}`, async () => {
    const lines = (await screen(tmux, pane)).split('\n');
    const at = lines.lastIndexOf(marker);
    return at >= 0 && lines.slice(at + 1).some((l) => l.trim() !== '');
  });
}

/** A fresh pane in a new window of `session` running `command` (default: sh with a `$ ` prompt); waits for output. */
export async function newPane(tmux: TmuxFixture, session: string, command = "env PS1='$ ' sh"): Promise<string> {
  const pane = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', `${session}:`, command);
  await until(`prompt in ${pane}`, async () => (await screen(tmux, pane)).trim() !== '');
  return pane;
}
