import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneSnapshot } from '../../../models/pane-snapshot.model';
import { CallerIdentityService } from '../../../services/caller-identity.service';
import { tailLines } from '../../../services/capture-limits';
import { CaptureService } from '../../../services/capture.service';
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
  ) {}

  async execute(input: SnapshotPaneInput): Promise<PaneSnapshot> {
    const engine = this.pool.engineOf(input);
    const paneId = (await this.resolver.pane(engine, input)).pane_id;
    const raw = await readSnapshotFields(engine, paneId);
    const { kept, dropped } = tailLines(await this.capture.rows(engine, paneId), input.max_lines);
    const isCaller = await this.callers.isCallerFn(engine);
    return typedSnapshot(raw, {
      content: kept.join('\n'),
      is_caller: isCaller(paneId),
      content_truncated: dropped > 0,
      content_truncated_lines: dropped,
    });
  }
}
