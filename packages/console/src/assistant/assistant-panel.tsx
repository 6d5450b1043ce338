/**
 * The assistant panel: the page-context chat panel (`@sightline/page-context/chat`, on AI SDK UI
 * `useChat`) against the service's `POST /api/chat`, with the console's API token. Each message
 * carries the page as page context, read at send time; the model's calls of page actions run here,
 * in the page (after the user's answer for actions that ask), and their results go back
 * automatically; its Inspector tab shows what was sent. Without a model the panel says how to
 * configure one. Carries the fallback's ignore attribute, so the page never describes the
 * conversation about it.
 */
import { PAGE_CONTEXT_IGNORE_ATTRIBUTE } from '@sightline/page-context';
import { PageContextChat } from '@sightline/page-context/chat';
import { useSettings } from '../api/queries.js';
import { readToken } from '../api/token.js';
import { Loading } from '../ui/states.js';

/** Tokens of page context sent with a message, at most. */
const PAGE_CONTEXT_BUDGET_TOKENS = 4_000;

const authorization = () => ({ authorization: `Bearer ${readToken() ?? ''}` });

/** The panel; `onClose` hides it. */
export function AssistantPanel({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const attributes = { [PAGE_CONTEXT_IGNORE_ATTRIBUTE]: '' };
  if (settings.data?.chat) {
    return (
      <aside {...attributes} className="assistant" aria-label="Assistant panel">
        <PageContextChat
          defaultOpen
          floating={false}
          onClose={onClose}
          headers={authorization}
          budgetTokens={PAGE_CONTEXT_BUDGET_TOKENS}
          inputLabel="Ask about this page"
          style={{ width: 'auto', maxHeight: 'none', height: '100%', boxShadow: 'none' }}
        />
      </aside>
    );
  }
  return (
    <aside {...attributes} className="assistant" aria-label="Assistant">
      <header>
        <h2>Assistant</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {settings.isPending ? (
        <Loading what="the assistant" />
      ) : (
        <section className="state empty">
          <h2>No model configured</h2>
          <p>
            The assistant needs a model. Restart the service with{' '}
            <code>sightline serve --model anthropic:claude-sonnet-4-5</code> (key in{' '}
            <code>ANTHROPIC_API_KEY</code>), <code>--model openai:gpt-5</code> (
            <code>OPENAI_API_KEY</code>), or set <code>SIGHTLINE_MODEL</code>. Everything else in
            the console works without one.
          </p>
        </section>
      )}
    </aside>
  );
}
