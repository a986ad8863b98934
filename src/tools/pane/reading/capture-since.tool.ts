import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { safeText } from '../../../framework/validation/safe-repr';
import { CaptureSinceResult } from '../../../models/capture-since-result.model';
import { limitLines } from '../../../services/capture-limits';
import { decodeCursor, encodeCursor } from '../../../services/capture-since-cursor';
import { CaptureSinceService } from '../../../services/capture-since.service';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { CaptureSinceInput } from './capture-since.input';

@TmuxTool({
  name: 'capture_since',
  tier: 'readonly',
  title: 'Capture Since',
  responseLimit: { field: 'lines', truncatedFlag: 'truncated', countFlag: 'truncated_lines', bytesFlag: 'truncated_bytes' },
  description:
    "Tail a tmux pane's terminal output: the first call returns the screen and a cursor; pass it back to get only lines written since (lines_missed=true if history dropped them). Never waits.",
  input: CaptureSinceInput,
  output: CaptureSinceResult,
})
export class CaptureSinceTool implements ToolHandler<CaptureSinceInput, CaptureSinceResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly since: CaptureSinceService,
  ) {}

  async execute(input: CaptureSinceInput): Promise<CaptureSinceResult> {
    // The cursor is checked before tmux is touched.
    const cursor = input.cursor !== null ? decodeCursor(input.cursor) : null;
    const targeted = [input.pane_id, input.session_name, input.session_id, input.window_id].some((v) => v !== null);
    const target = cursor && !targeted ? { ...input, pane_id: cursor.pane_id } : input;
    const engine = this.pool.engineOf(input);
    const paneId = (await this.resolver.pane(engine, target)).pane_id;
    if (cursor && cursor.pane_id !== paneId)
      throw new ExpectedToolError(`cursor pane ${safeText(cursor.pane_id)} does not match requested pane ${paneId}`);

    const t0 = performance.now();
    const read = cursor ? await this.since.readDelta(engine, paneId, cursor) : await this.since.readVisible(engine, paneId);
    const limited = limitLines(read.lines, input.max_lines, input.max_bytes);
    return {
      pane_id: paneId,
      cursor: encodeCursor(paneId, read.state, read.cursorRows),
      lines: limited.lines,
      elapsed_seconds: Math.round(performance.now() - t0) / 1000,
      lines_missed: read.linesMissed,
      truncated: limited.truncated,
      truncated_lines: limited.truncated_lines,
      truncated_bytes: limited.truncated_bytes,
    };
  }
}
