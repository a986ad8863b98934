import { TIERS, type Tier } from '../../framework/metadata/tool-metadata';

/** The batch wrapper of a tier is named after it (docs/reference/tools.md#batch-wrappers). */
export const batchToolName = (tier: Tier): string => `call_${tier}_tools_batch`;

/** The batch wrappers themselves: never callable from inside a batch (docs/reference/tools.md#batch-wrappers). */
export const BATCH_TOOL_NAMES: ReadonlySet<string> = new Set(TIERS.map(batchToolName));
