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

/** Families in registration order, which is also the order of tools/list (docs/reference/tools.md#catalog). */
const FAMILIES = [batch, server, session, window, pane, option, env, channel, buffer, hook];

/** Every core tool class, in registration order. */
export const CORE_TOOLS: Class[] = FAMILIES.flatMap((f) => f.tools);
