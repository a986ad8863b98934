import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneSnapshot } from '../../../models/pane-snapshot.model';
import { PANE } from '../../../models/tmux-fields';
import { CallerIdentityService } from '../../../services/caller-identity.service';
import { tailLines } from '../../../services/capture-limits';
import { CaptureService } from '../../../services/capture.service';
import { RunPrograms } from '../../../services/run-programs.service';
import { InputProbe } from '../../../services/input-probe.service';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { SnapshotPaneInput } from './snapshot-pane.input';
import { readSnapshotFields, typedSnapshot } from './snapshot-fields';

@TmuxTool({
  name: 'snapshot_pane',
  tier: 'readonly',
  title: 'Snapshot Pane',
  alwaysLoad: true,
  responseLimit: { field: 'content', truncatedFlag: 'content_truncated', countFlag: 'content_truncated_lines' },
  description: 'Snapshot a tmux pane: terminal text, cursor, size, mode, scroll state, title, command, path.',
  input: SnapshotPaneInput,
  output: PaneSnapshot,
})
export class SnapshotPaneTool implements ToolHandler<SnapshotPaneInput, PaneSnapshot> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly capture: CaptureService,
    private readonly callers: CallerIdentityService,
    private readonly inputProbe: InputProbe,
    private readonly programs: RunPrograms,
  ) {}

  async execute(input: SnapshotPaneInput, ctx: ToolCallContext): Promise<PaneSnapshot> {
    const engine = this.pool.engineOf(input);
    const paneId = (await this.resolver.pane(engine, input)).pane_id;
    const raw = await readSnapshotFields(engine, paneId);
    // Waiting for input is the kernel's word on the pane's host (docs/reference/engine.md#waiting-for-input),
    // read beside the capture from the pid and tty the snapshot read.
    const pid = Number(raw[PANE.pane_pid.tmux]);
    const tty = raw[PANE.pane_tty.tmux] ?? '';
    const [rows, input_] = await Promise.all([
      this.capture.rows(engine, paneId),
      pid > 0 && tty !== ''
        ? this.inputProbe.probe(engine, [{ paneId, panePid: pid, paneTty: tty }], { signal: ctx.signal }).then((m) => m.get(paneId))
        : undefined,
    ]);
    const waiting = input_?.waiting ?? null;
    // While a run of this server is in flight, the command's program, not the shell wrapping it
    // (docs/reference/tools.md#run_command).
    if (input_?.program && this.programs.running(engine, paneId)) raw[PANE.pane_current_command.tmux] = input_.program;
    const { kept, dropped } = tailLines(rows, input.max_lines);
    const isCaller = await this.callers.isCallerFn(engine);
    return typedSnapshot(raw, {
      content: kept.join('\n'),
      waiting_for_input: waiting,
      is_caller: isCaller(paneId),
      content_truncated: dropped > 0,
      content_truncated_lines: dropped,
    });
  }
}
