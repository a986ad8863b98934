import { injectable } from 'tsyringe';
import { serverKeyId, type TmuxEngine } from '../tmux/tmux-engine';
import { InputProbe, type ProbeTarget } from './input-probe.service';
import { RunRegistry } from './run-registry.service';
import type { Row } from './tmux-formats';

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * `pane_current_command` while a run of this server is in flight (docs/reference/tools.md#run_command):
 * tmux names the foreground process group's leader, which is the shell that wraps the run; the
 * command's own program is read from the kernel on the pane's host
 * (docs/reference/engine.md#waiting-for-input), as if a person had typed the command. Panes
 * without a run cost nothing.
 */
@injectable()
export class RunPrograms {
  constructor(
    private readonly runs: RunRegistry,
    private readonly probe: InputProbe,
  ) {}

  /** The program of each pane of `rows` (rows of pane_id, pane_pid, pane_tty) that has a run in flight. */
  async of(engine: TmuxEngine, rows: readonly Row[]): Promise<ReadonlyMap<string, string>> {
    if (!this.runs.anyInFlight()) return NONE;
    const key = serverKeyId(engine.key);
    const targets: ProbeTarget[] = [];
    for (const r of rows) {
      const pid = Number(r.pane_pid);
      if (pid > 0 && r.pane_tty && this.runs.inFlight(key, r.pane_id))
        targets.push({ paneId: r.pane_id, panePid: pid, paneTty: r.pane_tty });
    }
    if (targets.length === 0) return NONE;
    const states = await this.probe.probe(engine, targets, { timeoutMs: 2000 });
    const out = new Map<string, string>();
    for (const [paneId, s] of states) if (s.program) out.set(paneId, s.program);
    return out;
  }

  /** Whether a run of this server is in flight in the pane. */
  running(engine: TmuxEngine, paneId: string): boolean {
    return this.runs.anyInFlight() && this.runs.inFlight(serverKeyId(engine.key), paneId) !== undefined;
  }
}
