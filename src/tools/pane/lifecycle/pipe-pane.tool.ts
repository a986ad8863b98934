import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneOps } from './pane-ops.service';
import { PipePaneInput } from './pipe-pane.input';
import { escapeFormatTime, shellQuote } from '../../../services/tmux-escape';

/**
 * The `pipe-pane` command that writes to exactly `path`. tmux 3.3a expands the command as a
 * format and then through strftime before `sh -c` runs it, so the shell-quoted path is also
 * escaped for both (`#` runs and `%`): `#(…)`, `#{…}` and `%Y` stay literal and `$(…)`, `;`,
 * quotes stay inside single quotes.
 */
export function pipeCommand(path: string, append: boolean): string {
  return escapeFormatTime(`cat ${append ? '>>' : '>'} ${shellQuote(path)}`);
}

// The shell preset (docs/reference/tools.md#annotation-presets): the pane's output flows into a
// command on the host. The description says which host in every configuration: with remote hosts
// the file lands on the pane's machine, as its tmux's user (docs/reference/tools.md#host).
@TmuxTool({
  name: 'pipe_pane',
  tier: 'mutating',
  title: 'Pipe Pane',
  idempotentHint: false,
  openWorldHint: true,
  description:
    "Log a tmux pane's live output (raw, with control sequences) to a file on the pane's host, or stop with output_path=null. Writes wherever the tmux user there can.",
  input: PipePaneInput,
  output: String,
})
export class PipePaneTool implements ToolHandler<PipePaneInput, string> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: PipePaneInput): Promise<string> {
    const path = input.output_path;
    if (path !== null && !path.trim()) throw new ExpectedToolError('output_path must be a non-empty path, or None to stop piping.');
    const { engine, paneId } = await this.panes.target(input);
    if (path === null) {
      await engine.run(['pipe-pane', '-t', paneId]);
      return `Piping stopped for pane ${paneId}`;
    }
    await engine.run(['pipe-pane', '-t', paneId, pipeCommand(path, input.append)]);
    return `Piping pane ${paneId} to ${path}`;
  }
}
