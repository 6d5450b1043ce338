/**
 * @sightline/service/testing — local fake providers on 127.0.0.1 for source tests (the service's
 * own and the CLI's): a generic recorder, App Store Connect, Google Play, and a GitHub issue
 * taking comments.
 */
export {
  FAKE_APP_STORE_APP_ID,
  type FakeAppStore,
  fakeCustomerReview,
  startFakeAppStore,
} from './fake-app-store.js';
export {
  type FakeComment,
  type FakeGitHubIssue,
  type FakeGitHubIssueOptions,
  startFakeGitHubIssue,
} from './fake-github-issue.js';
export {
  FAKE_PLAY_PACKAGE,
  FAKE_PLAY_TIMES,
  type FakeGooglePlay,
  fakePlayReview,
  startFakeGooglePlay,
} from './fake-google-play.js';
export {
  type FakeProvider,
  type FakeRequest,
  type FakeResponse,
  startFakeProvider,
} from './fake-provider.js';
