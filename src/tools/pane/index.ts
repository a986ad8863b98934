import type { Class } from '../../framework/metadata/param-metadata';
import { getToolMetadata } from '../../framework/metadata/tool-metadata';
import * as io from './io-tools';
import * as lifecycle from './lifecycle-tools';
import * as reading from './reading-tools';

/** The registration order of the pane family (docs/reference/tools.md#catalog, rows 23–44). */
const ORDER = [
  'send_keys',
  'send_keys_batch',
  'run_command',
  'capture_pane',
  'capture_since',
  'resize_pane',
  'kill_pane',
  'respawn_pane',
  'set_pane_title',
  'get_pane_info',
  'find_pane_by_position',
  'clear_pane',
  'search_panes',
  'wait_for_text',
  'wait_for_idle',
  'snapshot_pane',
  'select_pane',
  'swap_pane',
  'pipe_pane',
  'display_message',
  'enter_copy_mode',
  'exit_copy_mode',
  'paste_text',
];
const rank = (c: Class) => {
  const i = ORDER.indexOf(getToolMetadata(c)?.name ?? '');
  return i < 0 ? ORDER.length : i;
};

export const tools: Class[] = [...io.tools, ...reading.tools, ...lifecycle.tools].sort((a, b) => rank(a) - rank(b));
