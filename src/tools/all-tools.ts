import * as batch from './batch';
import * as buffer from './buffer';
import * as channel from './channel';
import * as env from './env';
import * as hook from './hook';
import * as option from './option';
import * as pane from './pane';
import * as server from './server';
import * as session from './session';
import * as window from './window';
import type { Class } from '../framework/types';
import { FAMILY_NAMES, type FamilyName } from './toolset-names';

/** Each family's tool classes (its index.ts list, in registration order). */
export const FAMILY_TOOLS: Readonly<Record<FamilyName, readonly Class[]>> = {
  batch: batch.tools,
  server: server.tools,
  session: session.tools,
  window: window.tools,
  pane: pane.tools,
  option: option.tools,
  env: env.tools,
  channel: channel.tools,
  buffer: buffer.tools,
  hook: hook.tools,
};

/** Every core tool class, in registration order: families in FAMILY_NAMES order, which is also the order of tools/list (docs/reference/tools.md#catalog). */
export const CORE_TOOLS: Class[] = FAMILY_NAMES.flatMap((f) => FAMILY_TOOLS[f]);
