import { describe, expect, it } from 'vitest';
import { messageMentions, qualifiedMentions } from './message-mentions.js';

describe('messageMentions', () => {
  it('reads Python attribute and call errors', () => {
    expect(
      messageMentions("AttributeError: 'Sitemap' object has no attribute 'get_latest_lastmod'"),
    ).toEqual([{ type: 'Sitemap', member: 'get_latest_lastmod' }]);
    expect(
      messageMentions("TypeError: RST.__init__() got an unexpected keyword argument 'header_rows'"),
    ).toEqual([{ type: 'RST', member: '__init__' }]);
    expect(messageMentions('TypeError: Permutation() takes 2 positional arguments')).toEqual([
      { type: 'Permutation' },
    ]);
  });

  it('reads V8 messages about a member of undefined or a non-function', () => {
    expect(
      messageMentions("TypeError: Cannot read properties of undefined (reading 'tokens')"),
    ).toEqual([{ member: 'tokens' }]);
    expect(messageMentions('TypeError: node.name.definition is not a function')).toEqual([
      { member: 'definition' },
    ]);
  });

  it('reads the member of a chain longer than its bound, and nothing in runs of name characters', () => {
    const chain = `${Array.from({ length: 30 }, (_, i) => `p${i}`).join('.')}.render is not a function`;
    expect(messageMentions(`TypeError: ${chain}`)).toEqual([{ member: 'render' }]);
    // 30,000 links or name characters with no message: read in linear time (65 s before the bound).
    expect(messageMentions('a$'.repeat(30_000))).toEqual([]);
    expect(messageMentions('a.'.repeat(30_000))).toEqual([]);
  });

  it('reads Ruby, PHP, JVM and .NET wordings, keeping the last part of a qualified type', () => {
    expect(
      messageMentions("NoMethodError: undefined method 'bytesize' for an instance of Rack::Files"),
    ).toEqual([{ type: 'Files', member: 'bytesize' }]);
    expect(
      messageMentions('Error: Call to undefined method App\\Models\\User::fullName()'),
    ).toEqual([{ type: 'User', member: 'fullName' }]);
    expect(
      messageMentions(
        'Cannot invoke "java.lang.ClassLoader.getResource(String)" because the return value is null',
      ),
    ).toEqual([{ type: 'ClassLoader', member: 'getResource' }]);
    expect(messageMentions("'Widget' does not contain a definition for 'Resize'")).toEqual([
      { type: 'Widget', member: 'Resize' },
    ]);
  });

  it('leaves out generic built-in types and returns nothing for plain prose', () => {
    expect(messageMentions("AttributeError: 'NoneType' object has no attribute 'group'")).toEqual([
      { member: 'group' },
    ]);
    expect(messageMentions('The page is blank after login.')).toEqual([]);
  });
});

describe('qualifiedMentions', () => {
  it('reads Ruby, JVM and Ruby-doc qualified names as a type and its member, counted only when scoped', () => {
    expect(qualifiedMentions(['Rack::Files', 'CommandLine.Help', 'Parser#parse', 'plain'])).toEqual(
      [
        { type: 'Rack', member: 'Files', scopedOnly: true },
        { type: 'CommandLine', member: 'Help', scopedOnly: true },
        { type: 'Parser', member: 'parse', scopedOnly: true },
      ],
    );
  });
});
