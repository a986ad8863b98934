import { TmuxTool } from '../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../framework/errors/tool-errors';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../models/pane-info.model';
import { CallerIdentityService } from '../../services/caller-identity.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import { SpawnEnvService } from '../../services/spawn-env.service';
import { TargetResolver } from '../../services/target-resolver.service';
import { LibTmuxException, PaneNotFound } from '../../tmux/tmux-errors';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { SplitDirection, SplitWindowInput } from './split-window.input';
import { escapeFormat } from '../../services/tmux-escape';

/** split_window direction flags (docs/reference/tools.md#split_window); null means below. */
const DIRECTION_FLAGS: Record<SplitDirection, string[]> = {
  above: ['-v', '-b'],
  below: ['-v'],
  right: ['-h'],
  left: ['-h', '-b'],
};

@TmuxTool({
  name: 'split_window',
  tier: 'mutating',
  title: 'Split tmux Window',
  idempotentHint: false,
  description: 'Split a tmux pane; the new pane is not focused. Returns it.',
  input: SplitWindowInput,
  output: PaneInfo,
})
export class SplitWindowTool implements ToolHandler<SplitWindowInput, PaneInfo> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly spawnEnv: SpawnEnvService,
    private readonly serializer: ModelSerializer,
    private readonly callers: CallerIdentityService,
  ) {}

  async execute(input: SplitWindowInput): Promise<PaneInfo> {
    // Environment conflicts fail before any tmux call (docs/reference/tools.md#environment-parameters).
    const envArgs = this.spawnEnv.argv(input.environment, input.suppress_persistent_history);
    const engine = this.pool.engineOf(input);
    const target =
      input.pane_id != null
        ? (await this.resolver.paneById(engine, input.pane_id)).pane_id
        : // list-windows' #{pane_id} is the window's active pane (docs/reference/tools.md#split_window: split the active pane).
          (await this.resolver.window(engine, input)).pane_id;
    const args = ['split-window', '-d', '-P', '-F', '#{pane_id}', '-t', target, ...DIRECTION_FLAGS[input.direction ?? 'below']];
    if (input.size != null) args.push('-l', String(input.size));
    if (input.start_directory != null) args.push('-c', escapeFormat(input.start_directory));
    args.push(...envArgs);
    // The command is one argv element: tmux hands it to the default shell, we never parse it. `--`
    // keeps a command starting with '-' from being read as a flag
    // (docs/reference/tools.md#names-and-escaping).
    if (input.shell) args.push('--', input.shell);
    const [newId] = await engine.run(args);
    if (!newId || !/^%\d+$/.test(newId.trim()))
      throw new LibTmuxException(`split-window did not report the new pane (got ${JSON.stringify(newId ?? '')})`);
    const paneId = newId.trim();
    const row = await this.resolver.paneById(engine, paneId).catch((err: unknown) => {
      // A command that ends at once (e.g. shell='true') takes its pane with it.
      if (err instanceof PaneNotFound)
        throw new ExpectedToolError(`Pane ${paneId} was created but exited before its info could be read (its command finished).`, {
          cause: err,
          suggestion: 'Omit shell for the default shell, or give a command that keeps running.',
        });
      throw err;
    });
    return this.serializer.pane(row, await this.callers.isCallerFn(engine));
  }
}
