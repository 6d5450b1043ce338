/**
 * Secrets in XML settings, on one line: a secret-named element's text (`<password>…</password>`,
 * `<db:password>…</db:password>`, a CDATA section's too: Maven's settings.xml, Tomcat's and
 * Spring's files), and a secret named by an attribute: .NET's `<add key="DbPassword"
 * value="…"/>` (appSettings), `<property name="password" value="…"/>` or
 * `<property name="hibernate.connection.password">…</property>` (Spring, Hibernate),
 * `<entry key="password">…</entry>` (a Java properties file in XML), `<param name="…">`. The
 * settings rule reads `key: value` lines, so every one of these was shown (fresh-user trial 43).
 * Each may span lines, as formatters write them: the text on a line of its own between the
 * element's start and end tags, an attribute on the next line
 * (`<add key="Password"` then `value="…"/>`), Spring's `<property name="password">` with its
 * `<value>…</value>` on the next.
 */
import { isSecretSettingPointer, SECRET_SETTING, snakeCase } from './secret-names.js';
import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';

/**
 * An element with its text: its name (group 1), its text or CDATA section's (group 2 or 3), its
 * closing tag, on one line or over several, comments skipped between the start tag and the text
 * (`<password>` then `<!-- prod -->` then the value); every part bounded (a minified line is long).
 */
const ELEMENT =
  /<([A-Za-z_][\w.:-]{0,100})(?:\s[^<>]{0,512})?>(?:\s*<!--(?:[^-]|-(?!->)){0,256}-->){0,4}(?:([^<]{1,512})|\s*<!\[CDATA\[([^\]]{1,512})\]\]>\s*)<\/\1[ \t]*>/g;

/**
 * A start tag with attributes (`<add key="…" value="…"/>`), on one line or over several, its
 * attributes (group 1).
 */
const TAG_WITH_ATTRIBUTES = /<[A-Za-z_][\w.:-]{0,100}\s([^<>]{1,1024})>/g;
/** An attribute that names a setting: `key`, `name` (group 1: the name given). */
const NAMING_ATTRIBUTE = /(?:^|\s)(?:key|name)[ \t]*=[ \t]*(["'])([^"'<>\n]{1,200})\1/i;
/** The attribute that gives its value: `value` (group 2). */
const VALUE_ATTRIBUTE = /(?:^|\s)value[ \t]*=[ \t]*(["'])([^"'\n]{0,512})\1/i;
/**
 * The text after a start tag, to the next tag (group 1), or Spring's `<value>` element's after
 * it (group 2; `<property name="password">` then `<value>…</value>` on the next line), past
 * comments.
 */
const TEXT_AFTER =
  /(?:\s*<!--(?:[^-]|-(?!->)){0,256}-->){0,4}(?:([^<]{1,512})|\s*<value>([^<]{1,512}))<\//y;

/** Whether a name (an element's, a key's: `DbPassword`, `db.password`) is a secret's. */
function isSecretName(name: string): boolean {
  const snake = snakeCase(name.replace(/^.*:/, ''));
  return SECRET_SETTING.test(snake) && !isSecretSettingPointer(snake);
}

/**
 * Whether an element's text or an attribute's value gives a secret: not a placeholder or `…`,
 * read without the spaces around it, escaped ones too (`\n` in a string literal holding the XML).
 */
function isSecretText(text: string): boolean {
  const value = text.replace(/^(?:\s|\\[nrt])+|(?:\s|\\[nrt])+$/g, '');
  return (
    !PLACEHOLDER.test(value) && !/^\$\{[^}]*\}$|^#\{[^}]*\}$|^@[\w.]+@$|^(?:…|\.{3})/.test(value)
  );
}

/**
 * A secret-named element's text, or the value (attribute or text) of an element whose `key` or
 * `name` attribute is secret-named; neither a placeholder (`${db.password}`, `#{pw}`, `@pw@`,
 * `changeme`, `…`, empty). Each range is the element or start tag found, on one line.
 */
export const XML_SECRET_RULE: SecretRule = {
  what: 'a secret-named XML setting',
  *find(text) {
    for (const element of text.matchAll(ELEMENT)) {
      const value = element[2] ?? element[3] ?? '';
      if (!isSecretName(element[1] ?? '') || !isSecretText(value)) continue;
      yield [element.index, element.index + element[0].length];
    }
    const after = new RegExp(TEXT_AFTER);
    for (const tag of text.matchAll(TAG_WITH_ATTRIBUTES)) {
      const attributes = tag[1] ?? '';
      const named = NAMING_ATTRIBUTE.exec(attributes);
      if (!named || !isSecretName(named[2] ?? '')) continue;
      const end = tag.index + tag[0].length;
      const attribute = VALUE_ATTRIBUTE.exec(attributes);
      after.lastIndex = end;
      const content = attributes.endsWith('/') ? null : after.exec(text);
      const value = attribute ? attribute[2] : (content?.[1] ?? content?.[2]);
      if (value !== undefined && isSecretText(value)) {
        yield [tag.index, content && !attribute ? after.lastIndex : end];
      }
    }
  },
};
