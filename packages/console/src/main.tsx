/**
 * Browser entry, kept small so it runs early: adopts a `#token=…` fragment, asks for the inbox's
 * first page when the inbox is the page opened (`api/early-inbox.ts`), then loads the rest of the
 * console (`mount.tsx`: React and the pages; index.html preloads its chunks, see
 * `vite.config.ts`), which takes the page when its query asks. The
 * o200k_base tokenizer (2 MB) is not loaded on first load: page context counts with an estimate
 * until the assistant opens, and the assistant's panel loads it then (`loadTokenizer` in
 * @sightline/page-context).
 */
import { fetchInboxEarly, INBOX_PAGE_SIZE } from './api/early-inbox.js';
import { adoptTokenFromFragment, readToken } from './api/token.js';
import { parseRoute } from './router.js';
import './styles.css';

// User Timing marks of the first load (read by `npm run bench:console`).
performance.mark('sightline:entry');
adoptTokenFromFragment();
const route = parseRoute(window.location.hash);
if (route.name === 'inbox' && readToken() !== null) {
  fetchInboxEarly({ ...route.filters, limit: INBOX_PAGE_SIZE } as Parameters<
    typeof fetchInboxEarly
  >[0]);
}
void import('./mount.js');
