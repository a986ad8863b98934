import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import { SpawnEnvService } from '../../../services/spawn-env.service';
import { PaneOps } from './pane-ops.service';
import { RespawnPaneInput } from './respawn-pane.input';
import { escapeFormat } from '../../../services/tmux-escape';

// Mutating tier (shell recovery is routine) but honest hints: kill=true ends a process and every
// call ends another one (the mutating-destructive preset, docs/reference/tools.md#annotation-presets).
@TmuxTool({
  name: 'respawn_pane',
  tier: 'mutating',
  title: 'Respawn Pane',
  destructiveHint: true,
  idempotentHint: false,
  description: "Restart a tmux pane's process in place, keeping its pane_id and layout (for a wedged shell). Returns the pane.",
  input: RespawnPaneInput,
  output: PaneInfo,
})
export class RespawnPaneTool implements ToolHandler<RespawnPaneInput, PaneInfo> {
  constructor(
    private readonly panes: PaneOps,
    private readonly spawnEnv: SpawnEnvService,
  ) {}

  async execute(input: RespawnPaneInput): Promise<PaneInfo> {
    // Environment errors come before any tmux call (docs/reference/tools.md#respawn_pane).
    const envArgs = this.spawnEnv.argv(input.environment, input.suppress_persistent_history);
    const engine = this.panes.engineOf(input);
    const paneId = (await this.panes.byId(engine, input.pane_id)).pane_id;
    if (await this.panes.isCallerPane(engine, paneId))
      throw new ExpectedToolError('Refusing to respawn the pane running this MCP server. Use a manual tmux command if intended.');
    const args = ['respawn-pane', '-t', paneId];
    if (input.kill) args.push('-k');
    // tmux 3.3a format-expands -c (not -e or the command): keep the directory literal
    // (docs/reference/engine.md#format-expansion).
    if (input.start_directory !== null) args.push('-c', escapeFormat(input.start_directory));
    args.push(...envArgs);
    // `--` so a command starting with '-' is never read as a flag.
    if (input.shell !== null) args.push('--', input.shell);
    await engine.run(args);
    return this.panes.fresh(engine, paneId); // same pane_id, new pane_pid (docs/reference/tools.md#fresh-results)
  }
}
