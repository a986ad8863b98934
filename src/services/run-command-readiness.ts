import { ExpectedToolError } from '../framework/errors/tool-errors';
import { safeText } from '../framework/validation/safe-repr';
import { runList, type TmuxEngine } from '../tmux/tmux-engine';
import { PaneNotFound, TmuxNoServer } from '../tmux/tmux-errors';
import { clearStaleLock, runsInFlight, shellKind, type ShellKind } from './run-command-wrapper';
import { rethrowPaneGone } from './pane-state.service';
import { noServerRunning } from './target-resolver.service';

const SEP = '\u241e';
const STATE_FORMAT = [
  '#{pane_id}',
  '#{pane_current_command}',
  '#{pane_in_mode}',
  '#{pane_mode}',
  '#{history_size}',
  '#{pane_pid}',
  '#{pane_tty}',
].join(SEP);

/** A shell at its prompt, as readiness found it: its family, and its process and terminal (for the input probe). */
export interface ReadyShell {
  readonly kind: ShellKind;
  readonly panePid: number;
  readonly paneTty: string;
}
/** How often a pane that shows nothing yet is re-read on an engine without events (and at least on one with them). */
const POLL_MS = 100;

/** The call ended before its command started; the typed line (if any) is disarmed (docs/reference/tools.md#run_command). */
export class RunDidNotStart extends ExpectedToolError {
  constructor(paneId: string, timeoutSeconds: number, why: string) {
    super(`The command did not start in pane ${paneId} within ${timeoutSeconds} s; it will not run`, {
      suggestion: `${why} Look at the pane with capture_pane, then retry (a longer timeout lets a slow shell finish starting).`,
    });
  }
}

/** The pane is not a shell waiting at its prompt: nothing was typed (docs/reference/tools.md#run_command). */
export class PaneNotAtPrompt extends ExpectedToolError {}

interface PaneNow {
  command: string;
  panePid: number;
  paneTty: string;
  mode: string | null;
  /** The pane's history is empty: it may have shown nothing yet (then its rows are read). */
  historyEmpty: boolean;
  waiting: string[];
  running: string[];
  staleLock: string | null;
}

async function readPane(engine: TmuxEngine, paneId: string, signal: AbortSignal): Promise<PaneNow> {
  const [state, options] = await runList(
    engine,
    [
      ['display-message', '-p', '-t', paneId, STATE_FORMAT],
      ['show-options', '-p', '-t', paneId],
    ],
    { signal },
  ).catch((err: unknown) => {
    // This read is run_command's lookup of a plain pane id: it fails as the lookup does
    // (TargetResolver.paneById; docs/reference/tools.md#pane-resolution).
    if (err instanceof TmuxNoServer) throw noServerRunning(engine);
    return rethrowPaneGone(err, paneId);
  });
  const f = (state[0] ?? '').split(SEP);
  // display-message answers empty fields (or another pane's) for a pane that is gone.
  if (f[0] !== paneId) throw new PaneNotFound(`Pane not found: ${safeText(paneId)}`);
  const { waiting, running, staleLock } = runsInFlight(options);
  return {
    command: f[1] ?? '',
    panePid: Number(f[5]) || 0,
    paneTty: f[6] ?? '',
    mode: f[2] === '1' ? f[3] || 'a mode' : null,
    historyEmpty: (Number(f[4]) || 0) === 0,
    waiting,
    running,
    staleLock,
  };
}

/** The pane's visible rows are all blank. */
async function blankScreen(engine: TmuxEngine, paneId: string, signal: AbortSignal): Promise<boolean> {
  const rows = await engine.run(['capture-pane', '-p', '-t', paneId], { signal });
  return rows.every((r) => !r.trim());
}

/** Resolves after `ms`, on the pane's next event, or on abort, whichever comes first. */
function pause(engine: TmuxEngine, paneId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let off = (): void => undefined;
    const done = () => {
      clearTimeout(timer);
      off();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    off = engine.onPaneEvent(paneId, done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Waits until the pane's foreground program is a shell run_command speaks, and returns its family
 * (docs/reference/tools.md#run_command). A pane that has shown nothing yet (blank screen, empty
 * history) is a shell still starting: it is re-read on its events (control engine) or every
 * 100 ms until `deadline` (performance.now() ms), then `RunDidNotStart`. Any other program, a
 * pane in a mode, or an earlier run still holding the pane (`busy` words that error): `PaneNotAtPrompt`, nothing typed.
 * Null when `signal` aborted the wait.
 */
export async function waitForPrompt(
  engine: TmuxEngine,
  paneId: string,
  deadline: number,
  timeoutSeconds: number,
  signal: AbortSignal,
  busy: (id: string) => PaneNotAtPrompt = (id) =>
    new PaneNotAtPrompt(`Pane ${paneId} is still running an earlier run_command (r_${id}); nothing was typed`, {
      suggestion: 'Wait for it with wait_for_idle, or interrupt it with send_keys C-c, then retry.',
    }),
): Promise<ReadyShell | null> {
  for (;;) {
    const now = await readPane(engine, paneId, signal);
    // A lock no run's options back holds nothing (docs/reference/engine.md#run-claim): free it.
    if (now.staleLock !== null) await engine.run(clearStaleLock(paneId, now.staleLock), { signal });
    if (now.running.length) throw busy(now.running[0]);
    if (now.waiting.length)
      throw new PaneNotAtPrompt(
        `Pane ${paneId} holds an earlier run_command that has not started yet (r_${now.waiting[0]}); nothing was typed`,
        {
          suggestion:
            'That line is disarmed when its call ends; check the pane with capture_pane, free it with send_keys C-c or wait_for_idle, then retry.',
        },
      );
    if (now.mode !== null)
      throw new PaneNotAtPrompt(`Pane ${paneId} is in ${safeText(now.mode, 40)}; nothing was typed`, {
        suggestion: 'Leave the mode first (send_keys q), then retry.',
      });
    const kind = shellKind(now.command);
    if (kind) return { kind, panePid: now.panePid, paneTty: now.paneTty };
    // Only a pane that is not at a shell needs its screen read: a shell still starting has shown
    // nothing. (A capture on every run cost tmux 3.3a ~1.4 KB a run it never gave back:
    // docs/reference/engine.md#what-a-run-leaves-in-tmux.)
    if (!(now.historyEmpty && (await blankScreen(engine, paneId, signal))))
      throw new PaneNotAtPrompt(
        `Pane ${paneId} is running '${safeText(now.command, 60)}', not a shell at its prompt (run_command speaks POSIX shells and fish); nothing was typed`,
        {
          suggestion:
            "Free the pane (send_keys C-c or the program's own exit keys) or wait for it with wait_for_idle, then retry; or use send_keys to talk to the program.",
        },
      );
    const left = deadline - performance.now();
    if (signal.aborted) return null;
    if (left <= 0)
      throw new RunDidNotStart(paneId, timeoutSeconds, 'The pane showed nothing yet (its shell still starting?); nothing was typed.');
    await pause(engine, paneId, Math.min(left, engine.hasEvents ? 1000 : POLL_MS), signal);
  }
}
