import { getToolMetadata } from '../../framework/metadata/tool-metadata';
import * as io from './io-tools';
import * as lifecycle from './lifecycle-tools';
import * as reading from './reading-tools';
import { TOOL_FAMILIES } from '../toolsets';
import type { Class } from '../../framework/types';

/** The registration order of the pane family (docs/reference/tools.md#catalog, rows 24–46), written once in the toolset table. */
const ORDER = TOOL_FAMILIES.pane;
const rank = (c: Class) => {
  const i = ORDER.indexOf(getToolMetadata(c)?.name ?? '');
  return i < 0 ? ORDER.length : i;
};

export const tools: Class[] = [...io.tools, ...reading.tools, ...lifecycle.tools].sort((a, b) => rank(a) - rank(b));
