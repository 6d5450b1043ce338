/**
 * Values that are not secrets: empty, a placeholder, a variable, a template (`${{ secrets.X }}`:
 * GitHub Actions' expressions, trial 40).
 */
export const PLACEHOLDER =
  /^(?:|changeme|change_me|null|none|nil|true|false|~|x{3,}|\*+|<[^>]*>|\$\{?[\w:-]+\}?|\$\(.*\)|%[\w]+%|\$?\{\{.*\}\}|your[-_\w]*|example[-_\w]*|required|optional)$/i;
