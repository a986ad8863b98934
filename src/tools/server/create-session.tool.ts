import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { SessionInfo } from '../../models/session-info.model';
import { HierarchyService } from '../../services/hierarchy.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import { SpawnEnvService } from '../../services/spawn-env.service';
import { TmuxObjectDoesNotExist } from '../../tmux/tmux-errors';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { checkSessionName, checkSessionNameFree, rethrowDuplicate } from '../common/session-name';
import { escapeFormat } from '../../services/tmux-escape';
import { CreateSessionInput } from './create-session.input';

@TmuxTool({
  name: 'create_session',
  tier: 'mutating',
  title: 'Create tmux Session',
  idempotentHint: false,
  description: 'Create a detached tmux session (starting the server if needed); returns it with its active pane id.',
  input: CreateSessionInput,
  output: SessionInfo,
})
export class CreateSessionTool implements ToolHandler<CreateSessionInput, SessionInfo> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly hierarchy: HierarchyService,
    private readonly serializer: ModelSerializer,
    private readonly spawnEnv: SpawnEnvService,
  ) {}

  async execute(input: CreateSessionInput): Promise<SessionInfo> {
    // Every rule is checked before tmux is touched (docs/reference/tools.md#create_session: env
    // conflicts fail first).
    const envArgs = this.spawnEnv.argv(input.environment, input.suppress_persistent_history);
    const name = input.session_name;
    if (name !== null) checkSessionName(name);
    const engine = this.pool.engineOf(input);
    if (name !== null) checkSessionNameFree(await this.hierarchy.sessions(engine), name);

    // `-d`: never switch anyone's client. `-e` on new-session sets the *session* environment on
    // tmux 3.3a (inherited by future panes, docs/reference/tools.md#environment-parameters). Names
    // and the directory are format-expanded by tmux, hence escapeFormat
    // (docs/reference/tools.md#names-and-escaping).
    const args = ['new-session', '-d', '-P', '-F', '#{session_id}'];
    if (name !== null) args.push('-s', escapeFormat(name));
    if (input.window_name !== null) args.push('-n', escapeFormat(input.window_name));
    if (input.start_directory !== null) args.push('-c', escapeFormat(input.start_directory));
    if (input.x !== null) args.push('-x', String(input.x));
    if (input.y !== null) args.push('-y', String(input.y));
    args.push(...envArgs);
    let id: string | undefined;
    try {
      [id] = await engine.run(args);
    } catch (err) {
      if (name !== null) rethrowDuplicate(err, name);
      throw err;
    }

    const row = (await this.hierarchy.sessions(engine)).find((s) => s.session_id === id);
    if (!row) throw new TmuxObjectDoesNotExist(`Could not find session_id=${id ?? '(none)'} for list-sessions`);
    return this.serializer.session(row, await this.hierarchy.attachedCounts(engine));
  }
}
