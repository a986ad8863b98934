import type { Class } from '../framework/metadata/param-metadata';
import { batchTools } from './batch';
import { bufferTools } from './buffer';
import { channelTools } from './channel';
import { envTools } from './env';
import { hookTools } from './hook';
import { optionTools } from './option';
import { paneTools } from './pane';
import { serverTools } from './server';
import { sessionTools } from './session';
import { windowTools } from './window';

/** Every core tool class, in the reference's registration order (SPEC §1.1). */
export const CORE_TOOLS: Class[] = [
  ...batchTools,
  ...serverTools,
  ...sessionTools,
  ...windowTools,
  ...paneTools,
  ...optionTools,
  ...envTools,
  ...channelTools,
  ...bufferTools,
  ...hookTools,
];
