import { CallDestructiveToolsBatchTool } from './call-destructive-tools-batch.tool';
import { CallMutatingToolsBatchTool } from './call-mutating-tools-batch.tool';
import { CallReadonlyToolsBatchTool } from './call-readonly-tools-batch.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the batch family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [CallReadonlyToolsBatchTool, CallMutatingToolsBatchTool, CallDestructiveToolsBatchTool];
