import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { ToolCallContext } from '../framework/pipeline/call-context';
import type { WaitForIdleResult } from '../models/wait-for-idle-result.model';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { trimTrailingEmpty } from './capture-limits';
import { CaptureService } from './capture.service';
import { paneLastLine } from './pane-progress';
import { PaneStateService } from './pane-state.service';
import { TargetArgs, TargetResolver } from './target-resolver.service';
import { WaitBoundedEngine, WaitCancelled } from './wait-bounded-engine';
import { WaitWakeup } from './wait-wakeup';

export interface IdleSpec {
  /** Seconds without output that count as idle. */
  idleSeconds: number;
  /** Seconds: timeout clamped to the server ceiling. */
  effectiveTimeout: number;
  maxLines: number | null;
  target: TargetArgs;
}

/** State checks (a dead or respawned pane) at most this often while the pane is quiet. */
const HEARTBEAT_MS = 1000;
/** Progress on its own beat, well under a second (docs/reference/protocol.md#progress). */
const PROGRESS_MS = 500;
const TOOL = 'wait_for_idle';

/**
 * wait_for_idle (docs/reference/tools.md#wait_for_idle): returns once the pane has written nothing
 * for `idleSeconds`. On the control engine every output event restarts the quiet period; the
 * subprocess engine has no events, so it compares the screen, cursor and history size at a pace of a quarter of
 * the idle period (between 0.05 s and 0.5 s). Idle time is counted from the call: output from
 * before it is not known.
 */
@injectable()
export class WaitForIdleService {
  constructor(
    private readonly resolver: TargetResolver,
    private readonly states: PaneStateService,
    private readonly capture: CaptureService,
  ) {}

  async run(engine: TmuxEngine, spec: IdleSpec, ctx: ToolCallContext): Promise<WaitForIdleResult> {
    const t0 = performance.now();
    const deadline = t0 + spec.effectiveTimeout * 1000;
    const idleMs = spec.idleSeconds * 1000;
    const pollMs = Math.min(500, Math.max(50, idleMs / 4));
    const tmux = new WaitBoundedEngine(engine, deadline, ctx.signal, TOOL);
    const wake = new WaitWakeup(ctx.signal);
    let unsubscribe: () => void = () => undefined;
    const elapsed = () => Math.round(performance.now() - t0) / 1000;
    try {
      const paneId = (await this.resolver.pane(tmux, spec.target)).pane_id;
      let quietSince = performance.now();
      let died = false;
      /** An output event restarted the quiet period since the last look at the screen. */
      let heard = false;
      // Subscribe before the first look: output after it always restarts the quiet period.
      unsubscribe = engine.onPaneEvent(paneId, (ev) => {
        if (ev.kind === 'output') {
          quietSince = performance.now();
          heard = true;
        } else died = true;
        wake.poke();
      });
      const entry = await this.states.read(tmux, paneId);
      const check = async () => {
        const s = await this.states.read(tmux, paneId);
        if (s.pane_dead || s.pane_pid !== entry.pane_pid)
          throw new ExpectedToolError(`pane ${paneId} died while ${TOOL} was waiting for it`);
      };
      if (entry.pane_dead) throw new ExpectedToolError(`pane ${paneId} died while ${TOOL} was waiting for it`);
      // The subprocess engine's view of "output": what the screen shows, where the cursor is, and
      // how much history there is (a pane printing the same line over and over scrolls without
      // changing the other two).
      const look = async () => {
        const rows = await this.capture.rows(tmux, paneId);
        const s = await this.states.read(tmux, paneId);
        return JSON.stringify([rows, s.history_size, s.cursor_y]);
      };
      let seen = await look();
      const progress = async () => ctx.progress.report(elapsed(), spec.effectiveTimeout, await paneLastLine(tmux, paneId));

      if (ctx.progress.enabled) await progress();
      let lastProgress = performance.now();
      let lastBeat = performance.now();
      let lastPoll = performance.now();
      let idle = false;
      for (;;) {
        const now = performance.now();
        if (now - quietSince >= idleMs) {
          // One last look: a change no event told us about (one printed while the event
          // subscription was still being set up) restarts the quiet period.
          const v = await look();
          const missed = !heard && v !== seen;
          seen = v;
          heard = false;
          if (!missed) {
            idle = true;
            break;
          }
          quietSince = performance.now();
          continue;
        }
        if (now >= deadline) break;
        const nextPoll = engine.hasEvents ? Infinity : lastPoll + pollMs;
        const nextProgress = ctx.progress.enabled ? lastProgress + PROGRESS_MS : Infinity;
        await wake.sleep(Math.min(quietSince + idleMs, deadline, nextPoll, lastBeat + HEARTBEAT_MS, nextProgress) - now);
        if (ctx.signal.aborted) throw new WaitCancelled(TOOL);
        if (died || performance.now() - lastBeat >= HEARTBEAT_MS) {
          died = false;
          lastBeat = performance.now();
          await check();
        }
        if (!engine.hasEvents && performance.now() >= nextPoll) {
          lastPoll = performance.now();
          const v = await look();
          if (v !== seen) {
            seen = v;
            quietSince = performance.now();
          }
          heard = false;
        }
        if (ctx.progress.enabled && performance.now() - lastProgress >= PROGRESS_MS) {
          lastProgress = performance.now();
          await progress();
        }
      }
      await check();
      const rows = trimTrailingEmpty(await this.capture.rows(tmux, paneId, { join: true }));
      const lines = spec.maxLines !== null && rows.length > spec.maxLines ? rows.slice(rows.length - spec.maxLines) : rows;
      return { pane_id: paneId, idle, timed_out: !idle, elapsed_seconds: elapsed(), lines };
    } catch (err) {
      if (ctx.signal.aborted && !(err instanceof WaitCancelled)) throw new WaitCancelled(TOOL);
      throw err;
    } finally {
      unsubscribe();
      wake.dispose();
      tmux.dispose();
    }
  }
}
