import { BuildDevWorkspacePrompt } from './build-dev-workspace.prompt';
import { DiagnoseFailingPanePrompt } from './diagnose-failing-pane.prompt';
import { InterruptGracefullyPrompt } from './interrupt-gracefully.prompt';
import { GetPromptTool, ListPromptsTool } from './prompt-tools';
import { RunAndWaitPrompt } from './run-and-wait.prompt';
import type { Class } from '../framework/types';

/** The four prompts (docs/reference/resources-and-prompts.md#prompts), registered under the PROMPTS multi-token. */
export const prompts: Class[] = [RunAndWaitPrompt, DiagnoseFailingPanePrompt, BuildDevWorkspacePrompt, InterruptGracefullyPrompt];

/** Tools registered only when `promptsAsTools` is on (docs/reference/resources-and-prompts.md#prompts-as-tools). */
export const promptTools: Class[] = [ListPromptsTool, GetPromptTool];
