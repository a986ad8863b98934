import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { tailLines } from '../../../services/capture-limits';
import { CaptureService } from '../../../services/capture.service';
import { noServerRunning, PLAIN_PANE_ID, TargetResolver } from '../../../services/target-resolver.service';
import { TmuxNoServer } from '../../../tmux/tmux-errors';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { CapturePaneInput } from './capture-pane.input';

@TmuxTool({
  name: 'capture_pane',
  tier: 'readonly',
  title: 'Capture Pane',
  responseLimit: true,
  description: "Capture a tmux pane's terminal text: the screen, or scrollback with start/end; the newest max_lines kept.",
  input: CapturePaneInput,
  output: String,
})
export class CapturePaneTool implements ToolHandler<CapturePaneInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly capture: CaptureService,
  ) {}

  async execute(input: CapturePaneInput): Promise<string> {
    const engine = this.pool.engineOf(input);
    // A plain pane id needs no lookup: tmux resolves it in the capture itself, and a pane that
    // does not exist fails there ("can't find pane", reported as Pane not found). Only the id as
    // tmux writes it: tmux would read `%01` as `%1`, which the lookup (every other tool) does not
    // (docs/reference/tools.md#pane-resolution).
    const paneId =
      input.pane_id != null && PLAIN_PANE_ID.test(input.pane_id) ? input.pane_id : (await this.resolver.pane(engine, input)).pane_id;
    const lines = await this.capture.rows(engine, paneId, { start: input.start, end: input.end }).catch((err: unknown) => {
      // With no server at all: the same answer as the lookup gives.
      throw err instanceof TmuxNoServer ? noServerRunning(engine) : err;
    });
    const { kept, dropped } = tailLines(lines, input.max_lines);
    // docs/reference/tools.md#capture_pane: one header line names how many head lines were dropped.
    return (dropped ? [`[... truncated ${dropped} lines ...]`, ...kept] : kept).join('\n');
  }
}
