import {
  PaneContentResource,
  PaneResource,
  SessionResource,
  SessionsResource,
  SessionWindowsResource,
  WindowResource,
} from './hierarchy.resources';
import type { Class } from '../framework/types';

/**
 * The six tmux:// resource templates (docs/reference/resources-and-prompts.md#resource-templates),
 * registered under the RESOURCES multi-token.
 */
export const resources: Class[] = [
  SessionsResource,
  SessionResource,
  SessionWindowsResource,
  WindowResource,
  PaneResource,
  PaneContentResource,
];
