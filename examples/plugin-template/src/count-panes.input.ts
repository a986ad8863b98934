import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { Default, Description, Nullable } from 'tmux-mcp-ts';

/**
 * The input DTO of `count_panes`: class-validator's decorators plus `@Description`, `@Default`
 * and `@Nullable`. The same metadata is the advertised JSON Schema and the runtime check, so
 * unknown or wrong arguments are refused before `execute` runs (docs/architecture.md#input-dtos).
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
