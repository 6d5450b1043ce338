/**
 * Environment boilerplate of a bug report: the "Environment" section of an issue template, pasted
 * `version` output, dependency lists. Its words (`darwin`, `node`, `build`, a product's own name)
 * match file names and folders all over a repository while saying nothing about where the defect
 * is, so the localizer leaves these lines out of its lexical query and phrase matching.
 */

/** `OS: macOS 14`, `- Node.js version: 20.10`, `**Browser**: Firefox`, `| Python | 3.11 |`. */
const LABELLED =
  /^\s*(?:[-*+|]\s*)?(?:\*\*|__)?(?:os|operating system|platform|arch(?:itecture)?|cpu|memory|shell|terminal|node(?:\.js|js)?|npm|yarn|pnpm|bun|deno|python|pip|conda|ruby|rails|bundler|php|composer|laravel|go|golang|rustc?|cargo|toolchain|java|jdk|jre|jvm|kotlin|gradle|maven|\.net|dotnet|sdk|runtime|ide|editor|browser|chrome|firefox|safari|edge|device|model|kernel|distro|distribution|version|versions?|release|build|commit|installed via|installation method|package manager|[\w .+/-]{1,40}\bversion)(?:\*\*|__)?\s*(?:[:=|]|\s-\s)/i;
/** `$ go version`, `> node -v`, `python --version`. */
const VERSION_COMMAND =
  /^\s*(?:[$>#]\s*)?(?:go version|node -v|node --version|npm -v|python3? -?-?[vV](?:ersion)?|rustc -[vV]|cargo -[vV]|java -version|dotnet --info|php -v|ruby -v|uname -a|npx envinfo)\b/;
/** A bare name and version: `Python 3.11.4`, `macOS 14.2.1 (23C71)`, `v20.10.0`, `go1.22.1 linux/amd64`. */
const NAME_AND_VERSION =
  /^\s*(?:[-*+]\s*)?(?:[A-Za-z][\w .+/()-]{0,40}\s+)?(?:v|go)?\d+\.\d[\w.+-]*(?:\s+\([^)]*\))?(?:\s+[\w/-]+)?\s*$/;
/** `requests==2.31.0`, `lodash@4.17.21`, `├── chalk@5.3.0`. */
const PINNED_DEPENDENCY =
  /^(?:[-*+│├└─\s]*[*+│├└─\s])?(?:-*@)?[\w./-]+\s*(?:==|@|:)\s*[\^~]?v?\d+\.\d+/;
/** Section headings of environment information. */
const HEADING =
  /^\s*(?:#{1,6}\s*|\*\*)?(?:environment|your environment|system info(?:rmation)?|versions?|platform|setup|envinfo)(?:\*\*)?\s*(?::\s*)?$/i;

/**
 * Whether one line of a report is environment boilerplate.
 * @param line - one line, as written.
 */
export function isEnvironmentLine(line: string): boolean {
  return (
    HEADING.test(line) ||
    LABELLED.test(line) ||
    VERSION_COMMAND.test(line) ||
    NAME_AND_VERSION.test(line) ||
    PINNED_DEPENDENCY.test(line)
  );
}

/**
 * A report's text without its environment boilerplate (lines are dropped whole; everything else,
 * stack traces and code included, is kept in order).
 * @param text - a report title or body.
 * @returns the text with environment lines removed.
 */
export function withoutEnvironmentLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !isEnvironmentLine(line))
    .join('\n');
}
