import type { ParamOptions } from '../../framework/decorators/param.decorator';
import { OPTION_SCOPES } from '../../services/option-scope.service';

/** Scope/target/global_ params shared by the option and hook tools (docs/reference/tools.md#options). */
export const SCOPE_P = {
  scope: {
    enum: OPTION_SCOPES,
    nullable: true,
    default: null,
    description:
      "Option scope: 'server', 'session', 'window' or 'pane'. Null lets tmux resolve the option by name. Required when target is given.",
  },
  target: {
    type: 'string',
    nullable: true,
    default: null,
    description:
      "Object whose options to use: a session NAME for scope 'session', a window id ('@1') for 'window', a pane id ('%1') for 'pane'. Omitted: the first session / its first window / first pane.",
  },
  global_: {
    type: 'boolean',
    default: false,
    description: 'Use the global options of the scope (tmux -g).',
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
  description: "Option name, e.g. 'mouse', 'status-left', 'remain-on-exit' or a user option '@my-flag'.",
};
