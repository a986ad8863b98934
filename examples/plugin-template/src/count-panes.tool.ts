import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  Default,
  Description,
  Field,
  HandleErrors,
  HierarchyService,
  Nullable,
  Tool,
  TmuxErrorMapper,
  TmuxServerPool,
  type ToolHandler,
} from 'tmux-mcp-ts';
import { UnknownSessionError } from './unknown-session.error';

/**
 * The input DTO: class-validator's decorators plus `@Description`, `@Default` and `@Nullable`.
 * The same metadata is the advertised JSON Schema and the runtime check, so unknown or wrong
 * arguments are refused before `execute` runs (docs/architecture.md#input-dtos).
 */
export class CountPanesInput {
  @IsString()
  @Nullable()
  @Default(null)
  @Description("tmux socket name (-L). Defaults to the server's socket.")
  socket_name!: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(64)
  @Description('Count only the panes of this session (exact name).')
  session_name?: string | null;

  @IsBoolean()
  @Default(false)
  @Description('Count only the active pane of each window.')
  active_only!: boolean;
}

/** The output model: its `@Field`s are the advertised outputSchema (docs/reference/protocol.md#output-schemas). */
export class PaneCount {
  @Field({ type: 'integer', description: 'Panes counted.' })
  panes!: number;

  @Field({ type: 'integer', description: 'Sessions looked at.' })
  sessions!: number;
}

/**
 * A readonly tool: the tier decides who may call it and fills its MCP annotations
 * (docs/reference/safety.md#tiers). `@HandleErrors(TmuxErrorMapper)` turns tmux's errors (no
 * server, a dead socket) into texts with suggestions; nothing maps them unless the tool asks
 * (docs/reference/errors.md#error-mapping).
 */
@Tool('readonly', { title: 'Count Panes' })
@HandleErrors(TmuxErrorMapper)
export class CountPanesTool implements ToolHandler<CountPanesInput, PaneCount> {
  static readonly toolName = 'count_panes';
  static readonly description = 'Count the panes of a tmux server, or of one of its sessions.';
  static readonly Input = CountPanesInput;
  static readonly Output = PaneCount;

  // Services arrive by constructor injection: the container reads the parameter types from the
  // decorator metadata, which is why tsconfig.json turns on emitDecoratorMetadata
  // (docs/reference/configuration.md#plugin-projects).
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly hierarchy: HierarchyService,
  ) {}

  async execute(input: CountPanesInput): Promise<PaneCount> {
    const engine = this.pool.engine(input.socket_name);
    const [sessions, panes] = await Promise.all([this.hierarchy.sessions(engine), this.hierarchy.panes(engine, { all: true })]);
    const wanted = input.session_name == null ? sessions : sessions.filter((s) => s.session_name === input.session_name);
    // A domain error, not a ToolError: the mapper registered under ERROR_MAPPERS words it.
    if (input.session_name != null && !wanted.length) {
      throw new UnknownSessionError(
        input.session_name,
        sessions.map((s) => s.session_name),
      );
    }
    const ids = new Set(wanted.map((s) => s.session_id));
    const counted = panes.filter((p) => ids.has(p.session_id) && (!input.active_only || p.pane_active === '1'));
    return { panes: counted.length, sessions: wanted.length };
  }
}
