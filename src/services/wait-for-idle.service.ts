import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { ToolCallContext } from '../framework/pipeline/call-context';
import type { WaitForIdleResult } from '../models/wait-for-idle-result.model';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { trimTrailingEmpty } from './capture-limits';
import { CaptureService } from './capture.service';
import { paneLastLine } from './pane-progress';
import { PaneState, PaneStateService } from './pane-state.service';
import { TargetArgs, TargetResolver } from './target-resolver.service';
import { WaitLoop } from './wait-loop';

export interface IdleSpec {
  /** Seconds without output that count as idle. */
  idleSeconds: number;
  /** Seconds: timeout clamped to the server ceiling. */
  effectiveTimeout: number;
  maxLines: number | null;
  target: TargetArgs;
}

const TOOL = 'wait_for_idle';

/**
 * wait_for_idle (docs/reference/tools.md#wait_for_idle): returns once the pane has written nothing
 * for `idleSeconds`; its check runs in the wait loop (wait-loop.ts). On the control engine every
 * output event restarts the quiet period; the subprocess engine has no events, so it compares the
 * screen, cursor and history size at a pace of a quarter of the idle period (between 0.05 s and
 * 0.5 s). Idle time is counted from the call: output from before it is not known.
 */
@injectable()
export class WaitForIdleService {
  constructor(
    private readonly resolver: TargetResolver,
    private readonly states: PaneStateService,
    private readonly capture: CaptureService,
  ) {}

  async run(engine: TmuxEngine, spec: IdleSpec, ctx: ToolCallContext): Promise<WaitForIdleResult> {
    const idleMs = spec.idleSeconds * 1000;
    const pollMs = Math.min(500, Math.max(50, idleMs / 4));
    return WaitLoop.run(engine, { timeout: spec.effectiveTimeout, tool: TOOL, call: ctx }, async (loop) => {
      const tmux = loop.tmux;
      const paneId = (await this.resolver.pane(tmux, spec.target)).pane_id;
      let quietSince = performance.now();
      let died = false;
      /** An output event restarted the quiet period since the last look at the screen. */
      let heard = false;
      // Subscribed before the first look: output after it always restarts the quiet period.
      loop.watchPane(paneId, (ev) => {
        if (ev.kind === 'output') {
          quietSince = performance.now();
          heard = true;
        } else died = true;
      });
      const entry = await this.states.read(tmux, paneId);
      const assertAlive = (s: PaneState) => {
        if (s.pane_dead || s.pane_pid !== entry.pane_pid)
          throw new ExpectedToolError(`pane ${paneId} died while ${TOOL} was waiting for it`);
      };
      const check = async () => assertAlive(await this.states.read(tmux, paneId));
      assertAlive(entry);
      // The subprocess engine's view of "output": what the screen shows, where the cursor is, and
      // how much history there is (a pane printing the same line over and over scrolls without
      // changing the other two). The state it reads is checked as a heartbeat's would be.
      const look = async () => {
        const rows = await this.capture.rows(tmux, paneId);
        const s = await this.states.read(tmux, paneId);
        assertAlive(s);
        return JSON.stringify([rows, s.history_size, s.cursor_y]);
      };
      let seen = await look();

      const idle = await loop.until(
        async (wake) => {
          // A pane event other than output (exited, respawned, closed) asks for a state check now.
          const stateDue = died || wake.beat;
          died = false;
          if (wake.poll) {
            const v = await look();
            if (v !== seen) {
              seen = v;
              quietSince = performance.now();
            }
            heard = false;
          } else if (stateDue) await check();
          if (performance.now() - quietSince < idleMs) return false;
          // One last look: a change no event told us about (one printed while the event
          // subscription was still being set up) restarts the quiet period.
          const v = await look();
          const missed = !heard && v !== seen;
          seen = v;
          heard = false;
          if (!missed) return true;
          quietSince = performance.now();
          return false;
        },
        { pollMs, dueAt: () => quietSince + idleMs, progress: (signal) => paneLastLine(tmux, paneId, { signal }) },
      );
      await check();
      const rows = trimTrailingEmpty(await this.capture.rows(tmux, paneId, { join: true }));
      const lines = spec.maxLines !== null && rows.length > spec.maxLines ? rows.slice(rows.length - spec.maxLines) : rows;
      return { pane_id: paneId, idle, timed_out: !idle, elapsed_seconds: loop.elapsed(), lines };
    });
  }
}
