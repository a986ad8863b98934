import type { ParamOptions } from '../../framework/decorators/param.decorator';

/** The full agent buffer name a previous load_buffer returned (docs/reference/engine.md#buffer-names). */
export const BUFFER_NAME: ParamOptions = {
  type: 'string',
  description: 'buffer_name from load_buffer.',
};
