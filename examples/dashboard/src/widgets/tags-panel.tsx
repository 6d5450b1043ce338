/**
 * Tag distributions of an issue: every key with its values, counts and shares. The agent gets the
 * number of keys and the top value of the keys that most often explain an error upfront; every
 * value of every key through `expand_node`.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { TagCount, TagKey } from '../data/issue-tags.js';
import { formatCount, formatPercent } from '../format.js';

/** Keys whose top value is sent upfront. */
const UPFRONT_TAGS: readonly TagKey[] = [
  'browser',
  'os',
  'device',
  'release',
  'url',
  'environment',
];

const share = (tag: TagCount, tags: readonly TagCount[]) =>
  formatPercent(
    tag.count /
      Math.max(
        1,
        tags.reduce((sum, t) => sum + t.count, 0),
      ),
    0,
  );

function TagsView({ tags }: { tags: Readonly<Record<TagKey, TagCount[]>> }) {
  usePageContext(
    {
      keys: Object.keys(tags).length,
      ...Object.fromEntries(
        UPFRONT_TAGS.map((key) => {
          const values = tags[key];
          return [key, values[0] ? `${values[0].value} (${share(values[0], values)})` : null];
        }),
      ),
    },
    { details: () => tags },
  );
  return (
    <section className="panel tags">
      <h2>Tags</h2>
      {Object.entries(tags).map(([key, values]) => (
        <div key={key} className="tag">
          <h3>{key}</h3>
          <ul>
            {values.map((tag) => (
              <li key={tag.value}>
                <span className="tag-value">{tag.value}</span>
                <span className="tag-bar" style={{ width: share(tag, values) }} />
                <span className="num">
                  {formatCount(tag.count)} ({share(tag, values)})
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The tags panel, opted in as a `tags` node. */
export const TagsPanel = withPageContext('tags', TagsView, { priority: 4, id: () => 'tags' });
