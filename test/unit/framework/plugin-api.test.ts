import 'reflect-metadata';
import winston from 'winston';
import { createPluginApi, type PluginApi } from '../../../src/framework/plugins/plugin';
import type { PromptProvider } from '../../../src/framework/protocol/prompts.handlers';
import { PromptArgumentError } from '../../../src/framework/protocol/prompts.handlers';
import type { ResourceTemplateProvider } from '../../../src/framework/protocol/resources.handlers';
import { ResourceNotFoundError } from '../../../src/framework/protocol/resources.handlers';
import type { Token } from '../../../src/framework/tokens';

/**
 * `register(container, api)` hands plugins everything they need to register each kind of
 * extension without importing the package (docs/reference/configuration.md#what-a-plugin-receives),
 * and every member is typed: the declarations below fail the type check if one became `unknown`.
 */
describe('the plugin api', () => {
  const api: PluginApi = createPluginApi(winston.createLogger({ silent: true }));

  it('carries the error classes resource and prompt providers throw', () => {
    expect(api.ResourceNotFoundError).toBe(ResourceNotFoundError);
    expect(api.PromptArgumentError).toBe(PromptArgumentError);
    expect(new api.ResourceNotFoundError('gone')).toMatchObject({ resourceNotFound: true, message: 'gone' });
    expect(new api.PromptArgumentError('bad')).toMatchObject({ promptArgumentError: true, message: 'bad' });
  });

  it('types ORDER and the tokens (checked by the compiler)', () => {
    const audit: 400 = api.ORDER.AUDIT;
    const resources: Token<ResourceTemplateProvider> = api.tokens.RESOURCES;
    const prompts: Token<PromptProvider> = api.tokens.PROMPTS;
    expect([audit, typeof resources, typeof prompts]).toEqual([400, 'symbol', 'symbol']);
  });
});
