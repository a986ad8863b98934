import type { ParamOptions } from '../../framework/decorators/param.decorator';

/** The full agent buffer name a previous load_buffer returned (docs/reference/engine.md#buffer-names). */
export const BUFFER_NAME: ParamOptions = {
  type: 'string',
  description: "Buffer name returned by load_buffer (BufferRef.buffer_name), 'tmux_mcp_<32 hex>_<logical>'.",
};
