import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { HarnessOptions } from './mcp-harness';

/**
 * The person at an MCP client that supports elicitation (docs/reference/safety.md#confirmation):
 * answers every question with what `answer` holds now, and keeps the questions.
 */
export type Answer = ElicitResult['action'] | 'never';

export class Person {
  answer: Answer = 'accept';
  readonly questions: string[] = [];
  /** Resolves once a question asked with `never` was withdrawn by the server. */
  withdrawn: Promise<void> = Promise.resolve();
  /** Called when a question arrives (a test may cancel its call there). */
  onQuestion: (() => void) | null = null;

  options(): Pick<HarnessOptions, 'capabilities' | 'onElicit'> {
    return {
      capabilities: { elicitation: { form: {} } },
      onElicit: (req: ElicitRequest, extra: { signal: AbortSignal }) => {
        this.questions.push((req.params as { message: string }).message);
        expect(req.params).toMatchObject({ mode: 'form', requestedSchema: { type: 'object', properties: {} } });
        this.onQuestion?.();
        if (this.answer === 'never') {
          this.withdrawn = new Promise((resolve) => extra.signal.addEventListener('abort', () => resolve(), { once: true }));
          return new Promise<ElicitResult>((resolve) =>
            extra.signal.addEventListener('abort', () => resolve({ action: 'cancel' }), { once: true }),
          );
        }
        return Promise.resolve({ action: this.answer, ...(this.answer === 'accept' && { content: {} }) });
      },
    };
  }
}
