import type { ParamOptions } from '../../framework/decorators/param.decorator';
import { OPTION_SCOPES } from '../../services/option-scope.service';

/** Scope/target/global_ params shared by the option and hook tools (docs/reference/tools.md#options). */
export const SCOPE_P = {
  scope: {
    enum: OPTION_SCOPES,
    nullable: true,
    default: null,
    description: 'Null: tmux resolves by name. Required with target.',
  },
  target: {
    type: 'string',
    nullable: true,
    default: null,
    description: 'Session name, window id or pane id for the scope; default the first one.',
  },
  global_: {
    type: 'boolean',
    default: false,
    description: 'Global options (-g).',
  },
} satisfies Record<string, ParamOptions>;

/**
 * An option name, passed after `--`. tmux format-expands option names (`show-options '#(cmd)'`
 * runs cmd on 3.3a), so only plain names reach tmux: letters, digits, `_ . -`, an optional
 * leading `@` and `[index]`; no control characters (docs/reference/tools.md#names-and-escaping).
 */
export const OPTION_NAME: ParamOptions = {
  type: 'string',
  maxLength: 256,
  pattern: '^@?[A-Za-z0-9_.-]+(\\[[0-9]+\\])?$',
  description: 'e.g. mouse, status-left, @my-flag',
};
