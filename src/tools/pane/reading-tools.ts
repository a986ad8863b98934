import type { Class } from '../../framework/metadata/param-metadata';

/** Pane reading/waiting tool classes (order does not matter: pane/index.ts orders the family). */
export const tools: Class[] = [];
/** Stateful services of these tools, registered as per-server singletons. */
export const services: Class[] = [];
