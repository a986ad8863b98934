import {
  PaneContentResource,
  PaneResource,
  SessionResource,
  SessionsResource,
  SessionWindowsResource,
  WindowResource,
} from './hierarchy.resources';
import { RunResource, RunsResource } from './runs.resources';
import type { Class } from '../framework/types';

/**
 * The tmux:// resources (docs/reference/resources-and-prompts.md#resource-templates): the six
 * templates of the tmux hierarchy, the static list of runs and the run template
 * (docs/reference/resources-and-prompts.md#runs), registered under the RESOURCES multi-token.
 */
export const resources: Class[] = [
  SessionsResource,
  SessionResource,
  SessionWindowsResource,
  WindowResource,
  PaneResource,
  PaneContentResource,
  RunsResource,
  RunResource,
];
