import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { Default, Description, Nullable } from 'tmux-mcp-ts';

/**
 * The input DTO, in class-validator's own vocabulary plus three decorators of tmux-mcp-ts
 * (`@Description`, `@Default`, `@Nullable`). The same metadata is the advertised JSON Schema and
 * the runtime check: unknown arguments are rejected by name, wrong values get pydantic-style
 * errors that never echo them.
 */
export class PaneTreeInput {
  @IsString()
  @Nullable()
  @Default(null)
  @Description('tmux socket name (-L). Defaults to TMUX_MCP_SOCKET, else the tmux default socket.')
  socket_name!: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(64)
  @Description('Show only this session (exact name).')
  session_name?: string | null;

  @IsBoolean()
  @Default(false)
  @Description("Also show each pane's current command.")
  show_commands!: boolean;
}
