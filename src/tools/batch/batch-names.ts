/** The batch wrappers themselves: never callable from inside a batch (SPEC §1.5). */
export const BATCH_TOOL_NAMES: ReadonlySet<string> = new Set([
  'call_readonly_tools_batch',
  'call_mutating_tools_batch',
  'call_destructive_tools_batch',
]);

/** Tag of tools that enforce their own wait ceiling (SPEC §1.1 "SB"): never batched. */
export const SELF_BOUNDED_TAG = 'self-bounded';
