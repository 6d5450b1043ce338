/**
 * Node-side helpers to run the example app in a real browser: serve it with Vite and open it in the
 * system Chromium. Used by the end-to-end test beside this file and by `npm run bench:page-context`.
 */

export type { PageHook, PageHookRead, PageHookToolDefinition } from '@sightline/page-context/react';
export {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  chromiumAvailable,
  type LaunchedChromium,
  launchChromium,
  VIEWPORT,
} from './launch-chromium.js';
export { openPage } from './open-page.js';
export { pageToolDefinitions, pageTools } from './page-tools.js';
export {
  type ScriptAnswer,
  type ScriptPrompt,
  scriptedModel,
  toolOutputs,
} from './scripted-model.js';
export { APP_ROOT, type RunningApp, type StartAppOptions, startApp } from './start-app.js';
