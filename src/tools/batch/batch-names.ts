/** The batch wrappers themselves: never callable from inside a batch (docs/reference/tools.md#batch-wrappers). */
export const BATCH_TOOL_NAMES: ReadonlySet<string> = new Set([
  'call_readonly_tools_batch',
  'call_mutating_tools_batch',
  'call_destructive_tools_batch',
]);
