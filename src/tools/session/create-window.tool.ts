import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { WindowInfo } from '../../models/window-info.model';
import { HierarchyService } from '../../services/hierarchy.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import { SpawnEnvService } from '../../services/spawn-env.service';
import { TmuxObjectDoesNotExist } from '../../tmux/tmux-errors';
import { CallTargets } from '../../services/call-targets.service';
import { CreateWindowInput } from './create-window.input';
import { escapeFormat } from '../../services/tmux-escape';

@TmuxTool({
  name: 'create_window',
  tier: 'mutating',
  title: 'Create tmux Window',
  idempotentHint: false,
  description: 'Create a tmux window (default: first session, in the background). Returns it with its pane id.',
  input: CreateWindowInput,
  output: WindowInfo,
})
export class CreateWindowTool implements ToolHandler<CreateWindowInput, WindowInfo> {
  constructor(
    private readonly targets: CallTargets,
    private readonly hierarchy: HierarchyService,
    private readonly serializer: ModelSerializer,
    private readonly spawnEnv: SpawnEnvService,
  ) {}

  async execute(input: CreateWindowInput): Promise<WindowInfo> {
    // Environment rules fail before any tmux call (docs/reference/tools.md#environment-parameters).
    const envArgs = this.spawnEnv.argv(input.environment, input.suppress_persistent_history);
    const { engine, session } = await this.targets.session(input);

    const args = ['new-window', '-P', '-F', '#{window_id}'];
    if (!input.attach) args.push('-d');
    if (input.direction === 'before') args.push('-b');
    if (input.direction === 'after') args.push('-a');
    // A session id as target: the next free index, or (with -a/-b) next to its current window.
    args.push('-t', session.session_id);
    if (input.window_name !== null) args.push('-n', escapeFormat(input.window_name));
    if (input.start_directory !== null) args.push('-c', escapeFormat(input.start_directory));
    // Per-process environment (`-e`), not the session environment
    // (docs/reference/tools.md#environment-parameters).
    args.push(...envArgs);
    const [windowId] = await engine.run(args);

    const row = (await this.hierarchy.windows(engine, session.session_id)).find((w) => w.window_id === windowId);
    if (!row) throw new TmuxObjectDoesNotExist(`Could not find window_id=${windowId ?? '(none)'} for list-windows`);
    return this.serializer.window(row);
  }
}
